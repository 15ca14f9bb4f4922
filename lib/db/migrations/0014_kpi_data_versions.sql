-- Per-KPI data versions take the place of the scorecard's (0013): a grouped series keeps while the
-- KPIs it is computed from keep theirs, so a write to one KPI leaves the other series of the
-- scorecard kept (lib/service/domain/grouped-cache.ts).
--
-- A KPI's data_version is a number no state of any KPI has had before: a row trigger takes a
-- fresh one from a sequence on every insert and update of the KPI, whatever the statement sets,
-- and every change to its values updates the KPI's row in the same transaction (the statement
-- triggers below), whichever path writes them: the API, imports, the demo loader, cascades, a
-- script's own SQL. So two reads that see a KPI at the same version see the same row and values.
--
-- 0013's journal date is earlier than 0012's, so a database migrated to 0012 before 0013 was
-- written never ran it: everything below holds for databases with or without 0013's objects.
CREATE SEQUENCE IF NOT EXISTS kpi_data_versions;
--> statement-breakpoint
ALTER TABLE "kpis" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "kpis" SET "data_version" = nextval('kpi_data_versions');
--> statement-breakpoint
-- Room on each page, so the version's frequent update is HOT (no new index entries).
ALTER TABLE "kpis" SET (fillfactor = 80);
--> statement-breakpoint
CREATE FUNCTION kpis_new_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.data_version := nextval('kpi_data_versions');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER kpis_data_version BEFORE INSERT OR UPDATE ON kpis FOR EACH ROW EXECUTE FUNCTION kpis_new_data_version();
--> statement-breakpoint
-- The KPIs whose values a statement changed get a new version (their rows are updated in GUID
-- order; writers hold the rollup locks of these KPIs already, taken in the same order).
CREATE OR REPLACE FUNCTION kpi_values_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  guids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.kpi_guid) INTO guids FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.kpi_guid) INTO guids FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT g) INTO guids FROM (SELECT n.kpi_guid FROM new_rows n UNION ALL SELECT o.kpi_guid FROM old_rows o) AS r(g);
  END IF;
  IF guids IS NOT NULL THEN
    UPDATE kpis k SET data_version = 0 FROM (SELECT g FROM unnest(guids) AS u(g) ORDER BY g) AS c WHERE k.guid = c.g;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS kpi_values_version_insert ON kpi_values;
--> statement-breakpoint
DROP TRIGGER IF EXISTS kpi_values_version_update ON kpi_values;
--> statement-breakpoint
DROP TRIGGER IF EXISTS kpi_values_version_delete ON kpi_values;
--> statement-breakpoint
CREATE TRIGGER kpi_values_version_insert AFTER INSERT ON kpi_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_data_changed();
--> statement-breakpoint
CREATE TRIGGER kpi_values_version_update AFTER UPDATE ON kpi_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_data_changed();
--> statement-breakpoint
CREATE TRIGGER kpi_values_version_delete AFTER DELETE ON kpi_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_data_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS kpis_version_insert ON kpis;
--> statement-breakpoint
DROP TRIGGER IF EXISTS kpis_version_update ON kpis;
--> statement-breakpoint
DROP TRIGGER IF EXISTS kpis_version_delete ON kpis;
--> statement-breakpoint
DROP FUNCTION IF EXISTS kpis_data_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS scorecards_data_changed(integer[]);
--> statement-breakpoint
ALTER TABLE "scorecards" DROP COLUMN IF EXISTS "data_version";
