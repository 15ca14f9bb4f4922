import type { Point } from "@/lib/contract/grouped";
import type { Kpi } from "@/lib/contract/kpis";
import { formatScore, formatValue, statusMeaning, STATUS_LABEL } from "@/lib/format";

/** Why a point has its colour, in the page's own numbers. */
export function explainPoint(point: Point | undefined, kpi: Kpi): string {
  if (!point || point.value === null) return "No value for this period.";
  const rule = `${STATUS_LABEL[point.status]} means ${statusMeaning(point.status, kpi.thresholds)}.`;
  if (kpi.indicatorType === "CONTAINER") return `The average of its parts' scores, weighted: ${formatScore(point.score, kpi.thresholds)}. ${rule}`;
  const value = formatValue(point.value, kpi.measure);
  if (kpi.optimization === "BINARY") {
    return point.target === null ? "No target to meet." : `${value} against a target of ${formatValue(point.target, kpi.measure)}: ${point.score === 1 ? "met" : "not met"}.`;
  }
  if (point.target === null) {
    return point.score === null ? "No target and no scale to measure it against." : `No target: ${formatScore(point.score, kpi.thresholds)} along its scale. ${rule}`;
  }
  const from = point.baseline === null ? "" : ` from the baseline ${formatValue(point.baseline, kpi.measure)}`;
  const better = kpi.optimization === "MINIMIZE" ? " (less is better)" : "";
  return `${value} against a target of ${formatValue(point.target, kpi.measure)}${better}: ${formatScore(point.score, kpi.thresholds)} of the way${from}. ${rule}`;
}
