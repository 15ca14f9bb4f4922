-- The account's activity log (lib/service/activity.ts): written as calls succeed, never edited.
CREATE TABLE "activity_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" integer,
	"email" text,
	"api_key_name" text,
	"via" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"scorecard_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_account_idx" ON "activity_events" USING btree ("account_id","id");