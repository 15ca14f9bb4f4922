CREATE TABLE "connector_run_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connector_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"range_from" date,
	"range_to" date,
	"created_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_token" text,
	"run_id" bigint,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "connector_run_requests" ADD CONSTRAINT "connector_run_requests_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_run_requests" ADD CONSTRAINT "connector_run_requests_run_id_connector_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."connector_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connector_run_requests_open_idx" ON "connector_run_requests" USING btree ("id") WHERE "connector_run_requests"."run_id" IS NULL AND "connector_run_requests"."error" IS NULL;