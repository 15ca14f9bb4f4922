-- A KPI may declare the values it can take; writes outside are refused with the reason.
ALTER TABLE "kpis" ADD COLUMN "valid_min" double precision;--> statement-breakpoint
ALTER TABLE "kpis" ADD COLUMN "valid_max" double precision;