-- Revision history of every value record: triggers on kpi_values write each changed record's
-- figures before and after into value_revisions, set-based, in the write's own transaction, under
-- the change set of the transaction (change_sets). The app names the author in the transaction's
-- `gauge.context` setting (JSON: accountId, scorecardId, userId, email, keyId, keyName, via, at,
-- reverts); the first changed record of each scorecard creates its change set from it and keeps
-- its id in `gauge.change_set_<scorecard>` for the rest of the transaction, so a write that
-- changes nothing leaves no change set. Without a context (a script's own SQL, the demo loader)
-- the change sets are "system"; with `"history": "off"` (a
-- purge erasing a scorecard and its history) nothing is recorded.
CREATE TABLE "change_sets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"scorecard_id" integer,
	"user_id" integer,
	"user_email" text,
	"api_key_id" integer,
	"api_key_name" text,
	"via" text NOT NULL,
	"reverts" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "value_revisions" (
	"id" bigserial NOT NULL,
	"change_set_id" bigint NOT NULL,
	"kpi_guid" uuid NOT NULL,
	"date" date NOT NULL,
	"action" smallint NOT NULL,
	"before_value" double precision,
	"before_target" double precision,
	"before_baseline" double precision,
	"before_min" double precision,
	"before_max" double precision,
	"before_score" double precision,
	"after_value" double precision,
	"after_target" double precision,
	"after_baseline" double precision,
	"after_min" double precision,
	"after_max" double precision,
	"after_score" double precision
);
--> statement-breakpoint
ALTER TABLE "change_sets" ADD CONSTRAINT "change_sets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_sets" ADD CONSTRAINT "change_sets_scorecard_id_scorecards_id_fk" FOREIGN KEY ("scorecard_id") REFERENCES "public"."scorecards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_sets" ADD CONSTRAINT "change_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_sets_scorecard_idx" ON "change_sets" USING btree ("scorecard_id","id");--> statement-breakpoint
CREATE INDEX "value_revisions_kpi_idx" ON "value_revisions" USING btree ("kpi_guid","id");--> statement-breakpoint
CREATE INDEX "value_revisions_change_idx" ON "value_revisions" USING btree ("change_set_id");--> statement-breakpoint
CREATE FUNCTION gauge_change_set(scorecard integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  ctx jsonb := coalesce(nullif(current_setting('gauge.context', true), '')::jsonb, '{}'::jsonb);
  card integer := coalesce((ctx->>'scorecardId')::integer, scorecard);
  setting text := 'gauge.change_set_' || coalesce(card::text, 'none');
  found bigint := nullif(current_setting(setting, true), '')::bigint;
BEGIN
  IF found IS NOT NULL THEN
    RETURN found;
  END IF;
  INSERT INTO change_sets (account_id, scorecard_id, user_id, user_email, api_key_id, api_key_name, via, reverts, created_at)
  VALUES (
    coalesce((ctx->>'accountId')::integer, (SELECT s.account_id FROM scorecards s WHERE s.id = card)),
    -- A user named by the context who does not exist (a test's stand-in caller) is left out, not refused.
    card, (SELECT u.id FROM users u WHERE u.id = (ctx->>'userId')::integer), ctx->>'email', (ctx->>'keyId')::integer, ctx->>'keyName',
    coalesce(ctx->>'via', 'system'), (ctx->>'reverts')::bigint, coalesce((ctx->>'at')::timestamptz, now())
  )
  RETURNING id INTO found;
  PERFORM set_config(setting, found::text, true);
  RETURN found;
END
$$;
--> statement-breakpoint
CREATE FUNCTION kpi_values_revisions() RETURNS trigger LANGUAGE plpgsql AS $$
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
    WITH changed AS (
      SELECT n.kpi_guid, n.date,
        (CASE WHEN num_nonnulls(o.value, o.target, o.baseline, o.min, o.max, o.score) = 0 THEN 1 WHEN num_nonnulls(n.value, n.target, n.baseline, n.min, n.max, n.score) = 0 THEN 3 ELSE 2 END)::smallint AS action,
        o.value AS before_value, o.target AS before_target, o.baseline AS before_baseline, o.min AS before_min, o.max AS before_max, o.score AS before_score,
        n.value AS after_value, n.target AS after_target, n.baseline AS after_baseline, n.min AS after_min, n.max AS after_max, n.score AS after_score
      FROM old_rows o JOIN new_rows n ON n.kpi_guid = o.kpi_guid AND n.date = o.date
      WHERE (o.value, o.target, o.baseline, o.min, o.max, o.score) IS DISTINCT FROM (n.value, n.target, n.baseline, n.min, n.max, n.score)
    ), change AS (
      SELECT gauge_change_set(named) AS id WHERE EXISTS (SELECT 1 FROM changed)
    )
    INSERT INTO value_revisions (change_set_id, kpi_guid, date, action, before_value, before_target, before_baseline, before_min, before_max, before_score, after_value, after_target, after_baseline, after_min, after_max, after_score)
    SELECT change.id, changed.* FROM changed CROSS JOIN change;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH changed AS (
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
    FROM placed p JOIN change ON change.card IS NOT DISTINCT FROM p.card;
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
--> statement-breakpoint
CREATE TRIGGER kpi_values_revisions_insert AFTER INSERT ON kpi_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_revisions();
--> statement-breakpoint
CREATE TRIGGER kpi_values_revisions_update AFTER UPDATE ON kpi_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_revisions();
--> statement-breakpoint
CREATE TRIGGER kpi_values_revisions_delete AFTER DELETE ON kpi_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_values_revisions();
