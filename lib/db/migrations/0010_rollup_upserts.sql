-- Rollups are rewritten in place (ON CONFLICT DO UPDATE) instead of deleted and inserted again:
-- with room left on each page the update is HOT (no new index entry), so heavy rewriting neither
-- costs an index insertion per period nor bloats the index every grouped read walks. Values get
-- room too: an overwritten value is a HOT update of its row.
ALTER TABLE "kpi_rollups" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "kpi_values" SET (fillfactor = 85);
--> statement-breakpoint
-- Recomputes the month and ISO-week rollups holding the given (KPI, day) pairs from kpi_values.
-- Writers of one KPI take its lock in GUID order first (no deadlocks), so each statement below
-- reads every value committed before it: the last writer's recompute includes all earlier ones.
CREATE OR REPLACE FUNCTION kpi_rollups_refresh(guids uuid[], days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  g uuid;
  k_guid uuid[];
  k_grain text[];
  k_start date[];
  k_stop date[];
BEGIN
  IF guids IS NULL THEN
    RETURN;
  END IF;
  FOR g IN SELECT DISTINCT k FROM unnest(guids) AS k ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(g::text, 7));
  END LOOP;
  -- The months and weeks touched (date arithmetic: no timestamps), in key order.
  SELECT array_agg(t.g ORDER BY t.g, t.grain, t.start), array_agg(t.grain ORDER BY t.g, t.grain, t.start),
    array_agg(t.start ORDER BY t.g, t.grain, t.start), array_agg(t.stop ORDER BY t.g, t.grain, t.start)
  INTO k_guid, k_grain, k_start, k_stop
  FROM (
    SELECT DISTINCT u.g, 'MONTH' AS grain, u.d - (date_part('day', u.d)::int - 1) AS start,
      (u.d - (date_part('day', u.d)::int - 1) + interval '1 month')::date AS stop
    FROM unnest(guids, days) AS u(g, d)
    UNION ALL
    SELECT DISTINCT u.g, 'WEEK', u.d - (date_part('isodow', u.d)::int - 1), u.d - (date_part('isodow', u.d)::int - 1) + 7
    FROM unnest(guids, days) AS u(g, d)
  ) AS t;
  -- One index range scan per touched period (a join would hash the whole table).
  INSERT INTO kpi_rollups AS r (kpi_guid, grain, start, count, sum, min, max, first_date, first_value, last_date, last_value)
  SELECT k.g, k.grain, k.start, a.count, a.sum, a.min, a.max, a.first_date, a.first_value, a.last_date, a.last_value
  FROM unnest(k_guid, k_grain, k_start, k_stop) AS k(g, grain, start, stop)
  CROSS JOIN LATERAL (
    SELECT count(*) AS count, sum(v.value) AS sum, min(v.value) AS min, max(v.value) AS max,
      min(v.date) AS first_date, (min(ARRAY[(v.date - DATE '2000-01-01')::float8, v.value]))[2] AS first_value,
      max(v.date) AS last_date, (max(ARRAY[(v.date - DATE '2000-01-01')::float8, v.value]))[2] AS last_value
    FROM kpi_values v
    WHERE v.kpi_guid = k.g AND v.date >= k.start AND v.date < k.stop AND v.value IS NOT NULL
  ) AS a
  WHERE a.count > 0
  ON CONFLICT (kpi_guid, grain, start) DO UPDATE SET count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max,
    first_date = excluded.first_date, first_value = excluded.first_value, last_date = excluded.last_date, last_value = excluded.last_value;
  -- Periods left without a value lose their rollup.
  DELETE FROM kpi_rollups r
  USING unnest(k_guid, k_grain, k_start, k_stop) AS k(g, grain, start, stop)
  WHERE r.kpi_guid = k.g AND r.grain = k.grain AND r.start = k.start
    AND NOT EXISTS (SELECT 1 FROM kpi_values v WHERE v.kpi_guid = k.g AND v.date >= k.start AND v.date < k.stop AND v.value IS NOT NULL);
END
$$;
