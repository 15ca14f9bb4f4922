CREATE TABLE "kpi_rollups" (
	"kpi_guid" uuid NOT NULL,
	"grain" text NOT NULL,
	"start" date NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"first_date" date NOT NULL,
	"first_value" double precision NOT NULL,
	"last_date" date NOT NULL,
	"last_value" double precision NOT NULL,
	CONSTRAINT "kpi_rollups_kpi_guid_grain_start_pk" PRIMARY KEY("kpi_guid","grain","start")
);
--> statement-breakpoint
ALTER TABLE "kpi_rollups" ADD CONSTRAINT "kpi_rollups_kpi_guid_kpis_guid_fk" FOREIGN KEY ("kpi_guid") REFERENCES "public"."kpis"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kpi_values_scales_idx" ON "kpi_values" USING btree ("kpi_guid","date") WHERE "kpi_values"."target" IS NOT NULL OR "kpi_values"."baseline" IS NOT NULL OR "kpi_values"."min" IS NOT NULL OR "kpi_values"."max" IS NOT NULL;--> statement-breakpoint
-- Recomputes the month and ISO-week rollups holding the given (KPI, day) pairs from kpi_values.
-- Writers of one KPI take its lock in GUID order first (no deadlocks), so each statement below
-- reads every value committed before it: the last writer's recompute includes all earlier ones.
CREATE FUNCTION kpi_rollups_refresh(guids uuid[], days date[]) RETURNS void LANGUAGE plpgsql AS $$
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
  -- The months and weeks touched (date arithmetic: no timestamps).
  SELECT array_agg(t.g), array_agg(t.grain), array_agg(t.start), array_agg(t.stop)
  INTO k_guid, k_grain, k_start, k_stop
  FROM (
    SELECT DISTINCT u.g, 'MONTH' AS grain, u.d - (date_part('day', u.d)::int - 1) AS start,
      (u.d - (date_part('day', u.d)::int - 1) + interval '1 month')::date AS stop
    FROM unnest(guids, days) AS u(g, d)
    UNION ALL
    SELECT DISTINCT u.g, 'WEEK', u.d - (date_part('isodow', u.d)::int - 1), u.d - (date_part('isodow', u.d)::int - 1) + 7
    FROM unnest(guids, days) AS u(g, d)
  ) AS t;
  DELETE FROM kpi_rollups r
  USING unnest(k_guid, k_grain, k_start) AS k(g, grain, start)
  WHERE r.kpi_guid = k.g AND r.grain = k.grain AND r.start = k.start;
  -- One index range scan per touched period (a join would hash the whole table).
  INSERT INTO kpi_rollups (kpi_guid, grain, start, count, sum, min, max, first_date, first_value, last_date, last_value)
  SELECT k.g, k.grain, k.start, a.count, a.sum, a.min, a.max, a.first_date, a.first_value, a.last_date, a.last_value
  FROM unnest(k_guid, k_grain, k_start, k_stop) AS k(g, grain, start, stop)
  CROSS JOIN LATERAL (
    SELECT count(*) AS count, sum(v.value) AS sum, min(v.value) AS min, max(v.value) AS max,
      min(v.date) AS first_date, (min(ARRAY[(v.date - DATE '2000-01-01')::float8, v.value]))[2] AS first_value,
      max(v.date) AS last_date, (max(ARRAY[(v.date - DATE '2000-01-01')::float8, v.value]))[2] AS last_value
    FROM kpi_values v
    WHERE v.kpi_guid = k.g AND v.date >= k.start AND v.date < k.stop AND v.value IS NOT NULL
  ) AS a
  WHERE a.count > 0;
END
$$;
--> statement-breakpoint
-- Only rows whose value appeared, changed or went count: a write of targets alone costs nothing.
CREATE FUNCTION kpi_values_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM kpi_rollups_refresh(array_agg(n.kpi_guid), array_agg(n.date)) FROM new_rows n WHERE n.value IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM kpi_rollups_refresh(array_agg(o.kpi_guid), array_agg(o.date)) FROM old_rows o WHERE o.value IS NOT NULL;
  ELSE
    -- Old and new rows matched on their key by a hash join (transition tables have no indexes).
    PERFORM kpi_rollups_refresh(array_agg(coalesce(n.kpi_guid, o.kpi_guid)), array_agg(coalesce(n.date, o.date)))
    FROM new_rows n FULL JOIN old_rows o ON o.kpi_guid = n.kpi_guid AND o.date = n.date
    WHERE n.value IS DISTINCT FROM o.value OR n.kpi_guid IS NULL OR o.kpi_guid IS NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER kpi_values_rollup_insert AFTER INSERT ON kpi_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_rollup();
--> statement-breakpoint
CREATE TRIGGER kpi_values_rollup_update AFTER UPDATE ON kpi_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_rollup();
--> statement-breakpoint
CREATE TRIGGER kpi_values_rollup_delete AFTER DELETE ON kpi_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_rollup();
--> statement-breakpoint
-- The rollups of the values already stored.
INSERT INTO kpi_rollups (kpi_guid, grain, start, count, sum, min, max, first_date, first_value, last_date, last_value)
SELECT v.kpi_guid, b.grain, b.start, count(*), sum(v.value), min(v.value), max(v.value),
  min(v.date), (min(ARRAY[(v.date - DATE '2000-01-01')::float8, v.value]))[2],
  max(v.date), (max(ARRAY[(v.date - DATE '2000-01-01')::float8, v.value]))[2]
FROM kpi_values v
CROSS JOIN LATERAL (VALUES ('MONTH', date_trunc('month', v.date::timestamp)::date), ('WEEK', date_trunc('week', v.date::timestamp)::date)) AS b(grain, start)
WHERE v.value IS NOT NULL
GROUP BY v.kpi_guid, b.grain, b.start;
