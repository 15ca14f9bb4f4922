// Benchmark: a write's cost beside what is dated after it. Two scorecards of the bench's 40 KPIs,
// in one database: 5,000-value batches of new values and of changed ones on each, interleaved,
// medians of RUNS; then 30,000 values dated 2031 go into the second one's KPIs and the same
// writes are timed again. A write beside later values should cost about what the plain one does
// (aim: within 1.5x), and a change about what a new value does.
// PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL when set, else PGlite.
// Run: npm run bench -- later
import { sql } from "drizzle-orm";
import { openDatabase } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { benchScorecard, dailyValues, dayAfter } from "./bench-scorecard";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const created = adminUrl ? await createPostgresDatabase(adminUrl) : null;
const database = created ? await openDatabase({ url: created.url }) : await openDatabase({ memory: true });
const api = createTestApi(database.db, undefined, { rateLimitPerHour: 1_000_000, tokenTtlHours: 1000 });
const median = (s: number[]) => [...s].sort((a, b) => a - b)[Math.floor(s.length / 2)]!;

const { auth, scorecardIds } = await accountWithScorecards(api, database.db, "later@example.com", [
  benchScorecard("Plain"),
  benchScorecard("With later values"),
]);
const indicatorsOf = async (doc: number) =>
  ((await (await api.call(`/api/document/${doc}/kpi/list`, { headers: auth })).json()).items as { guid: string; indicatorType: string }[])
    .filter((k) => k.indicatorType === "INDICATOR")
    .map((k) => k.guid);
const cards = await Promise.all(scorecardIds.map(async (doc) => ({ doc, indicators: await indicatorsOf(doc) })));
const write = async (doc: number, items: unknown[]) => {
  const t = performance.now();
  const response = await api.call(`/api/document/${doc}/kpi/batch/set-values`, jsonInit("POST", { items }, auth));
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - t;
};
// 125 days on each of the 40 KPIs: 5,000 values. New ones: the next 125 days from 2010 in each
// run (all before 2026); changed ones: the same days of 2026 with other values in each run.
let next = 0;
const fresh = (indicators: string[]) => dailyValues(indicators, dayAfter("2010-01-01", 125 * next++), 125);
const changed = (indicators: string[], run: number) => dailyValues(indicators, "2026-01-01", 125).map((v) => ({ ...v, value: v.value + run + 1 }));

async function round(label: string, items: (indicators: string[], run: number) => unknown[]) {
  const samples: number[][] = [[], []];
  for (let run = -1; run < RUNS; run++)
    for (const [i, card] of cards.entries()) {
      const ms = await write(card.doc, items(card.indicators, run));
      if (run >= 0) samples[i]!.push(ms);
    }
  const [plain, other] = samples.map(median) as [number, number];
  console.log(`  ${label.padEnd(52)} ${plain.toFixed(0).padStart(6)} ms ${other.toFixed(0).padStart(10)} ms   (${(other / plain).toFixed(2)}x)`);
}

console.log(`\n${created ? "PostgreSQL" : "PGlite"}: a 5,000-value batch, medians of ${RUNS} interleaved writes`);
console.log(`  ${"".padEnd(52)} ${"Plain".padStart(9)} ${"With later values".padStart(20)}`);
await round("new values, before any value dated 2031", fresh);
await round("changed values, before any value dated 2031", changed);
const later = dailyValues(cards[1]!.indicators, "2031-01-01", 750);
for (let i = 0; i < later.length; i += 5000) await write(cards[1]!.doc, later.slice(i, i + 5000));
console.log(`  (${later.length.toLocaleString("en")} values dated 2031 added to the second scorecard's KPIs; aim: within 1.5x)`);
await round("new values, after them", fresh);
await round("changed values, after them", changed);

// The API's batch beside the database's own work for the same rows: one INSERT ... SELECT ...
// ON CONFLICT of the 5,000 changed values in SQL, through the same triggers, with the same
// change context (so the same revisions are recorded), interleaved.
const [first] = cards;
const raw = async (run: number) => {
  const t = performance.now();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('gauge.context', ${JSON.stringify({ scorecardId: first!.doc, via: "api" })}, true)`);
    await tx.execute(sql`
      INSERT INTO kpi_values AS v (kpi_guid, date, value, named_fields)
      SELECT k.guid, d::date, 100 + 50 * sin(extract(doy FROM d) / 30.0 + k.position) + ${run}, 1
      FROM kpis k CROSS JOIN generate_series('2026-01-01'::date, '2026-05-05'::date, interval '1 day') d
      WHERE k.scorecard_id = ${first!.doc} AND k.indicator_type = 'INDICATOR'
      ORDER BY 1, 2
      ON CONFLICT (kpi_guid, date) DO UPDATE SET value = excluded.value, named_fields = excluded.named_fields`);
  });
  return performance.now() - t;
};
const apiWrites: number[] = [];
const rawWrites: number[] = [];
for (let run = -1; run < RUNS; run++) {
  const api = await write(first!.doc, changed(first!.indicators, 1000 + 2 * run));
  const statement = await raw(1001 + 2 * run);
  if (run >= 0) apiWrites.push(api), rawWrites.push(statement);
}
const rate = (ms: number) => `${Math.round(5000 / (ms / 1000)).toLocaleString("en")} values/s`;
console.log(
  `  changed values, the API's batch beside one INSERT ... SELECT of the same rows: ${rate(median(apiWrites))} vs ${rate(median(rawWrites))}` +
    ` (${(median(rawWrites) / median(apiWrites)).toFixed(2)}x the statement's rate; aim: at least 0.85x)`,
);
await database.close();
await created?.drop();
