-- The dashboard's kept reads carry the API's validator, and a write marks them stale rather than deleting them.
ALTER TABLE "dashboard_reads" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "dashboard_reads" ADD COLUMN "marks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_reads" ADD COLUMN "read_marks" integer DEFAULT 0 NOT NULL;
