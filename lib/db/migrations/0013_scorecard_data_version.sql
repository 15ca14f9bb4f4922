-- A scorecard's data version, raised in the same transaction as every change to its KPIs or to
-- their values (and so their rollups), whatever the path: the API, imports, the demo loader,
-- cascades. A grouped answer computed after reading version v is the answer at v in every process
-- (lib/service/domain/grouped-cache.ts). Writers lock the scorecard row before their values
-- (touchScorecard, the batch upsert), so the raise below waits on no new lock.
ALTER TABLE "scorecards" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION scorecards_data_changed(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE scorecards s SET data_version = s.data_version + 1
  FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id) WHERE id IS NOT NULL ORDER BY id) AS c
  WHERE s.id = c.id
$$;
--> statement-breakpoint
CREATE FUNCTION kpi_values_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM scorecards_data_changed(array_agg(k.scorecard_id)) FROM kpis k WHERE k.guid = ANY(guids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER kpi_values_version_insert AFTER INSERT ON kpi_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_data_changed();
--> statement-breakpoint
CREATE TRIGGER kpi_values_version_update AFTER UPDATE ON kpi_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_data_changed();
--> statement-breakpoint
CREATE TRIGGER kpi_values_version_delete AFTER DELETE ON kpi_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_data_changed();
--> statement-breakpoint
CREATE FUNCTION kpis_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM scorecards_data_changed(array_agg(n.scorecard_id)) FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM scorecards_data_changed(array_agg(o.scorecard_id)) FROM old_rows o;
  ELSE
    PERFORM scorecards_data_changed(array_agg(r.id)) FROM (SELECT n.scorecard_id FROM new_rows n UNION ALL SELECT o.scorecard_id FROM old_rows o) AS r(id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER kpis_version_insert AFTER INSERT ON kpis REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpis_data_changed();
--> statement-breakpoint
CREATE TRIGGER kpis_version_update AFTER UPDATE ON kpis REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpis_data_changed();
--> statement-breakpoint
CREATE TRIGGER kpis_version_delete AFTER DELETE ON kpis REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kpis_data_changed();
