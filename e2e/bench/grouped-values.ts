// Benchmark: batch writes and grouped reads of a 40-KPI scorecard with 3 years of daily values,
// on PGlite and PostgreSQL: the API in-process beside the rollup SQL it reads, every query of
// the read, and the scan of the raw values the rollups replaced. Grouped reads are timed repeated
// (answered from the series kept for their KPIs' data versions), just after a write to one KPI
// and just after a write to every KPI.
// Run: npm run bench -- grouped   (PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL, when set)
import type { Grouping, Period } from "@/lib/contract/kpis";
import { inArray, sql } from "drizzle-orm";
import { openDatabase, type Database } from "@/lib/db/client";
import { kpis as kpiTable } from "@/lib/db/schema";
import { periodsBetween } from "@/lib/service/domain/periods";
import { aggregateBuckets, latestEntries, rawBuckets, scaleChanges } from "@/lib/service/domain/value-queries";
import { accountWithScorecards, createTestApi, jsonInit } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { benchScorecard, dailyValues } from "./bench-scorecard";

const RUNS = 20;
const FROM = "2022-01-01";
const TO = "2024-12-31";

/** Median-ready samples of `fn`; what `prepare` builds for each run (a request body, say) is not timed. */
async function time<T>(fn: (input: T) => Promise<unknown>, prepare: () => T | Promise<T> = () => undefined as T): Promise<number[]> {
  await fn(await prepare()); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const input = await prepare();
    const t = performance.now();
    await fn(input);
    samples.push(performance.now() - t);
  }
  return samples.sort((a, b) => a - b);
}
const median = (s: number[]) => s[Math.floor(s.length / 2)]!;
const p95 = (s: number[]) => s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!;
const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`;

async function bench(name: string, database: Database) {
  const api = createTestApi(database.db, undefined, { rateLimitPerHour: 1_000_000, tokenTtlHours: 1000 });
  const { auth, scorecardIds } = await accountWithScorecards(api, database.db, "bench@example.com", [benchScorecard("Bench")]);
  const doc = scorecardIds[0]!;
  const kpis = (await (await api.call(`/api/document/${doc}/kpi/list`, { headers: auth })).json()).items as {
    guid: string;
    indicatorType: string;
    grouping: Grouping;
  }[];
  const indicatorKpis = kpis.filter((k) => k.indicatorType === "INDICATOR");
  const indicators = indicatorKpis.map((k) => k.guid);
  const days = (Date.parse(TO) - Date.parse(FROM)) / 86_400_000 + 1;
  const all = dailyValues(indicators, FROM, days);
  const load = performance.now();
  for (let i = 0; i < all.length; i += 5000) {
    const response = await api.call(`/api/document/${doc}/kpi/batch/set-values`, jsonInit("POST", { items: all.slice(i, i + 5000) }, auth));
    if (response.status !== 200) throw new Error(`load failed: ${response.status} ${await response.text()}`);
  }
  console.log(`\n${name}: loaded ${all.length} values in ${((performance.now() - load) / 1000).toFixed(1)} s`);

  let round = 0;
  // The client's building of the 5000-item request body is not the API's time. Runs alternate
  // with and without the revision history's triggers, to show what recording it costs.
  const history = async (on: boolean) => {
    for (const trigger of ["kpi_values_revisions_insert", "kpi_values_revisions_update"])
      await database.db.execute(sql.raw(`ALTER TABLE kpi_values ${on ? "ENABLE" : "DISABLE"} TRIGGER ${trigger}`));
  };
  const write: number[] = [];
  const withoutHistory: number[] = [];
  for (let run = -1; run < RUNS * 2; run++) {
    await history(run % 2 === 0);
    const init = jsonInit("POST", { items: all.slice(0, 5000).map((item) => ({ ...item, value: item.value + ++round })) }, auth);
    const t = performance.now();
    const response = await api.call(`/api/document/${doc}/kpi/batch/set-values`, init);
    if (response.status !== 200) throw new Error(`write failed: ${response.status}`);
    if (run >= 0) (run % 2 === 0 ? write : withoutHistory).push(performance.now() - t);
  }
  await history(true);
  write.sort((a, b) => a - b);
  withoutHistory.sort((a, b) => a - b);
  const rate = (ms: number) => `${Math.round(5000 / (ms / 1000)).toLocaleString("en-US")} values/s`;
  console.log(
    `  batch write, 5000 values (overwrites, rollups, alerts and revision history included)   median ${fmt(median(write))} (${rate(median(write))})   p95 ${fmt(p95(write))}`,
  );
  console.log(
    `  the same without recording revisions (interleaved)      median ${fmt(median(withoutHistory))} (${rate(median(withoutHistory))})   p95 ${fmt(p95(withoutHistory))}`,
  );
  // The same write when every KPI requires a note for off-track values (all on track here: checked, none refused).
  await database.db.update(kpiTable).set({ noteRequiredOffTrack: true }).where(inArray(kpiTable.guid, indicators));
  const strict = await time(
    async (init: RequestInit) => {
      const response = await api.call(`/api/document/${doc}/kpi/batch/set-values`, init);
      if (response.status !== 200) throw new Error(`write failed: ${response.status}`);
    },
    () => jsonInit("POST", { items: all.slice(0, 5000).map((item) => ({ ...item, value: 160 + ++round / 1000 })) }, auth),
  );
  await database.db.update(kpiTable).set({ noteRequiredOffTrack: false }).where(inArray(kpiTable.guid, indicators));
  console.log(`  the same, every KPI requiring notes when off track       median ${fmt(median(strict))} (${rate(median(strict))})   p95 ${fmt(p95(strict))}`);

  for (const period of ["MONTH", "WEEK"] as Period[]) {
    // The API's time ends with its answer's last byte; decoding and parsing the JSON is the client's work, timed apart.
    let body = Buffer.alloc(0);
    const read = async () => {
      const response = await api.call(`/api/document/${doc}/kpi/indicators/grouped-value/${period}/${FROM}/${TO}`, { headers: auth });
      if (response.status !== 200) throw new Error(`read failed: ${response.status}`);
      body = Buffer.from(await response.arrayBuffer());
    };
    // Repeated reads are answered from the series kept for their KPIs' data versions. After a
    // write (not timed) of one value, the read computes again the series that read that KPI (its
    // own and its perspective's); after a write of one value to every KPI, every series.
    const writeTo = (guids: string[]) => async () => {
      const items = guids.map((guid) => ({ guid, date: TO, value: ++round }));
      if ((await api.call(`/api/document/${doc}/kpi/batch/set-values`, jsonInit("POST", { items }, auth))).status !== 200) throw new Error("write failed");
    };
    const api_ = await time(read);
    const fresh = await time(read, writeTo(indicators.slice(0, 1)));
    const freshAll = await time(read, writeTo(indicators));
    const parse = await time(async () => JSON.parse(body.toString("utf8")));
    const spans = periodsBetween(FROM, TO, period)!;
    const [first, last] = [spans[0]!.start, spans[spans.length - 1]!.end];
    const rollup = await time(() => aggregateBuckets(database.db, indicatorKpis, period, first, last));
    const queries = await time(() =>
      Promise.all([
        aggregateBuckets(database.db, indicatorKpis, period, first, last),
        latestEntries(database.db, indicators, first, false),
        scaleChanges(database.db, indicators, first, last),
      ]),
    );
    const raw = await time(() => rawBuckets(database.db, indicatorKpis, period, first, last));
    console.log(
      `  grouped read by ${period.padEnd(5)}  API median ${fmt(median(api_))} p95 ${fmt(p95(api_))}` +
        ` | after a write to one KPI ${fmt(median(fresh))} p95 ${fmt(p95(fresh))} | to every KPI ${fmt(median(freshAll))} p95 ${fmt(p95(freshAll))}` +
        ` | rollup SQL ${fmt(median(rollup))} (API ${(median(api_) / median(rollup)).toFixed(1)}x;` +
        ` after a write to one KPI ${(median(fresh) / median(rollup)).toFixed(1)}x, to every KPI ${(median(freshAll) / median(rollup)).toFixed(1)}x)` +
        ` | all its SQL ${fmt(median(queries))}` +
        ` | raw-value scan it replaced ${fmt(median(raw))}` +
        ` | the client's decoding and JSON.parse of its ${(body.length / 1024).toFixed(0)} KiB ${fmt(median(parse))}`,
    );
  }
}

const pglite = await openDatabase({ memory: true });
await bench("PGlite (in-memory)", pglite);
await pglite.close();

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const created = await createPostgresDatabase(pgUrl);
  const pg = await openDatabase({ url: created.url });
  try {
    await bench("PostgreSQL", pg);
  } finally {
    await pg.close();
    await created.drop();
  }
} else {
  console.log("\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
}
