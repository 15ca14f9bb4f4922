DROP INDEX "connector_run_requests_open_idx";--> statement-breakpoint
ALTER TABLE "connector_run_requests" ALTER COLUMN "connector_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "connector_run_requests" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "connector_run_requests" ADD COLUMN "asked_by" integer;--> statement-breakpoint
ALTER TABLE "connector_run_requests" ADD COLUMN "preview" jsonb;--> statement-breakpoint
ALTER TABLE "connector_run_requests" ADD COLUMN "refused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connector_run_requests" ADD CONSTRAINT "connector_run_requests_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connector_run_requests_open_idx" ON "connector_run_requests" USING btree ("id") WHERE "connector_run_requests"."run_id" IS NULL AND "connector_run_requests"."preview" IS NULL AND "connector_run_requests"."error" IS NULL;