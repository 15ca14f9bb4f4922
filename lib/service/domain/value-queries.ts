import "server-only";
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Grouping, Period } from "@/lib/contract/kpis";
import type { Db } from "@/lib/db/client";
import { preparedRows, preparedStatement, uuidArray } from "@/lib/db/query";

/** The SQL expression of a value's period start; matches periodStart() in periods.ts. */
const BUCKET_SQL: Record<Period, string> = {
  DAY: "v.date",
  WEEK: "date_trunc('week', v.date::timestamp)::date",
  MONTH: "date_trunc('month', v.date::timestamp)::date",
  QUARTER: "date_trunc('quarter', v.date::timestamp)::date",
  HALF_YEAR: "make_date(extract(year FROM v.date)::int, CASE WHEN extract(month FROM v.date) <= 6 THEN 1 ELSE 7 END, 1)",
  YEAR: "date_trunc('year', v.date::timestamp)::date",
};

/** A period's entered records of one KPI: its value by the KPI's grouping, and the last value. */
export interface BucketRow {
  /** Index of the KPI in the list asked for. */
  kpi: number;
  /** The period's first day, in days since 1970-01-01. */
  day: number;
  /** The grouping's aggregate; for AVERAGE the sum, which `count` divides (PostgreSQL's division refuses a subnormal result). */
  agg: number | null;
  count: number;
  last: number | null;
}

export interface BucketKpi {
  guid: string;
  grouping: Grouping;
}

// Picks the grouping's aggregate (AVERAGE: the sum); the arguments are SQL expressions of the same period.
const byGrouping = (a: { sum: string; min: string; max: string; first: string; last: string }) =>
  `CASE k.grouping WHEN 'MIN' THEN ${a.min} WHEN 'MAX' THEN ${a.max} WHEN 'FIRST' THEN ${a.first} WHEN 'LAST' THEN ${a.last} ELSE ${a.sum} END`;

// First and last by date without sorting each group: arrays compare element by element, so
// max([day number, value]) is the latest value (ordered aggregates cost one sort each).
const byDate = (date: string, value: string, pick: "min" | "max") => `(${pick}(ARRAY[(${date} - DATE '2000-01-01')::float8, ${value}]))[2]`;

/**
 * The KPIs' periods in one query: each KPI's own index range scan (LATERAL; OFFSET 0 keeps the
 * planner from turning it into a join of whole tables), its periods' columns gathered into one
 * JSON array each: the driver parses one JSON text per KPI natively, where a row per period cost
 * it more than PostgreSQL took to find them (6,280 rows for three years of weeks).
 */
function perKpi(kpis: BucketKpi[], periodRows: SQL): SQL {
  return sql`
    SELECT (k.i - 1)::int AS kpi, array_to_json(array_agg(b.day)) AS days, array_to_json(array_agg(b.agg)) AS aggs,
      array_to_json(array_agg(b.count)) AS counts, array_to_json(array_agg(b.last)) AS lasts
    FROM unnest(${uuidArray(kpis.map((k) => k.guid))}, ${sql.param(kpis.map((k) => k.grouping))}::text[]) WITH ORDINALITY AS k(guid, grouping, i)
    CROSS JOIN LATERAL (${periodRows} OFFSET 0) b
    GROUP BY k.i`;
}

interface PerKpiRow {
  kpi: number;
  days: number[];
  aggs: (number | null)[];
  counts: number[];
  lasts: (number | null)[];
}

async function bucketRows(db: Db, query: SQL): Promise<BucketRow[]> {
  const rows: BucketRow[] = [];
  for (const { kpi, days, aggs, counts, lasts } of await preparedRows<PerKpiRow>(db, query)) {
    for (let i = 0; i < days.length; i++) rows.push({ kpi, day: days[i]!, agg: aggs[i]!, count: counts[i]!, last: lasts[i]! });
  }
  return rows;
}

/** One row per KPI and period holding entered records, computed from the values. */
export function bucketsQuery(kpis: BucketKpi[], period: Period, from: string, to: string): SQL {
  const bucket = BUCKET_SQL[period];
  const agg = byGrouping({
    sum: "sum(v.value)",
    min: "min(v.value)",
    max: "max(v.value)",
    first: byDate("v.date", "v.value", "min"),
    last: byDate("v.date", "v.value", "max"),
  });
  return perKpi(
    kpis,
    sql`
    SELECT ${sql.raw(bucket)} - DATE '1970-01-01' AS day, ${sql.raw(agg)} AS agg, count(*)::int AS count, ${sql.raw(byDate("v.date", "v.value", "max"))} AS last
    FROM kpi_values v
    WHERE v.kpi_guid = k.guid AND v.date >= ${from}::date AND v.date <= ${to}::date AND v.value IS NOT NULL
    GROUP BY ${sql.raw(bucket)}`,
  );
}

/** The rollup a period reads: weeks their own, months and the periods made of months the monthly one. */
const GRAIN: Partial<Record<Period, "WEEK" | "MONTH">> = { WEEK: "WEEK", MONTH: "MONTH", QUARTER: "MONTH", HALF_YEAR: "MONTH", YEAR: "MONTH" };

/** The same rows as bucketsQuery, from the rollups (kpi_rollups) instead of the values. */
export function rollupBucketsQuery(kpis: BucketKpi[], period: Exclude<Period, "DAY">, from: string, to: string): SQL {
  const grain = GRAIN[period]!;
  const where = sql`r.kpi_guid = k.guid AND r.grain = ${grain} AND r.start >= ${from}::date AND r.start <= ${to}::date`;
  if (period === grain) {
    const agg = byGrouping({ sum: "r.sum", min: "r.min", max: "r.max", first: "r.first_value", last: "r.last_value" });
    return perKpi(
      kpis,
      sql`SELECT r.start - DATE '1970-01-01' AS day, ${sql.raw(agg)} AS agg, r.count, r.last_value AS last FROM kpi_rollups r WHERE ${where}`,
    );
  }
  const bucket = BUCKET_SQL[period].replaceAll("v.date", "r.start");
  const agg = byGrouping({
    sum: "sum(r.sum)",
    min: "min(r.min)",
    max: "max(r.max)",
    first: byDate("r.first_date", "r.first_value", "min"),
    last: byDate("r.last_date", "r.last_value", "max"),
  });
  return perKpi(
    kpis,
    sql`
    SELECT ${sql.raw(bucket)} - DATE '1970-01-01' AS day, ${sql.raw(agg)} AS agg, sum(r.count)::int AS count, ${sql.raw(byDate("r.last_date", "r.last_value", "max"))} AS last
    FROM kpi_rollups r WHERE ${where}
    GROUP BY ${sql.raw(bucket)}`,
  );
}

/**
 * Per KPI and period, the aggregates of its entered values: days from the values, every other
 * period from the rollups (which the values' triggers keep in step in every write's transaction).
 */
export async function aggregateBuckets(db: Db, kpis: BucketKpi[], period: Period, from: string, to: string): Promise<BucketRow[]> {
  if (kpis.length === 0) return [];
  if (period !== "DAY") return bucketRows(db, rollupBucketsQuery(kpis, period, from, to));
  return rawBuckets(db, kpis, period, from, to);
}

/** The same, computed from the values themselves (days; and the reference the rollups are tested against). */
export async function rawBuckets(db: Db, kpis: BucketKpi[], period: Period, from: string, to: string): Promise<BucketRow[]> {
  if (kpis.length === 0) return [];
  return bucketRows(db, bucketsQuery(kpis, period, from, to));
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

const LATEST_FIELDS = ["value", "target", "baseline", "min", "max"];

const latestField = (field: string, date: Placeholder, inclusive: boolean) => {
  const op = sql.raw(inclusive ? "<=" : "<");
  const column = sql.raw(field);
  return sql`LEFT JOIN LATERAL (
      SELECT v.${column}, to_char(v.date, 'YYYY-MM-DD') AS date FROM kpi_values v
      WHERE v.kpi_guid = k.guid AND v.date ${op} ${date}::date AND v.${column} IS NOT NULL
      ORDER BY v.date DESC LIMIT 1) ${sql.raw(`l_${field}`)} ON true`;
};

const latestStatement = (inclusive: boolean) =>
  preparedStatement<{ guids: string[]; date: string }>(
    (p) => sql`
    SELECT k.guid::text AS guid,
      ${sql.join(
        LATEST_FIELDS.map((f) => sql.raw(`l_${f}.${f} AS ${f}, l_${f}.date AS ${f}_date`)),
        sql`, `,
      )}
    FROM kpis k
    ${sql.join(
      LATEST_FIELDS.map((f) => latestField(f, p.date, inclusive)),
      sql` `,
    )}
    WHERE k.guid = ANY(${uuidArray(p.guids)})`,
  );
const LATEST = { before: latestStatement(false), atOrBefore: latestStatement(true) };

/** Per KPI and field, the latest entered value (and its date) before, or at, `date`. */
export async function latestEntries(db: Db, guids: string[], date: string, inclusive: boolean): Promise<Map<string, LatestRow>> {
  if (guids.length === 0) return new Map();
  const rows = await LATEST[inclusive ? "atOrBefore" : "before"]<LatestRow>(db, { guids, date });
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
  return preparedRows<ScaleChangeRow>(
    db,
    sql`
    SELECT v.kpi_guid::text AS guid, to_char(v.date, 'YYYY-MM-DD') AS date, v.target, v.baseline, v.min, v.max
    FROM kpi_values v
    WHERE v.kpi_guid = ANY(${uuidArray(guids)}) AND v.date >= ${from}::date AND v.date <= ${to}::date
      AND (v.target IS NOT NULL OR v.baseline IS NOT NULL OR v.min IS NOT NULL OR v.max IS NOT NULL)
    ORDER BY v.kpi_guid, v.date`,
  );
}

/** The earliest date holding an entered value of these KPIs, or null. */
export async function firstValueDate(db: Db, guids: string[]): Promise<string | null> {
  if (guids.length === 0) return null;
  const [row] = await preparedRows<{ first: string | null }>(
    db,
    sql`SELECT to_char(min(r.first_date), 'YYYY-MM-DD') AS first FROM kpi_rollups r WHERE r.grain = 'MONTH' AND r.kpi_guid = ANY(${uuidArray(guids)})`,
  );
  return row?.first ?? null;
}
