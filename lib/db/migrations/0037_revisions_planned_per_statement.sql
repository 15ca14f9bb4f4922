-- A statement trigger's queries over its transition tables are planned once per session, when
-- they first run, from the row counts of that first statement: an update of one value planned the
-- pairing of old and new rows as a nested loop, which then compared every pair of a 5000-row
-- update (25 million). The revisions of an update pair them through EXECUTE, planned for each
-- statement's own rows (a hash join), at the cost of a plan per statement.
CREATE OR REPLACE FUNCTION kpi_values_revisions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ctx jsonb := coalesce(nullif(current_setting('gauge.context', true), '')::jsonb, '{}'::jsonb);
  named integer := (ctx->>'scorecardId')::integer;
BEGIN
  IF ctx->>'history' = 'off' THEN
    RETURN NULL;
  END IF;
  -- One pass over the statement's rows: the records that changed, then (only if there are any)
  -- the change set, then their revisions. Action: 1 created, 2 changed, 3 deleted. A write that
  -- names its scorecard (every write of the app) is one change set; one that does not (a script's
  -- own SQL, an import, the demo loader) gets one per scorecard its rows belong to.
  IF TG_OP = 'INSERT' AND named IS NOT NULL THEN
    WITH changed AS (
      SELECT n.kpi_guid, n.date, 1::smallint AS action, NULL::float8 AS before_value, NULL::float8 AS before_target, NULL::float8 AS before_baseline, NULL::float8 AS before_min, NULL::float8 AS before_max, NULL::float8 AS before_score, n.value AS after_value, n.target AS after_target, n.baseline AS after_baseline, n.min AS after_min, n.max AS after_max, n.score AS after_score
      FROM new_rows n WHERE num_nonnulls(n.value, n.target, n.baseline, n.min, n.max, n.score) > 0
    ), change AS (
      SELECT gauge_change_set(named) AS id WHERE EXISTS (SELECT 1 FROM changed)
    )
    INSERT INTO value_revisions (change_set_id, kpi_guid, date, action, before_value, before_target, before_baseline, before_min, before_max, before_score, after_value, after_target, after_baseline, after_min, after_max, after_score)
    SELECT change.id, changed.* FROM changed CROSS JOIN change;
  ELSIF TG_OP = 'INSERT' THEN
    WITH changed AS (
      SELECT n.kpi_guid, n.date, 1::smallint AS action, NULL::float8 AS before_value, NULL::float8 AS before_target, NULL::float8 AS before_baseline, NULL::float8 AS before_min, NULL::float8 AS before_max, NULL::float8 AS before_score, n.value AS after_value, n.target AS after_target, n.baseline AS after_baseline, n.min AS after_min, n.max AS after_max, n.score AS after_score
      FROM new_rows n WHERE num_nonnulls(n.value, n.target, n.baseline, n.min, n.max, n.score) > 0
    ), placed AS (
      SELECT c.*, k.scorecard_id AS card FROM changed c LEFT JOIN kpis k ON k.guid = c.kpi_guid
    ), change AS (
      SELECT cards.card, gauge_change_set(cards.card) AS id FROM (SELECT DISTINCT card FROM placed) AS cards
    )
    INSERT INTO value_revisions (change_set_id, kpi_guid, date, action, before_value, before_target, before_baseline, before_min, before_max, before_score, after_value, after_target, after_baseline, after_min, after_max, after_score)
    SELECT change.id, p.kpi_guid, p.date, p.action, p.before_value, p.before_target, p.before_baseline, p.before_min, p.before_max, p.before_score, p.after_value, p.after_target, p.after_baseline, p.after_min, p.after_max, p.after_score
    FROM placed p JOIN change ON change.card IS NOT DISTINCT FROM p.card;
  ELSIF TG_OP = 'UPDATE' AND named IS NOT NULL THEN
    EXECUTE $q$WITH changed AS (
      SELECT n.kpi_guid, n.date,
        (CASE WHEN num_nonnulls(o.value, o.target, o.baseline, o.min, o.max, o.score) = 0 THEN 1 WHEN num_nonnulls(n.value, n.target, n.baseline, n.min, n.max, n.score) = 0 THEN 3 ELSE 2 END)::smallint AS action,
        o.value AS before_value, o.target AS before_target, o.baseline AS before_baseline, o.min AS before_min, o.max AS before_max, o.score AS before_score,
        n.value AS after_value, n.target AS after_target, n.baseline AS after_baseline, n.min AS after_min, n.max AS after_max, n.score AS after_score
      FROM old_rows o JOIN new_rows n ON n.kpi_guid = o.kpi_guid AND n.date = o.date
      WHERE (o.value, o.target, o.baseline, o.min, o.max, o.score) IS DISTINCT FROM (n.value, n.target, n.baseline, n.min, n.max, n.score)
    ), change AS (
      SELECT gauge_change_set($1) AS id WHERE EXISTS (SELECT 1 FROM changed)
    )
    INSERT INTO value_revisions (change_set_id, kpi_guid, date, action, before_value, before_target, before_baseline, before_min, before_max, before_score, after_value, after_target, after_baseline, after_min, after_max, after_score)
    SELECT change.id, changed.* FROM changed CROSS JOIN change$q$ USING named;
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE $q$WITH changed AS (
      SELECT n.kpi_guid, n.date,
        (CASE WHEN num_nonnulls(o.value, o.target, o.baseline, o.min, o.max, o.score) = 0 THEN 1 WHEN num_nonnulls(n.value, n.target, n.baseline, n.min, n.max, n.score) = 0 THEN 3 ELSE 2 END)::smallint AS action,
        o.value AS before_value, o.target AS before_target, o.baseline AS before_baseline, o.min AS before_min, o.max AS before_max, o.score AS before_score,
        n.value AS after_value, n.target AS after_target, n.baseline AS after_baseline, n.min AS after_min, n.max AS after_max, n.score AS after_score
      FROM old_rows o JOIN new_rows n ON n.kpi_guid = o.kpi_guid AND n.date = o.date
      WHERE (o.value, o.target, o.baseline, o.min, o.max, o.score) IS DISTINCT FROM (n.value, n.target, n.baseline, n.min, n.max, n.score)
    ), placed AS (
      SELECT c.*, k.scorecard_id AS card FROM changed c LEFT JOIN kpis k ON k.guid = c.kpi_guid
    ), change AS (
      SELECT cards.card, gauge_change_set(cards.card) AS id FROM (SELECT DISTINCT card FROM placed) AS cards
    )
    INSERT INTO value_revisions (change_set_id, kpi_guid, date, action, before_value, before_target, before_baseline, before_min, before_max, before_score, after_value, after_target, after_baseline, after_min, after_max, after_score)
    SELECT change.id, p.kpi_guid, p.date, p.action, p.before_value, p.before_target, p.before_baseline, p.before_min, p.before_max, p.before_score, p.after_value, p.after_target, p.after_baseline, p.after_min, p.after_max, p.after_score
    FROM placed p JOIN change ON change.card IS NOT DISTINCT FROM p.card$q$;
  ELSIF named IS NOT NULL THEN
    WITH changed AS (
      SELECT o.kpi_guid, o.date, 3::smallint AS action, o.value AS before_value, o.target AS before_target, o.baseline AS before_baseline, o.min AS before_min, o.max AS before_max, o.score AS before_score, NULL::float8 AS after_value, NULL::float8 AS after_target, NULL::float8 AS after_baseline, NULL::float8 AS after_min, NULL::float8 AS after_max, NULL::float8 AS after_score
      FROM old_rows o WHERE num_nonnulls(o.value, o.target, o.baseline, o.min, o.max, o.score) > 0
    ), change AS (
      SELECT gauge_change_set(named) AS id WHERE EXISTS (SELECT 1 FROM changed)
    )
    INSERT INTO value_revisions (change_set_id, kpi_guid, date, action, before_value, before_target, before_baseline, before_min, before_max, before_score, after_value, after_target, after_baseline, after_min, after_max, after_score)
    SELECT change.id, changed.* FROM changed CROSS JOIN change;
  ELSE
    WITH changed AS (
      SELECT o.kpi_guid, o.date, 3::smallint AS action, o.value AS before_value, o.target AS before_target, o.baseline AS before_baseline, o.min AS before_min, o.max AS before_max, o.score AS before_score, NULL::float8 AS after_value, NULL::float8 AS after_target, NULL::float8 AS after_baseline, NULL::float8 AS after_min, NULL::float8 AS after_max, NULL::float8 AS after_score
      FROM old_rows o WHERE num_nonnulls(o.value, o.target, o.baseline, o.min, o.max, o.score) > 0
    ), placed AS (
      SELECT c.*, k.scorecard_id AS card FROM changed c LEFT JOIN kpis k ON k.guid = c.kpi_guid
    ), change AS (
      SELECT cards.card, gauge_change_set(cards.card) AS id FROM (SELECT DISTINCT card FROM placed) AS cards
    )
    INSERT INTO value_revisions (change_set_id, kpi_guid, date, action, before_value, before_target, before_baseline, before_min, before_max, before_score, after_value, after_target, after_baseline, after_min, after_max, after_score)
    SELECT change.id, p.kpi_guid, p.date, p.action, p.before_value, p.before_target, p.before_baseline, p.before_min, p.before_max, p.before_score, p.after_value, p.after_target, p.after_baseline, p.after_min, p.after_max, p.after_score
    FROM placed p JOIN change ON change.card IS NOT DISTINCT FROM p.card;
  END IF;
  RETURN NULL;
END
$$;
