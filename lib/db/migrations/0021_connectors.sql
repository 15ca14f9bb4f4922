CREATE TABLE "connector_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connector_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status" text NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"values_written" integer DEFAULT 0 NOT NULL,
	"values_unchanged" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"rejections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"change_set_id" bigint
);
--> statement-breakpoint
CREATE TABLE "connectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"scorecard_id" integer NOT NULL,
	"owner_id" integer,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"shape" text NOT NULL,
	"source" text,
	"query" text,
	"mapping" jsonb NOT NULL,
	"schedule_cron" text,
	"schedule_time_zone" text DEFAULT 'UTC' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"push_key_hash" text,
	"next_run_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_token" text,
	"failures_in_row" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connector_runs" ADD CONSTRAINT "connector_runs_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_scorecard_id_scorecards_id_fk" FOREIGN KEY ("scorecard_id") REFERENCES "public"."scorecards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connector_runs_connector_idx" ON "connector_runs" USING btree ("connector_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "connector_runs_scheduled_idx" ON "connector_runs" USING btree ("connector_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "connectors_scorecard_idx" ON "connectors" USING btree ("scorecard_id");--> statement-breakpoint
CREATE INDEX "connectors_due_idx" ON "connectors" USING btree ("next_run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "connectors_push_key_idx" ON "connectors" USING btree ("push_key_hash");