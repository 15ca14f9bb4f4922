ALTER TABLE "initiatives" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "kpis" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "scorecards" ADD COLUMN "translations" jsonb;