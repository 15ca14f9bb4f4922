// A grouped point's target, baseline, min and max follow its period: they combine, by the KPI's
// grouping, those in force over the KPI's own update periods that start inside it. A monthly
// $2M target for a SUM KPI is $6M for a quarter; AVERAGE averages; FIRST and LAST take the first
// and the last. The period holding today counts its update periods so far, the one in progress
// pro-rated by elapsed days (SUM only). A period finer than the update interval shows the target
// of the update period that starts inside it (where its value is written), else of the one holding it.
import type { Grouping, Period } from "@/lib/contract/kpis";
import type { Scale } from "./performance";
import { addDays, nextPeriodStart, periodStart, type PeriodSpan } from "./periods";

export const SCALE_FIELDS = ["target", "baseline", "min", "max"] as const;

/** An entered record that sets at least one scale field. */
export interface ScaleChange extends Scale {
  date: string;
}

export interface ScaledKpi extends Scale {
  updateInterval: Period;
  grouping: Grouping;
}

const ORDER: Record<Period, number> = { DAY: 0, WEEK: 1, MONTH: 2, QUARTER: 3, HALF_YEAR: 4, YEAR: 5 };
const DAY_MS = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
const endOf = (start: string, period: Period) => {
  const next = nextPeriodStart(start, period);
  return next === null ? "9999-12-31" : addDays(next, -1);
};

/** Walks the changes in date order: what is in force at the end of each update period asked for (ends must not decrease). */
export function inForce(kpi: ScaledKpi, changes: ScaleChange[], prior: Partial<Scale>) {
  const current: Scale = { target: prior.target ?? kpi.target, baseline: prior.baseline ?? kpi.baseline, min: prior.min ?? kpi.min, max: prior.max ?? kpi.max };
  let next = 0;
  const at = (end: string): Scale => {
    for (; next < changes.length && changes[next]!.date <= end; next++) {
      for (const f of SCALE_FIELDS) if (changes[next]![f] !== null) current[f] = changes[next]![f];
    }
    return { ...current };
  };
  /** Whether a change not yet applied falls on or before `end`. */
  const changesBy = (end: string) => next < changes.length && changes[next]!.date <= end;
  return { at, changesBy };
}

/** The same scale for `count` update periods: what combining them one by one gives, without the dates. */
function combineSame(scale: Scale, count: number, grouping: Grouping): Scale {
  return {
    target: repeated(scale.target, count, grouping),
    baseline: repeated(scale.baseline, count, grouping),
    min: repeated(scale.min, count, grouping),
    max: repeated(scale.max, count, grouping),
  };
}

function repeated(v: number | null, count: number, grouping: Grouping): number | null {
  if (v === null) return null;
  let sum = 0;
  for (let i = 0; i < count; i++) sum += v * 1;
  return grouping === "SUM" ? sum : grouping === "AVERAGE" ? sum / count : v;
}

type ScaledPart = { scale: Scale; share: number };

// The share counts for SUM only: the others combine the parts' scales as they are.
function combine(parts: ScaledPart[], grouping: Grouping, field: (typeof SCALE_FIELDS)[number]): number | null {
  const values = parts.map((p) => p.scale[field]);
  const known = values.filter((v): v is number => v !== null);
  switch (grouping) {
    case "SUM":
      // A period is missing a part of its target when any of its update periods has none.
      return values.length === 0 || known.length < values.length ? null : parts.reduce((sum, p) => sum + p.scale[field]! * p.share, 0);
    case "FIRST":
      return values[0] ?? null;
    case "LAST":
      return values.at(-1) ?? null;
    case "MIN":
      return known.length ? Math.min(...known) : null;
    case "MAX":
      return known.length ? Math.max(...known) : null;
    default:
      return known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
  }
}

/** How a span's scale is made of the KPI's update periods: the same for every KPI of one update interval. */
type SpanLayout =
  /** A period finer than the update interval: the scale at the end of one update period. */
  | { kind: "one"; end: string; complete: boolean }
  /** A complete span of `count` daily or weekly update periods: one scale combined, unless it changes inside. */
  | { kind: "many"; count: number; firstEnd: string; lastEnd: string; parts: () => Part[]; complete: true }
  | { kind: "parts"; parts: () => Part[]; complete: boolean };

/** An update period inside a span: its end, and the share of it that counts (the running one's elapsed days). */
type Part = { end: string; share: number };

/**
 * Each span's layout over the update periods of `interval`: computed once per read and interval
 * (the calendar walk was most of a read's time when done again for every KPI).
 */
export function spanLayouts(spans: PeriodSpan[], view: Period, interval: Period, today: string): SpanLayout[] {
  if (ORDER[view] < ORDER[interval]) {
    // A finer period: the update period that starts inside it (its value is written on that first
    // day), else the one holding it.
    return spans.map((span) => {
      const next = nextPeriodStart(periodStart(span.start, interval), interval);
      const own = span.start === periodStart(span.start, interval) || next === null || next > span.end ? periodStart(span.start, interval) : next;
      return { kind: "one", end: endOf(own, interval), complete: span.end < today };
    });
  }
  return spans.map((span): SpanLayout => {
    let first: string | null = periodStart(span.start, interval);
    if (first < span.start) first = nextPeriodStart(first, interval);
    const complete = span.end < today;
    let memo: Part[] | undefined;
    const parts = () => (memo ??= partsOf(first, span, interval, today));
    // Daily and weekly KPIs have many update periods per span: when the span is over, they can
    // share one scale, combined without walking the days.
    if (first !== null && first <= span.end && complete && (interval === "DAY" || interval === "WEEK")) {
      const step = interval === "DAY" ? 1 : 7;
      const count = Math.floor((days(first, span.end) - 1) / step) + 1;
      return { kind: "many", count, firstEnd: endOf(first, interval), lastEnd: endOf(addDays(first, (count - 1) * step), interval), parts, complete };
    }
    return { kind: "parts", parts, complete };
  });
}

function partsOf(first: string | null, span: PeriodSpan, interval: Period, today: string): Part[] {
  const parts: Part[] = [];
  for (let start = first; start !== null && start <= span.end; start = nextPeriodStart(start, interval)) {
    const end = endOf(start, interval);
    // Today's period counts what has begun; its running update period by the days gone (SUM).
    const current = span.end >= today;
    if (current && start > today) break;
    parts.push({ end, share: current && end >= today ? days(start, today) / days(start, end) : 1 });
  }
  return parts;
}

/** Each span's scale, and whether the span is complete (it ended before today). */
export function spanScales(kpi: ScaledKpi, layouts: SpanLayout[], changes: ScaleChange[], prior: Partial<Scale>) {
  const { at, changesBy } = inForce(kpi, changes, prior);
  return layouts.map((layout) => {
    if (layout.kind === "one") return { scale: at(layout.end), complete: layout.complete };
    if (layout.kind === "many") {
      const scale = at(layout.firstEnd);
      if (!changesBy(layout.lastEnd)) return { scale: combineSame(scale, layout.count, kpi.grouping), complete: true };
    }
    const parts = layout.parts().map(({ end, share }) => ({ scale: at(end), share }));
    const scale = Object.fromEntries(SCALE_FIELDS.map((f) => [f, combine(parts, kpi.grouping, f)])) as unknown as Scale;
    return { scale, complete: layout.complete };
  });
}
