import type { Period } from "@/lib/contract/kpis";

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const plain = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });

export function formatValue(value: number | null | undefined, measure = ""): string {
  if (value === null || value === undefined) return "–";
  const text = Math.abs(value) >= 100_000 ? compact.format(value) : plain.format(value);
  if (measure === "%") return `${text} %`;
  if (measure === "USD") return `$${text}`;
  return measure && measure !== "yes/no" ? `${text} ${measure}` : text;
}

export const exactValue = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : new Intl.NumberFormat("en", { maximumFractionDigits: 6 }).format(value);

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

export type Status = "good" | "warning" | "bad" | "none";

/** Performance is already direction-aware (MINIMIZE and BINARY included). */
export function statusOf(performance: number | null | undefined): Status {
  if (performance === null || performance === undefined) return "none";
  return performance >= 0.7 ? "good" : performance >= 0.4 ? "warning" : "bad";
}

export const STATUS_LABEL: Record<Status, string> = { good: "On track", warning: "At risk", bad: "Off track", none: "No data" };
