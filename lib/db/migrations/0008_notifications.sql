CREATE TABLE "alert_firings" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"date" date NOT NULL,
	"value" double precision NOT NULL,
	"previous_value" double precision,
	"score" double precision,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digests_sent" (
	"user_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "digests_sent_user_id_week_start_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "kpi_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kpi_guid" uuid NOT NULL,
	"date" date NOT NULL,
	"text" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"reminder_days" integer DEFAULT 3,
	"reminder_webhook_id" integer
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"kpi_guid" uuid NOT NULL,
	"period_start" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminders_sent_kpi_guid_period_start_pk" PRIMARY KEY("kpi_guid","period_start")
);
--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "webhook_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ALTER COLUMN "webhook_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "webhook_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "email_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "kpis" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "kpis" ADD COLUMN "note_required_off_track" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "email_user_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "firing_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "format" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_firings" ADD CONSTRAINT "alert_firings_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digests_sent" ADD CONSTRAINT "digests_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_notes" ADD CONSTRAINT "kpi_notes_kpi_guid_kpis_guid_fk" FOREIGN KEY ("kpi_guid") REFERENCES "public"."kpis"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_notes" ADD CONSTRAINT "kpi_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_reminder_webhook_id_webhooks_id_fk" FOREIGN KEY ("reminder_webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_kpi_guid_kpis_guid_fk" FOREIGN KEY ("kpi_guid") REFERENCES "public"."kpis"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_firings_alert_idx" ON "alert_firings" USING btree ("alert_id","fired_at");--> statement-breakpoint
CREATE INDEX "kpi_notes_kpi_idx" ON "kpi_notes" USING btree ("kpi_guid","date");--> statement-breakpoint
ALTER TABLE "kpis" ADD CONSTRAINT "kpis_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_email_user_id_users_id_fk" FOREIGN KEY ("email_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_firing_id_alert_firings_id_fk" FOREIGN KEY ("firing_id") REFERENCES "public"."alert_firings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_events_firing_idx" ON "webhook_events" USING btree ("firing_id");