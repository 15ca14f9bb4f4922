import type { Optimization } from "@/lib/contract/kpis";

export interface Scale {
  min: number | null;
  max: number | null;
  target: number | null;
  baseline: number | null;
}

/** Performance as a fraction, per API.md: null when an operand is missing or the divisor is 0. */
export function performance(value: number | null, optimization: Optimization, scale: Scale): number | null {
  if (value === null) return null;
  if (optimization === "BINARY") return scale.target === null ? null : value >= scale.target ? 1 : 0;
  const { min, max } = scale;
  if (min === null || max === null || max === min) return null;
  return optimization === "MAXIMIZE" ? (value - min) / (max - min) : (max - value) / (max - min);
}

/** Progress from baseline to target as a fraction; null when an operand is missing or target = baseline. */
export function progress(value: number | null, scale: Scale): number | null {
  const { baseline, target } = scale;
  if (value === null || baseline === null || target === null || target === baseline) return null;
  return (value - baseline) / (target - baseline);
}
