// Benchmark: the scorecard list (documents/list, with each scorecard's health) for an account of
// 3 scorecards and of 200, in-process: medians of 20 reads each. The list should not cost more
// than about 3x as much at 200 as at 3. PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL
// when set, else PGlite.
// Run: npm run bench -- list
import { openDatabase } from "@/lib/db/client";
import { importScorecard } from "@/lib/db/import";
import { accountWithScorecards, createTestApi, smallScorecard } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";

const RUNS = 20;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const created = adminUrl ? await createPostgresDatabase(adminUrl) : null;
const database = created ? await openDatabase({ url: created.url }) : await openDatabase({ memory: true });
const api = createTestApi(database.db, undefined, { rateLimitPerHour: 1_000_000, tokenTtlHours: 1000 });
const median = (s: number[]) => [...s].sort((a, b) => a - b)[Math.floor(s.length / 2)]!;

const withValues = (name: string) => {
  const card = smallScorecard(name);
  const sales = card.kpis[0]!.children![0]!;
  sales.values = ["2025-12-01", "2026-01-01", "2026-02-01"].map((date, i) => ({ date, value: 50 + i * 10 }));
  return card;
};
const accounts: Record<number, Record<string, string>> = {};
for (const n of [3, 200]) {
  const { auth, accountId } = await accountWithScorecards(api, database.db, `list${n}@example.com`, [withValues("Card 0")]);
  for (let i = 1; i < n; i++) await database.db.transaction((tx) => importScorecard(tx, accountId, withValues(`Card ${i}`)));
  accounts[n] = auth;
}
const samples: Record<number, number[]> = { 3: [], 200: [] };
for (let run = -1; run < RUNS; run++) {
  for (const n of [3, 200]) {
    const t = performance.now();
    const response = await api.call("/api/documents/list", { headers: accounts[n]! });
    await response.arrayBuffer();
    if (run >= 0) samples[n]!.push(performance.now() - t);
  }
}
const [small, large] = [median(samples[3]!), median(samples[200]!)];
console.log(`\n${created ? "PostgreSQL" : "PGlite"}: documents/list, medians of ${RUNS} interleaved reads`);
console.log(`  3 scorecards:   ${small.toFixed(1).padStart(7)} ms`);
console.log(`200 scorecards:   ${large.toFixed(1).padStart(7)} ms   (${(large / small).toFixed(1)}x; aim: at most 3x)`);
await database.close();
await created?.drop();
