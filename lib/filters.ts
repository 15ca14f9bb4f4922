import { isCalendarDate, isPeriod, type Period } from "@/lib/contract/constants";

/** The chart's filters, kept in the URL: ?period=MONTH&from=2025-12-01&to=2026-11-30 */
export interface ChartFilters {
  period: Period;
  from: string;
  to: string;
  /** Why the range in the URL was not used (the default range is shown instead): a message of `filters` and its values. */
  problem?: { key: "reversed"; from: string; to: string } | { key: "notDate"; value: string; field: "from" | "to" };
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The default range of each period: enough points for a readable chart, ending today (never in the future). */
export function defaultRange(period: Period, today = new Date()): { from: string; to: string } {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const monthsBack: Record<Period, number> = { DAY: 1, WEEK: 5, MONTH: 11, QUARTER: 23, HALF_YEAR: 35, YEAR: 35 };
  return { from: iso(new Date(Date.UTC(y, m - monthsBack[period], 1))), to: iso(today) };
}

/** The chart's filters from the URL; anything missing or invalid falls back to the defaults. */
export function filtersFrom(params: Record<string, string | string[] | undefined>, today = new Date()): ChartFilters {
  const one = (key: string) => (Array.isArray(params[key]) ? params[key][0] : params[key]);
  const rawPeriod = one("period");
  const period = isPeriod(rawPeriod) ? rawPeriod : "MONTH";
  const [rawFrom, rawTo] = [one("from"), one("to")];
  const from = rawFrom !== undefined && isCalendarDate(rawFrom) ? rawFrom : undefined;
  const to = rawTo !== undefined && isCalendarDate(rawTo) ? rawTo : undefined;
  if (from && to && from <= to) return { period, from, to };
  const fallback = { period, ...defaultRange(period, today) };
  if (rawFrom === undefined && rawTo === undefined) return fallback;
  const problem: ChartFilters["problem"] =
    from && to
      ? { key: "reversed", from, to }
      : !from
        ? { key: "notDate", value: rawFrom ?? "", field: "from" }
        : { key: "notDate", value: rawTo ?? "", field: "to" };
  return { ...fallback, problem };
}

/** The grouped read behind a chart. */
export const groupedInput = (docId: number, { period, from, to }: ChartFilters) => ({ docId, period, startDate: from, endDate: to });
