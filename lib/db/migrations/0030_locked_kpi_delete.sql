-- A KPI holding values in its scorecard's locked periods cannot be deleted: its values would go
-- with it by the foreign key's cascade, which the values' own statement trigger cannot see (the
-- KPI row, and with it the scorecard's lock, is gone by then). Only a purge (`"history": "off"`)
-- passes, as for the values themselves.
CREATE FUNCTION kpis_locked_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at date;
  until date;
BEGIN
  IF nullif(current_setting('gauge.context', true), '')::jsonb ->> 'history' = 'off' THEN
    RETURN OLD;
  END IF;
  SELECT v.date, s.locked_until INTO at, until
  FROM kpi_values v JOIN scorecards s ON s.id = OLD.scorecard_id
  WHERE v.kpi_guid = OLD.guid AND v.date <= s.locked_until LIMIT 1;
  IF at IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'GL001',
      MESSAGE = format('Periods up to %s are locked: %s on %s cannot change', to_char(until, 'YYYY-MM-DD'), OLD.name, to_char(at, 'YYYY-MM-DD'));
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER kpis_locked_delete BEFORE DELETE ON kpis FOR EACH ROW EXECUTE FUNCTION kpis_locked_delete();
