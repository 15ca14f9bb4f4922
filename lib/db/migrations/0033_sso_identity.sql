ALTER TABLE "users" ADD COLUMN "sso_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sso_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_sso_identity_idx" ON "users" USING btree ("sso_issuer","sso_subject") WHERE "users"."sso_subject" IS NOT NULL;