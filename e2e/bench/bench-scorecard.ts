// The scorecard the benchmarks measure: 40 KPIs entered daily under four perspectives, every
// grouping, half of them inheriting, each with its scale; and its values, one a day per KPI.
import type { ScorecardFile } from "@/lib/contract/scorecard-file";
import { openDatabase } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";

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

/** The benchmarks' three years. */
export const BENCH_FROM = "2022-01-01";
export const BENCH_TO = "2024-12-31";

/**
 * A database (PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL, else PGlite in memory) with
 * the bench scorecard and its three years of daily values, written through the batch API.
 */
export async function benchInstallation(email: string) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const created = adminUrl ? await createPostgresDatabase(adminUrl) : null;
  const database = created ? await openDatabase({ url: created.url }) : await openDatabase({ memory: true });
  const api = createTestApi(database.db, undefined, { rateLimitPerHour: 1_000_000, tokenTtlHours: 1000 });
  const { auth, scorecardIds } = await accountWithScorecards(api, database.db, email, [benchScorecard("Bench")]);
  const doc = scorecardIds[0]!;
  const kpis = (await (await api.call(`/api/document/${doc}/kpi/list`, { headers: auth })).json()).items as {
    guid: string;
    indicatorType: string;
    grouping: string;
  }[];
  const indicators = kpis.filter((k) => k.indicatorType === "INDICATOR");
  const days = (Date.parse(BENCH_TO) - Date.parse(BENCH_FROM)) / 86_400_000 + 1;
  const values = dailyValues(
    indicators.map((k) => k.guid),
    BENCH_FROM,
    days,
  );
  for (let i = 0; i < values.length; i += 5000)
    await api.call(`/api/document/${doc}/kpi/batch/set-values`, jsonInit("POST", { items: values.slice(i, i + 5000) }, auth));
  return { kind: created ? "PostgreSQL" : "PGlite", created, database, api, auth, doc, kpis, indicators, values: values.length };
}
