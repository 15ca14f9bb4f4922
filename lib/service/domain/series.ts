// Turns per-period aggregates into the grouped values controller's series: entered and
// inherited values, formula KPIs evaluated per period, containers rolled up from their children's
// scores; every point with the scale of its period, its score and its status.
import type { Grouping, Optimization, Period } from "@/lib/contract/kpis";
import type { Point, PointSource, Series } from "@/lib/contract/grouped";
import { evaluate, FormulaError, parseFormula, type Expr } from "@/lib/contract/formula";
import type { PeriodSpan } from "./periods";
import { performance, progress, type Scale } from "./performance";
import { spanLayouts, spanScales, type ScaleChange } from "./scales";
import { capOf, scoreOf, statusOf } from "./scoring";

export interface KpiDef extends Scale {
  guid: string;
  name: string;
  measure: string;
  parentGuid: string | null;
  indicatorType: "CONTAINER" | "INDICATOR";
  formula: string | null;
  updateInterval: Period;
  grouping: Grouping;
  inheritance: boolean;
  optimization: Optimization;
  weight: number;
  onTrackThreshold: number | null;
  atRiskThreshold: number | null;
  scoreCap: number | null;
}

/** A period's entered records of one KPI: the grouped value, and the last value (what inheritance carries). */
export interface Bucket {
  agg: number | null;
  last: number | null;
}

/** The latest entries before the range: where inheritance and scales start from. */
export type Prior = Partial<Scale> & { value?: number | null };

export interface SeriesInput {
  kpis: KpiDef[];
  spans: PeriodSpan[];
  /** The period the spans are of. */
  period: Period;
  /** yyyy-MM-dd: periods ending before it are complete. */
  today: string;
  /** Per entered KPI: its buckets by span index (none where the span holds no entered value). */
  buckets: Map<string, (Bucket | undefined)[]>;
  /** Per KPI: the last value before the range. */
  prior: Map<string, Prior>;
  /** Per KPI: scale fields in force before the changes, and the changes in date order. */
  scales: Map<string, { prior: Partial<Scale>; changes: ScaleChange[] }>;
  /** Series computed before (over the same spans, from the same data), read instead of computed again. */
  kept?: Map<string, SeriesCore>;
}

/**
 * What containers and formulas read of another KPI's series, per span: its value and score, and
 * flags saying which of them it has (a score may be NaN, where huge figures overflow) and
 * whether the period is complete.
 */
export interface SeriesCore {
  values: Float64Array;
  scores: Float64Array;
  flags: Uint8Array;
}
const HAS_VALUE = 1;
const HAS_SCORE = 2;
const COMPLETE = 4;

export function coreOf(points: Point[]): SeriesCore {
  const core = { values: new Float64Array(points.length), scores: new Float64Array(points.length), flags: new Uint8Array(points.length) };
  points.forEach((p, i) => {
    if (p.value !== null) core.values[i] = p.value;
    if (p.score !== null) core.scores[i] = p.score;
    core.flags[i] = (p.value !== null ? HAS_VALUE : 0) | (p.score !== null ? HAS_SCORE : 0) | (p.complete ? COMPLETE : 0);
  });
  return core;
}

export const isCalculated = (kpi: Pick<KpiDef, "indicatorType" | "formula">) => kpi.indicatorType === "CONTAINER" || kpi.formula !== null;

function point(span: PeriodSpan, value: number | null, source: PointSource, kpi: KpiDef, scale: Scale, complete: boolean): Point {
  const score = scoreOf(value, scale, kpi);
  return {
    start: span.start,
    end: span.end,
    value,
    target: scale.target,
    baseline: scale.baseline,
    min: scale.min,
    max: scale.max,
    performance: performance(value, kpi.optimization, scale),
    progress: progress(value, scale),
    score,
    status: statusOf(score, kpi),
    complete,
    source: value === null ? "NONE" : source,
  };
}

export function computeSeries(input: SeriesInput, wanted: string[]): Series[] {
  const byGuid = new Map(input.kpis.map((k) => [k.guid, k]));
  const children = new Map<string, KpiDef[]>();
  for (const kpi of input.kpis) {
    if (kpi.parentGuid) children.set(kpi.parentGuid, [...(children.get(kpi.parentGuid) ?? []), kpi]);
  }
  const done = new Map<string, Point[]>();
  const cores = new Map<string, SeriesCore>(input.kept);
  /** A KPI's series as another one reads it: kept, or computed. */
  const coreFor = (kpi: KpiDef): SeriesCore => {
    const known = cores.get(kpi.guid);
    if (known) return known;
    const points = pointsOf(kpi);
    const core = coreOf(points);
    // Not what a formula cycle gives a KPI still being computed: its own series comes later.
    if (done.get(kpi.guid) === points) cores.set(kpi.guid, core);
    return core;
  };
  const inProgress = new Set<string>();
  const layouts = new Map<Period, ReturnType<typeof spanLayouts>>();
  const layoutOf = (interval: Period) => {
    if (!layouts.has(interval)) layouts.set(interval, spanLayouts(input.spans, input.period, interval, input.today));
    return layouts.get(interval)!;
  };
  const scalesOf = (kpi: KpiDef) => {
    const known = input.scales.get(kpi.guid);
    return spanScales(kpi, layoutOf(kpi.updateInterval), known?.changes ?? [], known?.prior ?? {});
  };
  const empty = (kpi: KpiDef) => scalesOf(kpi).map(({ scale, complete }, i) => point(input.spans[i]!, null, "NONE", kpi, scale, complete));

  function entered(kpi: KpiDef): Point[] {
    let carried = input.prior.get(kpi.guid)?.value ?? null;
    const buckets = input.buckets.get(kpi.guid);
    return scalesOf(kpi).map(({ scale, complete }, i) => {
      const span = input.spans[i]!;
      const bucket = buckets?.[i];
      if (bucket && bucket.agg !== null) {
        carried = bucket.last;
        return point(span, bucket.agg, "ENTERED", kpi, scale, complete);
      }
      return point(span, kpi.inheritance ? carried : null, "INHERITED", kpi, scale, complete);
    });
  }

  function formula(kpi: KpiDef): Point[] {
    let expr: Expr;
    try {
      expr = parseFormula(kpi.formula!);
    } catch (error) {
      if (error instanceof FormulaError) return empty(kpi);
      throw error;
    }
    const refs = new Map<string, SeriesCore | null>();
    const lookup = (i: number) => (guid: string) => {
      if (!refs.has(guid)) refs.set(guid, byGuid.has(guid) ? coreFor(byGuid.get(guid)!) : null);
      const ref = refs.get(guid);
      return ref && ref.flags[i]! & HAS_VALUE ? ref.values[i]! : null;
    };
    return scalesOf(kpi).map(({ scale, complete }, i) => point(input.spans[i]!, evaluate(expr, lookup(i)), "CALCULATED", kpi, scale, complete));
  }

  /** A container's score: its children's scores averaged by weight (children without a score skipped), within its own cap. */
  function container(kpi: KpiDef): Point[] {
    const parts = (children.get(kpi.guid) ?? []).map((child) => ({ weight: child.weight, core: coreFor(child) }));
    return input.spans.map((span, i) => {
      let sum = 0;
      let weights = 0;
      for (const part of parts) {
        if (!(part.core.flags[i]! & HAS_SCORE)) continue;
        const s = part.core.scores[i]!;
        sum += part.weight * s;
        weights += part.weight;
      }
      const score = weights > 0 ? Math.min(capOf(kpi), Math.max(0, sum / weights)) : null;
      const complete = parts.length > 0 ? (parts[0]!.core.flags[i]! & COMPLETE) !== 0 : span.end < input.today;
      return {
        start: span.start,
        end: span.end,
        value: score === null ? null : 100 * score,
        target: null,
        baseline: null,
        min: null,
        max: null,
        performance: score,
        progress: null,
        score,
        status: statusOf(score, kpi),
        complete,
        source: score === null ? "NONE" : "CALCULATED",
      };
    });
  }

  function pointsOf(kpi: KpiDef): Point[] {
    const known = done.get(kpi.guid);
    if (known) return known;
    // A KPI reached again while it is being computed is part of a formula cycle: no values.
    if (inProgress.has(kpi.guid)) return empty(kpi);
    inProgress.add(kpi.guid);
    const points = kpi.indicatorType === "CONTAINER" ? container(kpi) : kpi.formula !== null ? formula(kpi) : entered(kpi);
    inProgress.delete(kpi.guid);
    done.set(kpi.guid, points);
    return points;
  }

  return wanted.flatMap((guid) => {
    const kpi = byGuid.get(guid);
    return kpi ? [{ guid: kpi.guid, name: kpi.name, measure: kpi.measure, points: pointsOf(kpi) }] : [];
  });
}

/** The KPIs a computation of `guids` reads: themselves, children of containers, formula references. */
export function dependencies(kpis: KpiDef[], guids: string[]): string[] {
  return dependencyWalker(kpis)(guids);
}

/**
 * `dependencies` over one scorecard's KPIs for many calls: each KPI's links are found once. With
 * `cut`, a KPI reached from the ones asked for that `cut` accepts is listed but not followed.
 */
export function dependencyWalker(kpis: KpiDef[]): (guids: string[], cut?: (guid: string) => boolean) => string[] {
  const byGuid = new Map(kpis.map((k) => [k.guid, k]));
  const children = new Map<string, string[]>();
  for (const k of kpis) if (k.parentGuid) children.set(k.parentGuid, [...(children.get(k.parentGuid) ?? []), k.guid]);
  const links = new Map<string, string[]>();
  const linksOf = (kpi: KpiDef) => {
    let known = links.get(kpi.guid);
    if (!known) {
      if (kpi.indicatorType === "CONTAINER") known = children.get(kpi.guid) ?? [];
      else known = kpi.formula ? [...kpi.formula.matchAll(/\[([^\]]+)\]/g)].map((ref) => ref[1]!.trim().toLowerCase()) : [];
      links.set(kpi.guid, known);
    }
    return known;
  };
  return (guids, cut) => {
    const asked = new Set(guids);
    const seen = new Set<string>();
    const visit = (guid: string) => {
      const kpi = byGuid.get(guid);
      if (!kpi || seen.has(guid)) return;
      seen.add(guid);
      if (cut && !asked.has(guid) && cut(guid)) return;
      linksOf(kpi).forEach(visit);
    };
    guids.forEach(visit);
    return [...seen];
  };
}
