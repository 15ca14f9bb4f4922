// The scorecard the benchmarks measure: 40 KPIs entered daily under four perspectives, every
// grouping, half of them inheriting, each with its scale; and its values, one a day per KPI.
import type { ScorecardFile } from "@/lib/contract/scorecard-file";

const KPIS = 40;
const GROUPINGS = ["AVERAGE", "SUM", "FIRST", "LAST", "MIN", "MAX"] as const;

export function benchScorecard(name: string): ScorecardFile {
  return {
    name,
    kpis: Array.from({ length: 4 }, (_, g) => ({
      name: `Perspective ${g + 1}`,
      type: "CONTAINER" as const,
      children: Array.from({ length: KPIS / 4 }, (_, i) => ({
        name: `KPI ${g * 10 + i + 1}`,
        updateInterval: "DAY" as const,
        grouping: GROUPINGS[(g * 10 + i) % GROUPINGS.length],
        inheritance: i % 2 === 0,
        min: 0,
        max: 200,
        target: 150,
        baseline: 50,
      })),
    })),
  };
}

/** yyyy-MM-dd, n days after `date`. */
export const dayAfter = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A value a day for each KPI from `from`, `days` days long: a slow wave around 100, shifted per KPI. */
export const dailyValues = (guids: string[], from: string, days: number) =>
  guids.flatMap((guid, k) => Array.from({ length: days }, (_, d) => ({ guid, date: dayAfter(from, d), value: 100 + 50 * Math.sin((d + k) / 30) })));
