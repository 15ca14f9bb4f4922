-- Locked periods: a scorecard's values dated on or before its locked_until cannot change. A
-- statement trigger on kpi_values refuses (SQLSTATE GL001) any statement whose old or new rows hold
-- such a date, whichever path writes them; only a purge (`"history": "off"`) passes.
ALTER TABLE "scorecards" ADD COLUMN "locked_until" date;
--> statement-breakpoint
CREATE FUNCTION kpi_values_locked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at date;
  until date;
  kpi text;
BEGIN
  IF nullif(current_setting('gauge.context', true), '')::jsonb ->> 'history' = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT n.date, s.locked_until, k.name INTO at, until, kpi
    FROM new_rows n JOIN kpis k ON k.guid = n.kpi_guid JOIN scorecards s ON s.id = k.scorecard_id
    WHERE n.date <= s.locked_until LIMIT 1;
  END IF;
  IF at IS NULL AND TG_OP <> 'INSERT' THEN
    SELECT o.date, s.locked_until, k.name INTO at, until, kpi
    FROM old_rows o JOIN kpis k ON k.guid = o.kpi_guid JOIN scorecards s ON s.id = k.scorecard_id
    WHERE o.date <= s.locked_until LIMIT 1;
  END IF;
  IF at IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'GL001',
      MESSAGE = format('Periods up to %s are locked: %s on %s cannot change', to_char(until, 'YYYY-MM-DD'), kpi, to_char(at, 'YYYY-MM-DD'));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER kpi_values_locked_insert AFTER INSERT ON kpi_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_locked();
--> statement-breakpoint
CREATE TRIGGER kpi_values_locked_update AFTER UPDATE ON kpi_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_locked();
--> statement-breakpoint
CREATE TRIGGER kpi_values_locked_delete AFTER DELETE ON kpi_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_locked();
