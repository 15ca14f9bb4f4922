import { SCORING_DEFAULTS } from "@/lib/contract/constants";
import type { Period, Status } from "@/lib/contract/kpis";

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const plain = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });

export function formatValue(value: number | null | undefined, measure = ""): string {
  if (value === null || value === undefined) return "–";
  return withMeasure(Math.abs(value) >= 100_000 ? compact.format(value) : plain.format(value), measure);
}

/** An estimate (a forecast) to three significant figures: 778.77 leads reads "779 leads", 40,191.95 "40,200". */
export function formatEstimate(value: number | null | undefined, measure = ""): string {
  if (value === null || value === undefined || value === 0) return formatValue(value, measure);
  return formatValue(Number(value.toPrecision(3)), measure);
}

const SCALES: [number, string][] = [[1e12, "T"], [1e9, "B"], [1e6, "M"], [1e3, "K"]];

/** A number in the short format with `digits` decimals on its K/M/B/T, and the number it shows. */
function shortNumber(n: number, digits: number): { text: string; shown: number } {
  if (Math.abs(n) < 100_000) return { text: plain.format(n), shown: Number(n.toFixed(2)) };
  const [scale, suffix] = SCALES.find(([s]) => Math.abs(n) >= s)!;
  const rounded = Number((n / scale).toFixed(digits));
  return { text: `${new Intl.NumberFormat("en", { maximumFractionDigits: digits }).format(rounded)}${suffix}`, shown: rounded * scale };
}

/**
 * A value and its target in the short format, with as many digits as it takes to tell them apart
 * and to show the gap between them truly: $1,150,000 against $1,100,000 reads "$1.15M" and
 * "$1.1M", never "$1.2M" and "$1.1M", and a miss never reads as equal.
 */
export function formatPair(value: number | null | undefined, target: number | null | undefined, measure = ""): [string, string] {
  if (value === null || value === undefined || target === null || target === undefined || value === target) return [formatValue(value, measure), formatValue(target, measure)];
  for (const digits of [1, 2, 3]) {
    const [a, b] = [shortNumber(value, digits), shortNumber(target, digits)];
    // The gap shown is the real gap to within half of it: same sign, and never twice as wide.
    const gap = value - target;
    if (Math.abs(a.shown - b.shown - gap) <= Math.abs(gap) / 2) return [withMeasure(a.text, measure), withMeasure(b.text, measure)];
  }
  return [fullValue(value, measure), fullValue(target, measure)];
}

/** The same format in full (no "3M"): for tables of history, where every digit may matter. */
export function fullValue(value: number | null | undefined, measure = ""): string {
  if (value === null || value === undefined) return "–";
  return withMeasure(plain.format(value), measure);
}

function withMeasure(text: string, measure: string): string {
  if (measure === "%") return `${text} %`;
  if (measure === "USD") return `$${text}`;
  return measure && measure !== "yes/no" ? `${text} ${measure}` : text;
}

/**
 * Dates and times in one style everywhere, in the reader's locale: "26 Nov 2026" or "Nov 26, 2026"
 * as their browser has it, with the time where it matters ("26 Nov 2026, 20:40").
 */
export const formatDate = (iso: string) => new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString([], { dateStyle: "medium", ...(iso.length === 10 ? { timeZone: "UTC" } : {}) });
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
export const formatTime = (iso: string) => new Date(iso).toLocaleTimeString([], { timeStyle: "short" });

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A period's short name: "Mar 2024", "Q1 2024", "H2 2024", "2024", "Week of 4 Mar 2024", "4 Mar 2024". */
export function periodLabel(start: string, period: Period): string {
  const [y, m, d] = start.split("-").map(Number) as [number, number, number];
  switch (period) {
    case "YEAR":
      return `${y}`;
    case "HALF_YEAR":
      return `H${m <= 6 ? 1 : 2} ${y}`;
    case "QUARTER":
      return `Q${Math.ceil(m / 3)} ${y}`;
    case "MONTH":
      return `${MONTHS[m - 1]} ${y}`;
    case "WEEK":
      return `Wk ${d} ${MONTHS[m - 1]} ${y}`;
    default:
      return `${d} ${MONTHS[m - 1]} ${y}`;
  }
}

export const STATUS_LABEL: Record<Status, string> = { ON_TRACK: "On track", AT_RISK: "At risk", OFF_TRACK: "Off track", NONE: "No data" };

/**
 * A score as a percentage rounded as values are (87.92 % reads 88 %), with a decimal or two more
 * where rounding would carry it across a status threshold: a target missed by a hair reads
 * 99.6 %, never 100 %, beside its "At risk".
 */
export function formatScore(score: number | null | undefined, thresholds: { onTrack: number; atRisk: number } = SCORING_DEFAULTS): string {
  if (score === null || score === undefined) return "–";
  const pct = score * 100;
  const lines = [thresholds.onTrack * 100, thresholds.atRisk * 100];
  for (let digits = 0; digits <= 6; digits++) {
    const shown = Number(pct.toFixed(digits));
    if (lines.every((line) => pct < line === shown < line)) return `${shown.toFixed(digits)} %`;
  }
  return `${pct} %`;
}

/** What a status means, for a KPI's thresholds (fractions of the way from baseline to target). */
export function statusMeaning(status: Status, thresholds: { onTrack: number; atRisk: number }): string {
  const pct = (f: number) => `${Math.round(f * 100)} %`;
  switch (status) {
    case "ON_TRACK":
      return thresholds.onTrack >= 1 ? "the target is met" : `at least ${pct(thresholds.onTrack)} of the way from the baseline to the target`;
    case "AT_RISK":
      return `${pct(thresholds.atRisk)} to ${pct(thresholds.onTrack)} of the way from the baseline to the target`;
    case "OFF_TRACK":
      return `less than ${pct(thresholds.atRisk)} of the way from the baseline to the target`;
    default:
      return "no value for this period";
  }
}

/** An alert's condition in words, its threshold in the KPI's unit or in percent: "Value above $4M". */
export function conditionText(condition: string, threshold: number | null, measure: string): string {
  switch (condition) {
    case "VALUE_ABOVE":
      return `Value above ${fullValue(threshold, measure)}`;
    case "VALUE_BELOW":
      return `Value below ${fullValue(threshold, measure)}`;
    case "PERFORMANCE_BELOW":
      return `Score below ${formatScore(threshold)}`;
    case "FORECAST_BELOW_TARGET":
      return `Projected score at the end of the year below ${formatScore(threshold)}`;
    default:
      return "Value changed";
  }
}
