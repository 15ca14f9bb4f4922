-- Idempotency keys belong to the caller (a user's sessions, or one API key), not the account: a
-- teammate who sends the same key runs their own request instead of receiving the first answer.
-- Keys stored before are kept for 24 hours only and have no owner: they are dropped.
DELETE FROM "idempotency_keys";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_account_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "caller" text NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_caller_key_pk" PRIMARY KEY("account_id","caller","key");
