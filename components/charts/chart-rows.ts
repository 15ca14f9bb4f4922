import type { ForecastPoint } from "@/lib/contract/forecast";
import type { Point } from "@/lib/contract/grouped";
import type { Row } from "./chart-marks";

/**
 * A KPI chart's rows: each period as drawn (its complete value on the solid line, the running one
 * on the dashed "so far" line, its notes, its forecast and band), then the forecast's periods past
 * the range.
 */
export function chartRows(points: Point[], forecast: ForecastPoint[], label: (start: string) => string, notes?: Map<string, string[]>): Row[] {
  const firstRunning = points.findIndex((p) => !p.complete && p.value !== null);
  const ahead = new Map(forecast.filter((f) => f.value !== null).map((f) => [f.start, f]));
  const lastDone = points.findLastIndex((p) => p.complete && p.value !== null);
  // The running period's target and baseline are its share so far: drawn, they would dip.
  const running = points.findIndex((p) => !p.complete);
  const data: Row[] = points.map((p, i) => {
    const f = ahead.get(p.start);
    return {
      ...p,
      label: label(p.start),
      done: p.complete ? p.value : null,
      // The dashed segment runs from the last complete value to the running period's.
      soFar: firstRunning >= 0 && (i === firstRunning || i === firstRunning - 1) ? p.value : null,
      notes: notes?.get(p.start) ?? [],
      targetLine: i === running ? null : p.target,
      baselineLine: i === running ? null : p.baseline,
      // The forecast line starts at the last complete value.
      expected: f ? f.value : i === lastDone && ahead.size > 0 ? p.value : null,
      band: f && f.low !== null && f.high !== null ? [f.low, f.high] : i === lastDone && ahead.size > 0 && p.value !== null ? [p.value, p.value] : null,
    };
  });
  // Periods after the range that the forecast reaches.
  const lastStart = points.at(-1)?.start ?? "";
  for (const f of forecast) {
    if (f.start <= lastStart || f.value === null) continue;
    data.push({
      start: f.start,
      end: f.end,
      value: null,
      target: null,
      baseline: null,
      min: null,
      max: null,
      performance: null,
      progress: null,
      score: f.score,
      status: f.status,
      complete: false,
      source: "NONE",
      label: label(f.start),
      done: null,
      soFar: null,
      notes: [],
      targetLine: null,
      baselineLine: null,
      expected: f.value,
      band: f.low !== null && f.high !== null ? [f.low, f.high] : null,
    });
  }
  return data;
}
