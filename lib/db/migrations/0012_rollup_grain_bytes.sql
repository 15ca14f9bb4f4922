-- Rollup keys compare their grain ('MONTH', 'WEEK') byte by byte. Under the database's default
-- collation every comparison of the key (the upserts' index probes, the refresh's sorts and joins)
-- went through the C library's strcoll: C.UTF-8 on the test server, slower still under locales
-- such as en_US.UTF-8. Measured in PostgreSQL, the refresh of a 5000-value write: 13.7 -> 12.0 ms.
ALTER TABLE kpi_rollups ALTER COLUMN grain TYPE text COLLATE "C";
--> statement-breakpoint
-- The touched months and weeks from one pass over the written (KPI, day) pairs instead of two
-- (12.0 -> 11.2 ms on the same write). Otherwise as in 0011.
CREATE OR REPLACE FUNCTION kpi_rollups_refresh(guids uuid[], days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  g uuid;
BEGIN
  IF guids IS NULL THEN
    RETURN;
  END IF;
  -- Writers of one KPI take its lock in GUID order first (no deadlocks), so the statement below
  -- reads every value committed before it: the last writer's recompute includes all earlier ones.
  FOR g IN SELECT DISTINCT k FROM unnest(guids) AS k ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(g::text, 7));
  END LOOP;
  WITH pairs AS MATERIALIZED (
    SELECT DISTINCT u.g, u.d - (date_part('day', u.d)::int - 1) AS month, u.d - (date_part('isodow', u.d)::int - 1) AS week FROM unnest(guids, days) AS u(g, d)
  ), touched AS (
    SELECT DISTINCT p.g, 'MONTH' AS grain, p.month AS start FROM pairs p
    UNION ALL
    SELECT DISTINCT p.g, 'WEEK', p.week FROM pairs p
  ), spans AS (
    SELECT t.g, min(t.start) AS lo, max(CASE t.grain WHEN 'WEEK' THEN t.start + 7 ELSE (t.start + interval '1 month')::date END) AS hi
    FROM touched t
    GROUP BY t.g
  ), fresh AS (
    SELECT s.g, CASE WHEN GROUPING(m.start) = 0 THEN 'MONTH' ELSE 'WEEK' END AS grain, coalesce(m.start, w.start) AS start,
      count(*) AS count, sum(v.value) AS sum, min(v.value) AS min, max(v.value) AS max,
      min(v.date) AS first_date, (min(ARRAY[(v.date - DATE '2000-01-01')::float8, v.value]))[2] AS first_value,
      max(v.date) AS last_date, (max(ARRAY[(v.date - DATE '2000-01-01')::float8, v.value]))[2] AS last_value
    FROM spans s
    CROSS JOIN LATERAL (
      SELECT v.date, v.value FROM kpi_values v
      WHERE v.kpi_guid = s.g AND v.date >= s.lo AND v.date < s.hi AND v.value IS NOT NULL
      OFFSET 0
    ) AS v
    CROSS JOIN LATERAL (SELECT v.date - (date_part('day', v.date)::int - 1) AS start) AS m
    CROSS JOIN LATERAL (SELECT v.date - (date_part('isodow', v.date)::int - 1) AS start) AS w
    GROUP BY GROUPING SETS ((s.g, m.start), (s.g, w.start))
  ), plan AS (
    -- Each touched period with its fresh aggregates; none left (every value deleted): no rollup.
    SELECT t.g, t.grain, t.start, f.count, f.sum, f.min, f.max, f.first_date, f.first_value, f.last_date, f.last_value
    FROM touched t LEFT JOIN fresh f ON f.g = t.g AND f.grain = t.grain AND f.start = t.start
  ), upserted AS (
    INSERT INTO kpi_rollups AS r (kpi_guid, grain, start, count, sum, min, max, first_date, first_value, last_date, last_value)
    SELECT p.g, p.grain, p.start, p.count, p.sum, p.min, p.max, p.first_date, p.first_value, p.last_date, p.last_value
    FROM plan p WHERE p.count IS NOT NULL
    ORDER BY 1, 2, 3
    ON CONFLICT (kpi_guid, grain, start) DO UPDATE SET count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max,
      first_date = excluded.first_date, first_value = excluded.first_value, last_date = excluded.last_date, last_value = excluded.last_value
  )
  DELETE FROM kpi_rollups r
  USING plan p
  WHERE p.count IS NULL AND r.kpi_guid = p.g AND r.grain = p.grain AND r.start = p.start;
END
$$;
