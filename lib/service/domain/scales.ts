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
  const repeated = (v: number | null) => {
    if (v === null) return null;
    let sum = 0;
    for (let i = 0; i < count; i++) sum += v * 1;
    return grouping === "SUM" ? sum : grouping === "AVERAGE" ? sum / count : v;
  };
  return { target: repeated(scale.target), baseline: repeated(scale.baseline), min: repeated(scale.min), max: repeated(scale.max) };
}

type Part = { scale: Scale; share: number };

function combine(parts: Part[], grouping: Grouping, field: (typeof SCALE_FIELDS)[number]): number | null {
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

/** Each span's scale, and whether the span is complete (it ended before today). */
export function spanScales(kpi: ScaledKpi, spans: PeriodSpan[], view: Period, changes: ScaleChange[], prior: Partial<Scale>, today: string) {
  const { at, changesBy } = inForce(kpi, changes, prior);
  const interval = kpi.updateInterval;
  if (ORDER[view] < ORDER[interval]) {
    // A finer period: the update period that starts inside it (its value is written on that first
    // day), else the one holding it.
    return spans.map((span) => {
      const next = nextPeriodStart(periodStart(span.start, interval), interval);
      const own = span.start === periodStart(span.start, interval) || next === null || next > span.end ? periodStart(span.start, interval) : next;
      return { scale: at(endOf(own, interval)), complete: span.end < today };
    });
  }
  return spans.map((span) => {
    let start: string | null = periodStart(span.start, interval);
    if (start < span.start) start = nextPeriodStart(start, interval);
    // Daily and weekly KPIs have many update periods per span: when the span is over and no
    // scale changes inside it, they all share one scale, combined without walking the days.
    if (start !== null && start <= span.end && span.end < today && (interval === "DAY" || interval === "WEEK")) {
      const step = interval === "DAY" ? 1 : 7;
      const count = Math.floor((days(start, span.end) - 1) / step) + 1;
      const firstEnd = endOf(start, interval);
      const lastEnd = endOf(addDays(start, (count - 1) * step), interval);
      const scale = at(firstEnd);
      if (!changesBy(lastEnd)) return { scale: combineSame(scale, count, kpi.grouping), complete: true };
    }
    const parts: Part[] = [];
    for (; start !== null && start <= span.end; start = nextPeriodStart(start, interval)) {
      const end = endOf(start, interval);
      // Today's period counts what has begun; its running update period by the days gone (SUM).
      const current = span.end >= today;
      if (current && start > today) break;
      const share = current && end >= today && kpi.grouping === "SUM" ? days(start, today) / days(start, end) : 1;
      parts.push({ scale: at(end), share });
    }
    const scale = Object.fromEntries(SCALE_FIELDS.map((f) => [f, combine(parts, kpi.grouping, f)])) as unknown as Scale;
    return { scale, complete: span.end < today };
  });
}
