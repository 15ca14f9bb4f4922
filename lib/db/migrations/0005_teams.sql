CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "scorecard_shares" (
	"scorecard_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"access" text NOT NULL,
	CONSTRAINT "scorecard_shares_scorecard_id_user_id_pk" PRIMARY KEY("scorecard_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
-- Each existing account becomes an account with one admin: its login moves to the users table
-- with the same id, so its tokens and scorecards belong to that admin.
INSERT INTO "users" ("id", "account_id", "email", "password_hash", "role", "created_at")
  SELECT "id", "id", "email", "password_hash", 'admin', "created_at" FROM "accounts";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('users', 'id'), GREATEST((SELECT max("id") FROM "users"), 1), (SELECT count(*) > 0 FROM "users"));--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_email_unique";--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "user_id" integer;--> statement-breakpoint
UPDATE "access_tokens" SET "user_id" = "account_id";--> statement-breakpoint
ALTER TABLE "access_tokens" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scorecards" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "scorecards" ADD COLUMN "account_access" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "scorecards" ADD COLUMN "public_id" text;--> statement-breakpoint
UPDATE "scorecards" SET "owner_id" = "account_id";--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecard_shares" ADD CONSTRAINT "scorecard_shares_scorecard_id_scorecards_id_fk" FOREIGN KEY ("scorecard_id") REFERENCES "public"."scorecards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecard_shares" ADD CONSTRAINT "scorecard_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_account_idx" ON "invitations" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "scorecard_shares_user_idx" ON "scorecard_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "accounts" SET "name" = split_part("email", '@', 2);--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "email";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "password_hash";--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_public_id_unique" UNIQUE("public_id");