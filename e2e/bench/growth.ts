// Benchmark: growth with size. Two PostgreSQL databases hold the same account: the 40-KPI
// scorecard with three years of daily values (43,840) and 199 more scorecards of 50 KPIs. The
// big one also holds 800 scorecards of four other accounts and daily values on every one of the
// 1,000 scorecards' indicators (50,000 KPIs, 10 million values, written by SQL through the same
// triggers as the API's writes). Interleaved on both, medians of RUNS: the scorecard's grouped
// MONTH and WEEK reads (repeated, and after a write to one KPI), a 5,000-value batch write, the
// list of the 200 scorecards, a KPI's revision history, the backup of one account (another account
// with the same scorecard and values in both), a backup of the installation, and the database's
// size. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL. Run: npm run bench -- growth
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ScorecardFile } from "@/lib/contract/scorecard-file";
import { backup } from "@/lib/db/backup";
import { openDatabase, type Database } from "@/lib/db/client";
import { importScorecard } from "@/lib/db/import";
import { queryRows } from "@/lib/db/query";
import { createAccount } from "@/lib/service/domain/accounts";
import { accountWithScorecards, createTestApi, jsonInit, type TestApi } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { benchScorecard, dailyValues, dayAfter } from "./bench-scorecard";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FROM = "2022-01-01";
const TO = "2024-12-31";
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error("npm run bench -- growth needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL");

/** 45 indicators under 5 perspectives: 50 KPIs. */
const fiftyKpis = (name: string): ScorecardFile => ({
  name,
  kpis: Array.from({ length: 5 }, (_, p) => ({
    name: `Perspective ${p + 1}`,
    type: "CONTAINER" as const,
    children: Array.from({ length: 9 }, (_, i) => ({ name: `KPI ${p * 9 + i + 1}`, updateInterval: "DAY" as const, min: 0, max: 200, target: 150 })),
  })),
});

interface Installation {
  name: string;
  database: Database;
  api: TestApi;
  auth: Record<string, string>;
  doc: number;
  indicators: string[];
  /** The account whose backup is timed: the same in both installations. */
  backupAccount: number;
}

async function install(name: string, big: boolean): Promise<Installation> {
  const created = await createPostgresDatabase(adminUrl!);
  const database = await openDatabase({ url: created.url });
  const api = createTestApi(database.db, undefined, { rateLimitPerHour: 1_000_000, tokenTtlHours: 1000 });
  const { auth, accountId, scorecardIds } = await accountWithScorecards(api, database.db, "growth@example.com", [benchScorecard("Bench")]);
  const doc = scorecardIds[0]!;
  const kpis = (await (await api.call(`/api/document/${doc}/kpi/list`, { headers: auth })).json()).items as { guid: string; indicatorType: string }[];
  const indicators = kpis.filter((k) => k.indicatorType === "INDICATOR").map((k) => k.guid);
  const days = (Date.parse(TO) - Date.parse(FROM)) / 86_400_000 + 1;
  const values = dailyValues(indicators, FROM, days);
  for (let i = 0; i < values.length; i += 5000)
    await api.call(`/api/document/${doc}/kpi/batch/set-values`, jsonInit("POST", { items: values.slice(i, i + 5000) }, auth));
  const accounts = [accountId];
  if (big) for (let a = 1; a <= 4; a++) accounts.push(await createAccount(database.db, `other${a}@growth.example`, "a long password", 10));
  for (const [a, owner] of accounts.entries()) {
    for (let i = a === 0 ? 1 : 0; i < 200; i++) await database.db.transaction((tx) => importScorecard(tx, owner, fiftyKpis(`Account ${a} card ${i}`)));
  }
  if (big) {
    // 223 days of values on each indicator of every scorecard but the measured one, 20 scorecards a statement.
    const t = performance.now();
    const ids = (await queryRows<{ id: number }>(database.db, sql`SELECT id FROM scorecards WHERE id <> ${doc} ORDER BY id`)).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 20) {
      await database.db.execute(sql`
        INSERT INTO kpi_values (kpi_guid, date, value)
        SELECT k.guid, d::date, 100 + 50 * sin(extract(doy FROM d) / 30.0 + k.position)
        FROM kpis k CROSS JOIN generate_series('2024-05-23'::date, '2024-12-31'::date, interval '1 day') d
        WHERE k.indicator_type = 'INDICATOR' AND k.scorecard_id = ANY(${`{${ids.slice(i, i + 20).join(",")}}`}::int[])`);
    }
    await database.db.execute(sql`VACUUM ANALYZE`);
    console.log(`  ${name}: wrote the values by SQL in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  }
  const copy = await accountWithScorecards(api, database.db, "backup@growth.example", [benchScorecard("Bench copy")]);
  const copyKpis = (await (await api.call(`/api/document/${copy.scorecardIds[0]}/kpi/list`, { headers: copy.auth })).json()).items as {
    guid: string;
    indicatorType: string;
  }[];
  const copyValues = dailyValues(
    copyKpis.filter((k) => k.indicatorType === "INDICATOR").map((k) => k.guid),
    FROM,
    days,
  );
  for (let i = 0; i < copyValues.length; i += 5000)
    await api.call(`/api/document/${copy.scorecardIds[0]}/kpi/batch/set-values`, jsonInit("POST", { items: copyValues.slice(i, i + 5000) }, copy.auth));
  await database.db.execute(sql`ANALYZE`);
  const [counts] = await queryRows<{ scorecards: number; kpis: number; values: number }>(
    database.db,
    sql`SELECT (SELECT count(*) FROM scorecards)::int AS scorecards, (SELECT count(*) FROM kpis)::int AS kpis, (SELECT count(*) FROM kpi_values)::int AS values`,
  );
  console.log(`  ${name}: ${counts!.scorecards} scorecards, ${counts!.kpis} KPIs, ${counts!.values.toLocaleString("en")} values`);
  return { name, database, api, auth, doc, indicators, backupAccount: copy.accountId };
}

const median = (s: number[]) => [...s].sort((a, b) => a - b)[Math.floor(s.length / 2)]!;
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}
const ok = async (response: Response) => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  await response.arrayBuffer();
};

console.log("Building the two installations (the big one takes a while)...");
const installations = [await install("small", false), await install("big", true)];
let round = 0;
const measures: [string, (i: Installation) => Promise<number>][] = [
  // Each round ends with a batch write to every KPI of the scorecard: the first two reads of the next compute every series anew.
  [
    "grouped MONTH read after a write to every KPI",
    (i) => timed(async () => ok(await i.api.call(`/api/document/${i.doc}/kpi/indicators/grouped-value/MONTH/${FROM}/${TO}`, { headers: i.auth }))),
  ],
  [
    "grouped WEEK read after a write to every KPI",
    (i) => timed(async () => ok(await i.api.call(`/api/document/${i.doc}/kpi/indicators/grouped-value/WEEK/${FROM}/${TO}`, { headers: i.auth }))),
  ],
  [
    "grouped MONTH read after a write to one KPI",
    async (i) => {
      await ok(
        await i.api.call(
          `/api/document/${i.doc}/kpi/batch/set-values`,
          jsonInit("POST", { items: [{ guid: i.indicators[0], date: TO, value: ++round }] }, i.auth),
        ),
      );
      return timed(async () => ok(await i.api.call(`/api/document/${i.doc}/kpi/indicators/grouped-value/MONTH/${FROM}/${TO}`, { headers: i.auth })));
    },
  ],
  [
    "grouped WEEK read after a write to one KPI",
    async (i) => {
      await ok(
        await i.api.call(
          `/api/document/${i.doc}/kpi/batch/set-values`,
          jsonInit("POST", { items: [{ guid: i.indicators[1], date: TO, value: ++round }] }, i.auth),
        ),
      );
      return timed(async () => ok(await i.api.call(`/api/document/${i.doc}/kpi/indicators/grouped-value/WEEK/${FROM}/${TO}`, { headers: i.auth })));
    },
  ],
  [
    "5,000-value batch write (new dates)",
    (i) => {
      // 125 new days for the 40 KPIs, after every date written so far.
      const start = dayAfter("2025-01-01", 125 * (round++ + 10));
      const items = dailyValues(i.indicators, start, 125);
      return timed(async () => ok(await i.api.call(`/api/document/${i.doc}/kpi/batch/set-values`, jsonInit("POST", { items }, i.auth))));
    },
  ],
  ["scorecard list, 200 scorecards", (i) => timed(async () => ok(await i.api.call("/api/documents/list", { headers: i.auth })))],
  ["a KPI's revision history", (i) => timed(async () => ok(await i.api.call(`/api/document/${i.doc}/kpi/${i.indicators[2]}/revisions`, { headers: i.auth })))],
];
const samples = new Map(measures.map(([name]) => [name, { small: [] as number[], big: [] as number[] }]));
for (let run = -1; run < RUNS; run++) {
  for (const [name, measure] of measures) {
    for (const installation of installations) {
      const ms = await measure(installation);
      if (run >= 0) samples.get(name)![installation.name as "small" | "big"].push(ms);
    }
  }
}
const folder = mkdtempSync(path.join(tmpdir(), "gauge-growth-"));
const backups = { account: { small: [] as number[], big: [] as number[] }, installation: { small: [] as number[], big: [] as number[] } };
const backupSize = { account: { small: 0, big: 0 }, installation: { small: 0, big: 0 } };
// One account's backup, interleaved RUNS times; the installation's, which grows with the total as it must, once.
for (let run = 0; run < RUNS; run++) {
  for (const kind of ["account", "installation"] as const) {
    if (kind === "installation" && run > 0) continue;
    for (const installation of installations) {
      const file = path.join(folder, `${installation.name}-${kind}.jsonl.gz`);
      const account = kind === "account" ? installation.backupAccount : undefined;
      backups[kind][installation.name as "small" | "big"].push(await timed(() => backup(installation.database.db, file, { account })));
      backupSize[kind][installation.name as "small" | "big"] = statSync(file).size;
    }
  }
}
rmSync(folder, { recursive: true, force: true });
const size = async (i: Installation) =>
  Number((await queryRows<{ size: string }>(i.database.db, sql`SELECT pg_database_size(current_database())::text AS size`))[0]!.size);
const sizes = { small: await size(installations[0]!), big: await size(installations[1]!) };

const sizeText = (bytes: number) =>
  bytes < 10 * 1024 * 1024 ? `${(bytes / 1024).toFixed(0).padStart(7)} KiB` : `${(bytes / 1024 / 1024).toFixed(0).padStart(7)} MiB`;
const fmt = (ms: number) => `${ms.toFixed(1).padStart(8)} ms`;
console.log(`\nPostgreSQL, medians of ${RUNS} interleaved runs (the installation's backup: one run)`);
console.log(`${"".padEnd(46)} ${"small".padStart(11)} ${"big".padStart(11)}   big / small`);
for (const [name, { small, big }] of samples)
  console.log(`${name.padEnd(46)} ${fmt(median(small))} ${fmt(median(big))}   ${(median(big) / median(small)).toFixed(2)}x`);
for (const [kind, label] of [
  ["account", "backup of one account (43,840 values)"],
  ["installation", "backup of the installation"],
] as const) {
  const [small, big] = [median(backups[kind].small), median(backups[kind].big)];
  console.log(
    `${label.padEnd(46)} ${fmt(small)} ${fmt(big)}   ${(big / small).toFixed(2)}x (${sizeText(backupSize[kind].small).trim()} and ${sizeText(backupSize[kind].big).trim()} gzipped)`,
  );
}
console.log(`${"database size".padEnd(46)} ${sizeText(sizes.small)} ${sizeText(sizes.big)}   ${(sizes.big / sizes.small).toFixed(1)}x`);
for (const installation of installations) await installation.database.close();
process.exit(0);
