import type { Period } from "@/lib/contract/kpis";

export const MAX_PERIODS = 1000;
/** The calendar the API accepts: yyyy-MM-dd from the year 1 to the year 9999. */
export const LAST_DATE = "9999-12-31";

const parse = (date: string) => new Date(`${date}T00:00:00Z`);
const format = (d: Date) => d.toISOString().slice(0, 10);
const MONTHS: Partial<Record<Period, number>> = { MONTH: 1, QUARTER: 3, HALF_YEAR: 6, YEAR: 12 };

/** A UTC date; unlike Date.UTC, years 0-99 are not taken for 1900-1999. */
function utc(year: number, monthIndex: number, day: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, monthIndex, day);
  return d;
}

/**
 * A pure function of short strings, remembered: a grouped read asks the same few thousand
 * questions of the calendar for every KPI (Date parsing was a fifth of a read's time).
 */
function remembered<A extends string | number, R>(fn: (date: string, a: A) => R): (date: string, a: A) => R {
  const known = new Map<string, R>();
  return (date, a) => {
    const key = `${date}|${a}`;
    let result = known.get(key);
    if (result === undefined && !known.has(key)) {
      if (known.size >= 100_000) known.clear();
      result = fn(date, a);
      known.set(key, result);
    }
    return result as R;
  };
}

/** First day of the period holding `date` (weeks are ISO weeks, Monday first). */
export const periodStart = remembered(periodStartOf);
/** First day of the period after the one starting at `start`; null when that is after the year 9999. */
export const nextPeriodStart = remembered(nextPeriodStartOf);

function periodStartOf(date: string, period: Period): string {
  const d = parse(date);
  if (period === "DAY") return date;
  if (period === "WEEK") {
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return format(d);
  }
  const months = MONTHS[period]!;
  return format(utc(d.getUTCFullYear(), d.getUTCMonth() - (d.getUTCMonth() % months), 1));
}

function nextPeriodStartOf(start: string, period: Period): string | null {
  const d = parse(start);
  if (period === "DAY" || period === "WEEK") d.setUTCDate(d.getUTCDate() + (period === "DAY" ? 1 : 7));
  else d.setUTCMonth(d.getUTCMonth() + MONTHS[period]!);
  return d.getUTCFullYear() > 9999 ? null : format(d);
}

export const addDays = remembered(addDaysOf);

function addDaysOf(date: string, days: number): string {
  const d = parse(date);
  d.setUTCDate(d.getUTCDate() + days);
  return format(d);
}

export interface PeriodSpan {
  start: string;
  end: string;
}

/** The whole periods that overlap [from, to], or null when there would be more than `limit`. */
export function periodsBetween(from: string, to: string, period: Period, limit = MAX_PERIODS): PeriodSpan[] | null {
  const spans: PeriodSpan[] = [];
  for (let start: string | null = periodStart(from, period); start !== null && start <= to; ) {
    if (spans.length === limit) return null;
    const next: string | null = nextPeriodStart(start, period);
    spans.push({ start, end: next === null ? LAST_DATE : addDays(next, -1) });
    start = next;
  }
  return spans;
}

/** First day of the period `n` periods before the one holding `date`. */
export function periodsBefore(date: string, period: Period, n: number): string {
  const d = parse(periodStart(date, period));
  if (period === "DAY" || period === "WEEK") d.setUTCDate(d.getUTCDate() - n * (period === "DAY" ? 1 : 7));
  else d.setUTCMonth(d.getUTCMonth() - n * MONTHS[period]!);
  return d.getUTCFullYear() < 1 ? "0001-01-01" : format(d);
}
