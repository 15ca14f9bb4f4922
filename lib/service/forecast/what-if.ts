import "server-only";
import { MAX_MAGNITUDE } from "@/lib/contract/constants";
import type { WhatIf } from "@/lib/contract/forecast";
import type { Series } from "@/lib/contract/grouped";
import type { Ctx } from "../context";
import { invalidRequest, notFound } from "../errors";
import { seriesFor, seriesWithNotes, spansOrThrow } from "../domain/grouped";
import { scorecardNotes } from "../domain/notes";
import { periodStart } from "../domain/periods";
import { scorecardKpis } from "../domain/scorecards";
import { isCalculated } from "../domain/series";
import { aggregateBuckets, type BucketKpi } from "../domain/value-queries";

const DAY_MS = 86_400_000;

/** A growth override's start: the last complete period's value, and its place among the points. */
type GrowthBase = { value: number; at: number };

/**
 * Each overridden KPI's value by span start (epoch day), from the overrides and the actual series,
 * and where each growth compounds from. Growth runs from the last value before the current period,
 * a period at a time, and replaces only the periods after the current one: actuals stay actual.
 */
function overriddenValues(request: WhatIf, actual: Series[], today: string) {
  const values = new Map<string, Map<number, number>>();
  const bases = new Map<string, GrowthBase>();
  const spansOf = (guid: string) => actual.find((s) => s.guid === guid)!.points;
  for (const [i, o] of request.overrides.entries()) {
    const own = values.get(o.guid) ?? new Map<number, number>();
    values.set(o.guid, own);
    const points = spansOf(o.guid);
    if ("value" in o) {
      const point = points.find((p) => p.start <= o.date && o.date <= p.end);
      if (!point)
        throw invalidRequest(`${o.date} is outside the range`, [{ path: "overrides", message: `${o.date} is not between ${request.from} and ${request.to}` }]);
      own.set(Date.parse(point.start) / DAY_MS, o.value);
      continue;
    }
    const current = periodStart(today, request.period);
    const at = points.findLastIndex((p) => p.start < current && p.value !== null);
    if (at < 0)
      throw invalidRequest("A KPI without a value before the current period cannot grow from it", [
        { path: "overrides", message: `No value of ${o.guid} to grow from` },
      ]);
    let base = points[at]!.value!;
    bases.set(o.guid, { value: base, at });
    for (const p of points.slice(at + 1)) {
      base *= 1 + o.growth;
      if (p.start <= current) continue;
      if (!(Math.abs(base) <= MAX_MAGNITUDE)) {
        throw invalidRequest(`Growth of ${o.growth} a period takes ${o.guid} past ${MAX_MAGNITUDE.toExponential()} by ${p.start}: no KPI value is that large`, [
          { path: `overrides.${i}.growth`, message: `Compounds past ${MAX_MAGNITUDE.toExponential()} by ${p.start}: use a smaller growth or a shorter range` },
        ]);
      }
      own.set(Date.parse(p.start) / DAY_MS, base);
    }
  }
  return { values, bases };
}

/** The grouped values (with their notes) with the overrides applied, beside the actual: nothing is stored. */
export async function whatIf(ctx: Ctx, docId: number, request: WhatIf) {
  const defs = await scorecardKpis(ctx, docId);
  const byGuid = new Map(defs.map((d) => [d.guid, d]));
  for (const [i, o] of request.overrides.entries()) {
    const kpi = byGuid.get(o.guid);
    if (!kpi) throw notFound(`KPI ${o.guid}`);
    if (isCalculated(kpi))
      throw invalidRequest(`${kpi.name} is calculated: change its inputs`, [{ path: `overrides.${i}.guid`, message: "A calculated KPI or container" }]);
  }
  const spans = spansOrThrow(request.from, request.to, request.period);
  const wanted = defs.map((d) => d.guid);
  // With overrides, both sides score every period whole, future ones included (as a forecast does):
  // as if today were past the range. Without, the answer is the grouped values' own.
  const deps = request.overrides.length ? { ...ctx.deps, now: () => new Date(Date.parse(`${spans.at(-1)!.end}T00:00:00Z`) + DAY_MS) } : ctx.deps;
  const actual = await seriesFor(deps, { defs, wanted, spans, period: request.period });
  const { values, bases } = overriddenValues(request, actual, ctx.deps.now().toISOString().slice(0, 10));
  // The rollups' buckets, with the overridden periods' replaced (or added).
  const source = async (
    db: Parameters<typeof aggregateBuckets>[0],
    kpis: BucketKpi[],
    period: Parameters<typeof aggregateBuckets>[2],
    from: string,
    to: string,
  ) => {
    const rows = (await aggregateBuckets(db, kpis, period, from, to)).filter((r) => !values.get(kpis[r.kpi]!.guid)?.has(r.day));
    const added = kpis.flatMap((k, i) => [...(values.get(k.guid) ?? [])].map(([day, value]) => ({ kpi: i, day, agg: value, count: 1, last: value })));
    return [...rows, ...added];
  };
  const items = request.overrides.length ? await seriesFor(deps, { defs, wanted, spans, period: request.period }, source) : actual;
  // What moved is told against the actual as it stands today: a period yet to come has none.
  const standing = request.overrides.length ? await seriesFor(ctx.deps, { defs, wanted, spans, period: request.period }) : actual;
  const moved = items.flatMap((series, s) =>
    series.points.flatMap((p, i) => {
      const [before, now] = [actual[s]!.points[i]!, standing[s]!.points[i]!];
      if (p.value === before.value && p.status === before.status) return [];
      return [{ guid: series.guid, name: series.name, start: p.start, actual: now.value, whatIf: p.value, actualStatus: now.status, whatIfStatus: p.status }];
    }),
  );
  const notes = await scorecardNotes(ctx.deps.db, docId, request.from, request.to);
  const answer = { period: request.period, start: request.from, end: request.to, items: seriesWithNotes(items, notes), moved };
  return { ...answer, verdicts: verdicts(items, moved, bases) };
}

/**
 * Where each KPI that moves ends at the horizon (the range's last period), against its target
 * there; for one given a growth, the growth a period that would meet that target.
 */
function verdicts(items: Series[], moved: { guid: string }[], bases: Map<string, GrowthBase>) {
  const movedGuids = new Set(moved.map((m) => m.guid));
  return items
    .filter((series) => movedGuids.has(series.guid))
    .map((series) => {
      const horizon = series.points.length - 1;
      const last = series.points[horizon]!;
      const base = bases.get(series.guid);
      const periods = base ? horizon - base.at : 0;
      const reachable = base !== undefined && last.target !== null && periods > 0 && base.value > 0 && last.target > 0;
      const neededGrowth = reachable ? (last.target! / base.value) ** (1 / periods) - 1 : null;
      return { guid: series.guid, name: series.name, start: last.start, whatIf: last.value, target: last.target, status: last.status, neededGrowth };
    });
}
