// A point's score and status, computed once on the server. The score says how far a value has
// come from its baseline to its target (0 = at or worse than the baseline, 1 = target met),
// capped, so that no value can push a container beyond its range. The status reads the score
// against the KPI's thresholds. Every rule here is written out in lib/contract/README.md.
import { SCORING_DEFAULTS, type Optimization, type Status } from "@/lib/contract/kpis";
import type { Scale } from "./performance";
import { performance } from "./performance";

export interface Scoring {
  optimization: Optimization;
  onTrackThreshold: number | null;
  atRiskThreshold: number | null;
  scoreCap: number | null;
}

// Sums of many periods' targets and values carry rounding noise; a target met within it is met.
const EPSILON = 1e-9;
const meets = (value: number, target: number, direction: 1 | -1) => direction * (value - target) >= -EPSILON * Math.max(1, Math.abs(target));

export const capOf = (kpi: Pick<Scoring, "scoreCap">) => kpi.scoreCap ?? SCORING_DEFAULTS.cap;
const clamp = (score: number, cap: number) => Math.min(cap, Math.max(0, score));

/**
 * The baseline progress starts from: the entered baseline when it lies on the far side of the
 * target (below it when more is better, above when less is), else that side's end of the scale.
 */
function startOf(scale: Scale, target: number, direction: 1 | -1): number | null {
  if (scale.baseline !== null && direction * (target - scale.baseline) > 0) return scale.baseline;
  const end = direction === 1 ? scale.min : scale.max;
  return end !== null && direction * (target - end) > 0 ? end : null;
}

/** The score in [0, cap], or null when there is no value (or nothing to measure it against). */
export function scoreOf(value: number | null, scale: Scale, kpi: Scoring): number | null {
  if (value === null) return null;
  const cap = capOf(kpi);
  const { target } = scale;
  if (kpi.optimization === "BINARY") return target === null ? null : meets(value, target, 1) ? 1 : 0;
  if (target === null) {
    // No target: the position on the min-max scale.
    const position = performance(value, kpi.optimization, scale);
    return position === null ? null : clamp(position, cap);
  }
  const direction = kpi.optimization === "MINIMIZE" ? -1 : 1;
  const met = meets(value, target, direction);
  const start = startOf(scale, target, direction);
  let progress: number;
  if (start !== null) progress = (value - start) / (target - start);
  else if (target > 0 && value >= 0) progress = direction === 1 ? value / target : value === 0 ? cap : target / value;
  else progress = met ? 1 : 0;
  return clamp(met ? Math.max(1, progress) : Math.min(progress, 1 - EPSILON), cap);
}

/** The status of a score: on track at or above the on-track threshold, at risk at or above the at-risk one. */
export function statusOf(score: number | null, kpi: Scoring): Status {
  if (score === null) return "NONE";
  if (kpi.optimization === "BINARY") return score >= 1 ? "ON_TRACK" : "OFF_TRACK";
  // Exact comparisons: a target missed by a hair has a score just under 1, and is not on track.
  if (score >= (kpi.onTrackThreshold ?? SCORING_DEFAULTS.onTrack)) return "ON_TRACK";
  if (score >= (kpi.atRiskThreshold ?? SCORING_DEFAULTS.atRisk)) return "AT_RISK";
  return "OFF_TRACK";
}
