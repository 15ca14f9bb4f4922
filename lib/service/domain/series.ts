// Turns per-period aggregates into the grouped values controller's series: entered and
// inherited values, formula KPIs evaluated per period, containers rolled up from children.
import type { Grouping, Optimization } from "@/lib/contract/kpis";
import type { Point, PointSource, Series } from "@/lib/contract/grouped";
import { evaluate, FormulaError, parseFormula, type Expr } from "./formula";
import type { PeriodSpan } from "./periods";
import { performance, progress, type Scale } from "./performance";

export interface KpiDef extends Scale {
  guid: string;
  name: string;
  measure: string;
  parentGuid: string | null;
  indicatorType: "CONTAINER" | "INDICATOR";
  formula: string | null;
  grouping: Grouping;
  inheritance: boolean;
  optimization: Optimization;
  weight: number;
}

/** A period's entered records of one KPI: the grouped value, the last value, the last scale fields. */
export interface Bucket extends Scale {
  agg: number | null;
  last: number | null;
}

/** The latest entries before the range: where inheritance and scales start from. */
export type Prior = Partial<Scale> & { value?: number | null };

export interface SeriesInput {
  kpis: KpiDef[];
  spans: PeriodSpan[];
  buckets: Map<string, Map<string, Bucket>>;
  prior: Map<string, Prior>;
}

const SCALE_FIELDS = ["min", "max", "target", "baseline"] as const;

export const isCalculated = (kpi: Pick<KpiDef, "indicatorType" | "formula">) =>
  kpi.indicatorType === "CONTAINER" || kpi.formula !== null;

function point(span: PeriodSpan, value: number | null, source: PointSource, kpi: KpiDef, scale: Scale): Point {
  return {
    start: span.start,
    end: span.end,
    value,
    target: scale.target,
    performance: performance(value, kpi.optimization, scale),
    progress: progress(value, scale),
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
  const inProgress = new Set<string>();
  const empty = (kpi: KpiDef) => input.spans.map((s) => point(s, null, "NONE", kpi, kpi));

  function entered(kpi: KpiDef): Point[] {
    const prior = input.prior.get(kpi.guid) ?? {};
    const scale: Scale = { min: prior.min ?? kpi.min, max: prior.max ?? kpi.max, target: prior.target ?? kpi.target, baseline: prior.baseline ?? kpi.baseline };
    let carried = prior.value ?? null;
    const buckets = input.buckets.get(kpi.guid);
    return input.spans.map((span) => {
      const bucket = buckets?.get(span.start);
      for (const f of SCALE_FIELDS) if (bucket && bucket[f] !== null) scale[f] = bucket[f];
      if (bucket && bucket.agg !== null) {
        carried = bucket.last;
        return point(span, bucket.agg, "ENTERED", kpi, { ...scale });
      }
      return point(span, kpi.inheritance ? carried : null, "INHERITED", kpi, { ...scale });
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
    const refs = new Map<string, Point[] | null>();
    const lookup = (i: number) => (guid: string) => {
      if (!refs.has(guid)) refs.set(guid, byGuid.has(guid) ? pointsOf(byGuid.get(guid)!) : null);
      return refs.get(guid)?.[i]?.value ?? null;
    };
    return input.spans.map((span, i) => point(span, evaluate(expr, lookup(i)), "CALCULATED", kpi, kpi));
  }

  function container(kpi: KpiDef): Point[] {
    const parts = (children.get(kpi.guid) ?? []).map((child) => ({ weight: child.weight, points: pointsOf(child) }));
    return input.spans.map((span, i) => {
      let sum = 0;
      let weights = 0;
      for (const part of parts) {
        const p = part.points[i]?.performance;
        if (p === null || p === undefined) continue;
        sum += part.weight * p;
        weights += part.weight;
      }
      const value = weights > 0 ? (100 * sum) / weights : null;
      return {
        start: span.start,
        end: span.end,
        value,
        target: null,
        performance: value === null ? null : value / 100,
        progress: null,
        source: value === null ? "NONE" : "CALCULATED",
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
  const byGuid = new Map(kpis.map((k) => [k.guid, k]));
  const seen = new Set<string>();
  const visit = (guid: string) => {
    const kpi = byGuid.get(guid);
    if (!kpi || seen.has(guid)) return;
    seen.add(guid);
    if (kpi.indicatorType === "CONTAINER") kpis.filter((k) => k.parentGuid === guid).forEach((k) => visit(k.guid));
    else if (kpi.formula) for (const ref of kpi.formula.matchAll(/\[([^\]]+)\]/g)) visit(ref[1]!.trim().toLowerCase());
  };
  guids.forEach(visit);
  return [...seen];
}
