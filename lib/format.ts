import type { Period, Status } from "@/lib/contract/kpis";

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const plain = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });

export function formatValue(value: number | null | undefined, measure = ""): string {
  if (value === null || value === undefined) return "–";
  return withMeasure(Math.abs(value) >= 100_000 ? compact.format(value) : plain.format(value), measure);
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

/** A score as a whole percentage, rounded down: a target missed by a hair reads 99 %, not 100 %. */
export const formatScore = (score: number | null | undefined) => (score === null || score === undefined ? "–" : `${Math.floor(score * 100 + 1e-9)} %`);

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
    default:
      return "Value changed";
  }
}
