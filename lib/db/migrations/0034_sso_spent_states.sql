ALTER TABLE "sso_logins" DROP COLUMN "code_verifier";--> statement-breakpoint
ALTER TABLE "sso_logins" DROP COLUMN "nonce";