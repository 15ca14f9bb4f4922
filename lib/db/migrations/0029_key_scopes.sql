ALTER TABLE "access_tokens" ADD COLUMN "scope" text;--> statement-breakpoint
UPDATE "access_tokens" SET "scope" = 'write' WHERE "kind" = 'api_key';