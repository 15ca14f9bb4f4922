// The grouped values controller written as plainly as possible: the reference the property tests
// hold the service to, period by period, walking day by day where the service uses the rollups.

export type Period = "DAY" | "WEEK" | "MONTH" | "QUARTER" | "HALF_YEAR" | "YEAR";
export type Grouping = "AVERAGE" | "SUM" | "FIRST" | "LAST" | "MIN" | "MAX";
export type Optimization = "MAXIMIZE" | "MINIMIZE" | "BINARY";
export interface Rec {
  date: string;
  value?: number;
  target?: number;
}
export interface RefKpi {
  grouping: Grouping;
  inheritance: boolean;
  optimization: Optimization;
  updateInterval: Period;
  min: number;
  max: number;
  target: number;
  baseline: number;
}
interface RefScale {
  target: number | null;
  baseline: number | null;
  min: number | null;
  max: number | null;
}
export interface RefPoint extends RefScale {
  start: string;
  end: string;
  value: number | null;
  source: string;
  performance: number | null;
  progress: number | null;
  complete: boolean;
  score: number | null;
  status: string;
}

// The test API's clock (TestClock) stands at 2026-03-02.
const TODAY = "2026-03-02";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
export const plusDays = (date: string, n: number) => iso(new Date(day(date).getTime() + n * 86_400_000));

function refPeriodKey(date: string, period: Period): string {
  const d = day(date);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const pad = (n: number) => String(n + 1).padStart(2, "0");
  if (period === "DAY") return date;
  if (period === "WEEK") return plusDays(date, -((d.getUTCDay() + 6) % 7));
  if (period === "MONTH") return `${y}-${pad(m)}-01`;
  if (period === "QUARTER") return `${y}-${pad(m - (m % 3))}-01`;
  if (period === "HALF_YEAR") return `${y}-${m < 6 ? "01" : "07"}-01`;
  return `${y}-01-01`;
}

/** Every period touching [from, to], found by walking day by day. */
function refPeriods(from: string, to: string, period: Period) {
  const starts: string[] = [];
  for (let d = from; d <= to; d = plusDays(d, 1)) {
    const key = refPeriodKey(d, period);
    if (starts[starts.length - 1] !== key) starts.push(key);
  }
  return starts.map((start) => {
    let end = start;
    while (refPeriodKey(plusDays(end, 1), period) === start) end = plusDays(end, 1);
    return { start, end };
  });
}

function refGroup(values: number[], grouping: Grouping): number {
  if (grouping === "SUM") return values.reduce((a, b) => a + b, 0);
  if (grouping === "AVERAGE") return values.reduce((a, b) => a + b, 0) / values.length;
  if (grouping === "FIRST") return values[0]!;
  if (grouping === "LAST") return values[values.length - 1]!;
  if (grouping === "MIN") return Math.min(...values);
  return Math.max(...values);
}

function refPerformance(value: number | null, k: RefKpi, scale: RefScale) {
  if (value === null) return null;
  if (k.optimization === "BINARY") return scale.target === null ? null : value >= scale.target ? 1 : 0;
  if (scale.min === null || scale.max === null || scale.max === scale.min) return null;
  return k.optimization === "MAXIMIZE" ? (value - scale.min) / (scale.max - scale.min) : (scale.max - value) / (scale.max - scale.min);
}
const refProgress = (value: number | null, s: RefScale) =>
  value === null || s.target === null || s.baseline === null || s.target === s.baseline ? null : (value - s.baseline) / (s.target - s.baseline);

const ORDER: Period[] = ["DAY", "WEEK", "MONTH", "QUARTER", "HALF_YEAR", "YEAR"];
export const length = (start: string, end: string) => (day(end).getTime() - day(start).getTime()) / 86_400_000 + 1;

/**
 * A period's scale: the KPI's update periods that start inside it (or, for a finer period, the
 * one holding it), each with the target entered last by its end (else the KPI's own), combined
 * by the grouping; today's period counts the update periods begun, the running one pro-rated (SUM).
 */
function refScale(records: Rec[], k: RefKpi, start: string, end: string, view: Period): RefScale {
  const targetAt = (date: string) =>
    records
      .filter((r) => r.target !== undefined && r.date <= date)
      .sort((a, b) => a.date.localeCompare(b.date))
      .at(-1)?.target ?? k.target;
  const finer = ORDER.indexOf(view) < ORDER.indexOf(k.updateInterval);
  const touching = refPeriods(start, end, k.updateInterval);
  const updates = finer ? [touching.find((u) => u.start >= start) ?? touching[0]!] : touching.filter((u) => u.start >= start);
  const current = end >= TODAY;
  const parts = updates
    .filter((u) => finer || !current || u.start <= TODAY)
    .map((u) => ({ u, share: !finer && current && u.end >= TODAY && k.grouping === "SUM" ? length(u.start, TODAY) / length(u.start, u.end) : 1 }));
  const combine = (of: (u: { start: string; end: string }) => number): number | null => {
    if (parts.length === 0) return null;
    if (k.grouping === "SUM") return parts.reduce((sum, p) => sum + of(p.u) * p.share, 0);
    return refGroup(
      parts.map((p) => of(p.u)),
      k.grouping,
    );
  };
  return { target: combine((u) => targetAt(u.end)), baseline: combine(() => k.baseline), min: combine(() => k.min), max: combine(() => k.max) };
}

export function refSeries(records: Rec[], kpi: RefKpi, from: string, to: string, period: Period): Omit<RefPoint, "score" | "status">[] {
  const sorted = records.filter((r) => r.value !== undefined).sort((a, b) => a.date.localeCompare(b.date));
  return refPeriods(from, to, period).map(({ start, end }) => {
    const inside = sorted.filter((r) => r.date >= start && r.date <= end).map((r) => r.value!);
    let value: number | null = null;
    let source = "NONE";
    if (inside.length) {
      value = refGroup(inside, kpi.grouping);
      source = "ENTERED";
    } else if (kpi.inheritance) {
      const earlier = sorted.filter((r) => r.date < start);
      if (earlier.length) {
        value = earlier[earlier.length - 1]!.value!;
        source = "INHERITED";
      }
    }
    const scale = refScale(records, kpi, start, end, period);
    return { start, end, value, source, ...scale, performance: refPerformance(value, kpi, scale), progress: refProgress(value, scale), complete: end < TODAY };
  });
}
