import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Period } from "@/lib/contract/kpis";
import type { Db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/query";

/** The SQL expression of a value's period start; matches periodStart() in periods.ts. */
const BUCKET_SQL: Record<Period, string> = {
  DAY: "v.date",
  WEEK: "date_trunc('week', v.date::timestamp)::date",
  MONTH: "date_trunc('month', v.date::timestamp)::date",
  QUARTER: "date_trunc('quarter', v.date::timestamp)::date",
  HALF_YEAR: "make_date(extract(year FROM v.date)::int, CASE WHEN extract(month FROM v.date) <= 6 THEN 1 ELSE 7 END, 1)",
  YEAR: "date_trunc('year', v.date::timestamp)::date",
};

// First and last by date without sorting each group: arrays compare element by element, so
// max([day number, value]) is the latest value (ordered aggregates cost one sort each).
const byDate = (column: string, pick: "min" | "max") =>
  sql.raw(`(${pick}(ARRAY[(v.date - DATE '2000-01-01')::float8, v.${column}]) FILTER (WHERE v.${column} IS NOT NULL))[2]`);
const lastNonNull = (column: string) => byDate(column, "max");

const guidList = (guids: string[]) => sql.join(guids.map((g) => sql`${g}::uuid`), sql`, `);

export interface BucketRow {
  guid: string;
  bucket: string;
  sum: number | null;
  avg: number | null;
  min_value: number | null;
  max_value: number | null;
  first_value: number | null;
  last_value: number | null;
}

/** One row per KPI and period holding entered records, with every grouping's aggregate. */
export function bucketsQuery(guids: string[], period: Period, from: string, to: string): SQL {
  const bucket = sql.raw(BUCKET_SQL[period]);
  return sql`
    SELECT v.kpi_guid::text AS guid, to_char(${bucket}, 'YYYY-MM-DD') AS bucket,
      sum(v.value) AS sum, avg(v.value) AS avg, min(v.value) AS min_value, max(v.value) AS max_value,
      ${byDate("value", "min")} AS first_value, ${lastNonNull("value")} AS last_value
    FROM kpi_values v
    WHERE v.kpi_guid IN (${guidList(guids)}) AND v.date >= ${from}::date AND v.date <= ${to}::date AND v.value IS NOT NULL
    GROUP BY v.kpi_guid, ${bucket}`;
}

/** The rollup a period reads: weeks their own, months and the periods made of months the monthly one. */
const GRAIN: Partial<Record<Period, "WEEK" | "MONTH">> = { WEEK: "WEEK", MONTH: "MONTH", QUARTER: "MONTH", HALF_YEAR: "MONTH", YEAR: "MONTH" };

/** The same rows as bucketsQuery, from the rollups (kpi_rollups) instead of the values. */
export function rollupBucketsQuery(guids: string[], period: Exclude<Period, "DAY">, from: string, to: string): SQL {
  const grain = GRAIN[period]!;
  const where = sql`r.grain = ${grain} AND r.kpi_guid IN (${guidList(guids)}) AND r.start >= ${from}::date AND r.start <= ${to}::date`;
  if (period === grain) {
    return sql`
      SELECT r.kpi_guid::text AS guid, to_char(r.start, 'YYYY-MM-DD') AS bucket, r.sum, r.sum / r.count AS avg,
        r.min AS min_value, r.max AS max_value, r.first_value, r.last_value
      FROM kpi_rollups r WHERE ${where}`;
  }
  const bucket = sql.raw(BUCKET_SQL[period].replaceAll("v.date", "r.start"));
  return sql`
    SELECT r.kpi_guid::text AS guid, to_char(${bucket}, 'YYYY-MM-DD') AS bucket, sum(r.sum) AS sum, sum(r.sum) / sum(r.count) AS avg,
      min(r.min) AS min_value, max(r.max) AS max_value,
      (min(ARRAY[(r.first_date - DATE '2000-01-01')::float8, r.first_value]))[2] AS first_value,
      (max(ARRAY[(r.last_date - DATE '2000-01-01')::float8, r.last_value]))[2] AS last_value
    FROM kpi_rollups r WHERE ${where}
    GROUP BY r.kpi_guid, ${bucket}`;
}

/**
 * Per KPI and period, the aggregates of its entered values: days from the values, every other
 * period from the rollups (which the values' triggers keep in step in every write's transaction).
 */
export async function aggregateBuckets(db: Db, guids: string[], period: Period, from: string, to: string): Promise<BucketRow[]> {
  if (guids.length === 0) return [];
  if (period !== "DAY") return queryRows<BucketRow>(db, rollupBucketsQuery(guids, period, from, to));
  return rawBuckets(db, guids, period, from, to);
}

/** The same, computed from the values themselves (days; and the reference the rollups are tested against). */
export async function rawBuckets(db: Db, guids: string[], period: Period, from: string, to: string): Promise<BucketRow[]> {
  if (guids.length === 0) return [];
  // The planner overestimates the groups and sorts every row, spilling to disk at the default
  // 4 MB; with more memory for this one query it hashes instead (about twice as fast).
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '32MB'`);
    return queryRows<BucketRow>(tx, bucketsQuery(guids, period, from, to));
  });
}

export interface LatestRow {
  guid: string;
  value: number | null;
  value_date: string | null;
  target: number | null;
  target_date: string | null;
  baseline: number | null;
  baseline_date: string | null;
  min: number | null;
  min_date: string | null;
  max: number | null;
  max_date: string | null;
}

const latestField = (field: string, date: string, inclusive: boolean) => {
  const op = sql.raw(inclusive ? "<=" : "<");
  const column = sql.raw(field);
  return sql`LEFT JOIN LATERAL (
      SELECT v.${column}, to_char(v.date, 'YYYY-MM-DD') AS date FROM kpi_values v
      WHERE v.kpi_guid = k.guid AND v.date ${op} ${date}::date AND v.${column} IS NOT NULL
      ORDER BY v.date DESC LIMIT 1) ${sql.raw(`l_${field}`)} ON true`;
};

/** Per KPI and field, the latest entered value (and its date) before, or at, `date`. */
export async function latestEntries(db: Db, guids: string[], date: string, inclusive: boolean): Promise<Map<string, LatestRow>> {
  if (guids.length === 0) return new Map();
  const fields = ["value", "target", "baseline", "min", "max"];
  const rows = await queryRows<LatestRow>(db, sql`
    SELECT k.guid::text AS guid,
      ${sql.join(fields.map((f) => sql.raw(`l_${f}.${f} AS ${f}, l_${f}.date AS ${f}_date`)), sql`, `)}
    FROM kpis k
    ${sql.join(fields.map((f) => latestField(f, date, inclusive)), sql` `)}
    WHERE k.guid IN (${guidList(guids)})`);
  return new Map(rows.map((r) => [r.guid, r]));
}

export interface ScaleChangeRow {
  guid: string;
  date: string;
  target: number | null;
  baseline: number | null;
  min: number | null;
  max: number | null;
}

/** Entered records between two dates that set a target, baseline, min or max, in date order (rare: partial indexes). */
export async function scaleChanges(db: Db, guids: string[], from: string, to: string): Promise<ScaleChangeRow[]> {
  if (guids.length === 0) return [];
  return queryRows<ScaleChangeRow>(db, sql`
    SELECT v.kpi_guid::text AS guid, to_char(v.date, 'YYYY-MM-DD') AS date, v.target, v.baseline, v.min, v.max
    FROM kpi_values v
    WHERE v.kpi_guid IN (${guidList(guids)}) AND v.date >= ${from}::date AND v.date <= ${to}::date
      AND (v.target IS NOT NULL OR v.baseline IS NOT NULL OR v.min IS NOT NULL OR v.max IS NOT NULL)
    ORDER BY v.kpi_guid, v.date`);
}

/** The earliest date holding an entered value of these KPIs, or null. */
export async function firstValueDate(db: Db, guids: string[]): Promise<string | null> {
  if (guids.length === 0) return null;
  const [row] = await queryRows<{ first: string | null }>(
    db,
    sql`SELECT to_char(min(r.first_date), 'YYYY-MM-DD') AS first FROM kpi_rollups r WHERE r.grain = 'MONTH' AND r.kpi_guid IN (${guidList(guids)})`,
  );
  return row?.first ?? null;
}
