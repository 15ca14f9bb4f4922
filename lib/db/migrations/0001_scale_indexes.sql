CREATE INDEX "kpi_values_target_idx" ON "kpi_values" USING btree ("kpi_guid","date") WHERE "kpi_values"."target" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "kpi_values_baseline_idx" ON "kpi_values" USING btree ("kpi_guid","date") WHERE "kpi_values"."baseline" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "kpi_values_min_idx" ON "kpi_values" USING btree ("kpi_guid","date") WHERE "kpi_values"."min" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "kpi_values_max_idx" ON "kpi_values" USING btree ("kpi_guid","date") WHERE "kpi_values"."max" IS NOT NULL;