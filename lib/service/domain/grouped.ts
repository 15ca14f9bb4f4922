import "server-only";
import type { GroupedValues, Series } from "@/lib/contract/grouped";
import type { Grouping, Period } from "@/lib/contract/kpis";
import type { Ctx, Deps } from "../context";
import { invalidRequest, notFound } from "../errors";
import { periodsBetween, MAX_PERIODS, type PeriodSpan } from "./periods";
import { scorecardKpis } from "./scorecards";
import { computeSeries, dependencies, isCalculated, type Bucket, type KpiDef, type Prior } from "./series";
import { aggregateBuckets, latestEntries, type BucketRow } from "./value-queries";

export function spansOrThrow(from: string, to: string, period: Period): PeriodSpan[] {
  if (from > to) throw invalidRequest("startDate is after endDate", [{ path: "endDate", message: "Must not be before startDate" }]);
  const spans = periodsBetween(from, to, period);
  if (!spans) {
    throw invalidRequest(`The range holds more than ${MAX_PERIODS} periods of ${period}`, [
      { path: "endDate", message: `At most ${MAX_PERIODS} periods` },
    ]);
  }
  return spans;
}

export interface SeriesRequest {
  /** Every KPI of the scorecard (formulas and containers may reach any of them). */
  defs: KpiDef[];
  wanted: string[];
  spans: PeriodSpan[];
  period: Period;
}

/** Series for the wanted KPIs over the spans: two SQL queries whatever the number of KPIs. */
export async function seriesFor(deps: Deps, { defs, wanted, spans, period }: SeriesRequest): Promise<Series[]> {
  const byGuid = new Map(defs.map((d) => [d.guid, d]));
  const entered = dependencies(defs, wanted).filter((g) => !isCalculated(byGuid.get(g)!));
  const first = spans[0]!.start;
  const last = spans[spans.length - 1]!.end;
  const [rows, latest] = await Promise.all([
    aggregateBuckets(deps.db, entered, period, first, last),
    latestEntries(deps.db, entered, first, false),
  ]);
  const buckets = new Map<string, Map<string, Bucket>>();
  for (const r of rows) {
    if (!buckets.has(r.guid)) buckets.set(r.guid, new Map());
    const agg = grouped(r, byGuid.get(r.guid)!.grouping);
    buckets.get(r.guid)!.set(r.bucket, { agg, last: r.last_value, target: r.target, baseline: r.baseline, min: r.min, max: r.max });
  }
  const prior = new Map<string, Prior>([...latest].map(([g, l]) => [g, { value: l.value, target: l.target, baseline: l.baseline, min: l.min, max: l.max }]));
  return computeSeries({ kpis: defs, spans, buckets, prior }, wanted);
}

function grouped(row: BucketRow, grouping: Grouping): number | null {
  switch (grouping) {
    case "SUM":
      return row.sum;
    case "MIN":
      return row.min_value;
    case "MAX":
      return row.max_value;
    case "FIRST":
      return row.first_value;
    case "LAST":
      return row.last_value;
    default:
      return row.avg;
  }
}

export interface GroupedRequest {
  docId: number;
  period: Period;
  startDate: string;
  endDate: string;
  /** Only these KPIs (default: every KPI of the scorecard). */
  guids?: string[];
}

export async function groupedValues(ctx: Ctx, { docId, period, startDate, endDate, guids }: GroupedRequest): Promise<GroupedValues> {
  const spans = spansOrThrow(startDate, endDate, period);
  const defs = await scorecardKpis(ctx, docId);
  const known = new Set(defs.map((d) => d.guid));
  const missing = (guids ?? []).find((g) => !known.has(g));
  if (missing) throw notFound(`KPI ${missing}`);
  const items = await seriesFor(ctx.deps, { defs, wanted: guids ?? defs.map((d) => d.guid), spans, period });
  return { start: startDate, end: endDate, period, items };
}
