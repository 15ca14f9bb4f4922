import "server-only";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { queryRows } from "@/lib/db/query";
import type { Db } from "@/lib/db/client";
import { perDatabase } from "@/lib/db/per-database";
import type { Series } from "@/lib/contract/grouped";
import type { KpiForecast, ScorecardForecast } from "@/lib/contract/forecast";
import type { Period } from "@/lib/contract/kpis";
import type { Ctx } from "../context";
import { invalidRequest, notFound } from "../errors";
import { seriesFor } from "../domain/grouped";
import { addDays, MAX_PERIODS, periodsBefore, periodsBetween, periodStart, type PeriodSpan } from "../domain/periods";
import { scorecardKpis } from "../domain/scorecards";
import { dependencies, isCalculated } from "../domain/series";
import type { BucketKpi, BucketRow } from "../domain/value-queries";
import { forecastSeries, type Forecast } from "./choose";

/** Periods a season spans, and how much history a forecast reads (about four years). */
const SEASON: Record<Period, number> = { DAY: 7, WEEK: 52, MONTH: 12, QUARTER: 4, HALF_YEAR: 2, YEAR: 1 };
const HISTORY: Record<Period, number> = { DAY: 730, WEEK: 208, MONTH: 48, QUARTER: 16, HALF_YEAR: 8, YEAR: 8 };
const DAY_MS = 86_400_000;

/** Each KPI's last target dated after `after` (and not after `until`), when it has one. */
async function targetsAfter(db: Db, guids: string[], after: string, until: string): Promise<Map<string, string>> {
  if (guids.length === 0) return new Map();
  const rows = await queryRows<{ guid: string; last: string }>(
    db,
    sql`SELECT kpi_guid::text AS guid, to_char(max(date), 'YYYY-MM-DD') AS last FROM kpi_values
        WHERE kpi_guid IN (${sql.join(
          guids.map((g) => sql`${g}::uuid`),
          sql`, `,
        )}) AND target IS NOT NULL AND date > ${after}::date AND date <= ${until}::date
        GROUP BY kpi_guid`,
  );
  return new Map(rows.map((r) => [r.guid, r.last]));
}
const MIN_HISTORY = 4;

/** The values of a KPI's complete periods, from its first value on; a gap carries the value before it. */
function historyOf(series: Series): number[] {
  const values: number[] = [];
  for (const point of series.points) {
    if (point.value === null && values.length === 0) continue;
    values.push(point.value ?? values.at(-1)!);
  }
  return values;
}

type Pick = "value" | "low" | "high";

/**
 * Buckets of the future spans from the entered KPIs' forecasts, as the rollups would give them:
 * seriesFor then computes formulas and containers from them exactly as grouped values do.
 */
const forecastBuckets =
  (forecasts: Map<string, Forecast>, spans: PeriodSpan[], pick: Pick) =>
  async (_db: unknown, kpis: BucketKpi[]): Promise<BucketRow[]> =>
    kpis.flatMap((kpi, i) => {
      const forecast = forecasts.get(kpi.guid);
      if (!forecast) return [];
      return spans.map((span, j) => ({
        kpi: i,
        day: Date.parse(span.start) / DAY_MS,
        agg: forecast.points[j]![pick],
        count: 1,
        last: forecast.points[j]![pick],
      }));
    });

// Per database: forecasts by everything they depend on (see versionKey), so a repeated read of
// figures that have not changed fits no model again.
const keptFor = perDatabase(() => new LRUCache<string, ScorecardForecast>({ max: 256 }));
// And each entered KPI's own forecast by its data version: after a write only the KPIs it changed are fitted again.
type Fit = { forecast: Forecast | null; note: string | null };
const fitsFor = perDatabase(() => new LRUCache<string, Fit>({ max: 20_000 }));

interface ForecastRequest {
  docId: number;
  period: Period;
  horizon?: string;
  guids?: string[];
}

/**
 * Every KPI's forecast to the horizon: entered KPIs from their own history (models.ts), calculated
 * KPIs and containers through seriesFor from those forecasts. The interval of a calculated KPI or
 * container is the least and greatest of it computed from its inputs' lows and from their highs.
 */
export async function forecastScorecard(ctx: Ctx, { docId, period, horizon, guids }: ForecastRequest): Promise<ScorecardForecast> {
  const defs = await scorecardKpis(ctx, docId);
  const byGuid = new Map(defs.map((d) => [d.guid, d]));
  const wanted = guids ?? defs.map((d) => d.guid);
  const missing = wanted.find((g) => !byGuid.has(g));
  if (missing) throw notFound(`KPI ${missing}`);
  const today = ctx.deps.now().toISOString().slice(0, 10);
  const current = periodStart(today, period);
  const yearEnd = `${today.slice(0, 4)}-12-31`;
  // Without a horizon each KPI looks to the end of the year, or to its last target when that is later.
  const lastTargets = horizon ? new Map<string, string>() : await targetsAfter(ctx.deps.db, wanted, yearEnd, addDays(yearEnd, 5 * 366));
  const end = horizon ?? [yearEnd, ...lastTargets.values()].sort().at(-1)!;
  if (end < current) throw invalidRequest("The horizon is before the current period", [{ path: "horizon", message: `On or after ${current}` }]);
  const future = periodsBetween(current, end, period);
  if (!future) throw invalidRequest(`The horizon is more than ${MAX_PERIODS} periods away`, [{ path: "horizon", message: "Nearer, please" }]);
  const past = periodsBetween(periodsBefore(today, period, HISTORY[period]), addDays(current, -1), period)!;
  // Every KPI's data version changes with its settings and values (migration 0014): with today's
  // period and the request, they name the answer.
  const versionKey = `${docId}|${period}|${end}|${current}|${wanted.join(",")}|${defs.map((d) => `${d.guid}:${d.dataVersion}`).join(",")}`;
  const cache = keptFor(ctx.deps.db);
  const known = cache.get(versionKey);
  if (known) return known;

  const entered = dependencies(defs, wanted).filter((g) => !isCalculated(byGuid.get(g)!));
  const fitCache = fitsFor(ctx.deps.db);
  const fitKey = (guid: string) => `${guid}|${byGuid.get(guid)!.dataVersion}|${period}|${current}|${future.length}`;
  // The fits of this read, from the cache or fitted now (a cached one may be evicted meanwhile).
  const fitted = new Map<string, Fit>();
  for (const guid of entered) {
    const known = fitCache.get(fitKey(guid));
    if (known) fitted.set(guid, known);
  }
  const unfitted = entered.filter((g) => !fitted.has(g));
  const history = unfitted.length ? await seriesFor(ctx.deps, { defs, wanted: unfitted, spans: past, period }) : [];
  for (const series of history) {
    const values = historyOf(series);
    const forecast = values.length >= MIN_HISTORY ? forecastSeries(values, SEASON[period], future.length) : null;
    const note = forecast
      ? null
      : `Too little history to forecast: ${values.length} ${values.length === 1 ? "period" : "periods"} of values, at least ${MIN_HISTORY} needed`;
    fitCache.set(fitKey(series.guid), { forecast, note });
    fitted.set(series.guid, { forecast, note });
  }
  const forecasts = new Map<string, Forecast>();
  const notes = new Map<string, string>();
  for (const [guid, { forecast, note }] of fitted) {
    if (forecast) forecasts.set(guid, forecast);
    if (note) notes.set(guid, note);
  }

  // Every future period is scored whole (no pro-rated target): as if today were past the horizon.
  const after = { ...ctx.deps, now: () => new Date(Date.parse(addDays(future.at(-1)!.end, 1))) };
  const pass = (pick: Pick) => seriesFor(after, { defs, wanted, spans: future, period }, forecastBuckets(forecasts, future, pick));
  const [mid, low, high] = await Promise.all([pass("value"), pass("low"), pass("high")]);
  const items = mid.map((series, s): KpiForecast => {
    const kpi = byGuid.get(series.guid)!;
    const own = forecasts.get(series.guid);
    const points = series.points.map((p, i) => {
      const ends = [low[s]!.points[i]!.value, high[s]!.points[i]!.value].filter((v): v is number => v !== null);
      const bounds = own
        ? { low: own.points[i]!.low, high: own.points[i]!.high }
        : { low: ends.length ? Math.min(...ends) : null, high: ends.length ? Math.max(...ends) : null };
      return { start: p.start, end: p.end, value: p.value, ...bounds, score: p.score, status: p.status };
    });
    const ownHorizon = lastTargets.get(series.guid) ?? (horizon ? end : yearEnd);
    const projection = points.find((p) => p.start <= ownHorizon && ownHorizon <= p.end) ?? points.at(-1) ?? null;
    const calculated = kpi.indicatorType === "CONTAINER" ? "container" : kpi.formula !== null ? "formula" : null;
    const note = calculated ? null : (notes.get(series.guid) ?? null);
    return {
      guid: series.guid,
      name: series.name,
      method: calculated ?? own?.method ?? null,
      error: own?.error ?? null,
      note,
      points: note ? [] : points,
      projection: note ? null : projection,
    };
  });
  const answer = { period, horizon: end, items };
  cache.set(versionKey, answer);
  return answer;
}
