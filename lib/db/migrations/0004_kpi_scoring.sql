ALTER TABLE "kpis" ADD COLUMN "on_track_threshold" double precision;--> statement-breakpoint
ALTER TABLE "kpis" ADD COLUMN "at_risk_threshold" double precision;--> statement-breakpoint
ALTER TABLE "kpis" ADD COLUMN "score_cap" double precision;