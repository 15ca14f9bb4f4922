// Benchmark: connectors feeding a 40-KPI monthly scorecard. A per-period connector per KPI
// backfilling 36 months from MariaDB (1,440 queries), and one rows connector reading 100,000 rows
// from PostgreSQL, run again when nothing changed at the source. Medians of interleaved runs, the
// values written afresh each run. Gauge's own database is PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL) when set, else PGlite.
// Run: npm run bench -- connectors   (needs TEST_DATABASE_URL and TEST_MYSQL_URL, as .ci/run sets them)
import { randomBytes } from "node:crypto";
import mysql from "mysql2/promise";
import pg from "pg";
import { openDatabase } from "@/lib/db/client";
import { kpiValues } from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, jsonInit } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { dayAfter } from "./bench-scorecard";

const ROUNDS = 3;
const KPIS = 40;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const mysqlUrl = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL;
if (!pgUrl || !mysqlUrl) throw new Error("Set TEST_DATABASE_URL (PostgreSQL) and TEST_MYSQL_URL (MariaDB or MySQL): the sources are real servers");

const days = Array.from({ length: 1096 }, (_, d) => dayAfter("2023-01-01", d));
const median = (s: number[]) => [...s].sort((a, b) => a - b)[Math.floor(s.length / 2)]!;

// The sources: MariaDB with a daily amount per KPI over three years, PostgreSQL with 100,000 rows of KPI, date and value.
const mysqlName = `gauge_bench_${randomBytes(4).toString("hex")}`;
const admin = await mysql.createConnection({ uri: mysqlUrl, multipleStatements: true });
await admin.query(
  `CREATE DATABASE ${mysqlName}; USE ${mysqlName}; CREATE TABLE invoices (kpi int NOT NULL, issued date NOT NULL, amount double NOT NULL, KEY (kpi, issued));`,
);
for (let k = 1; k <= KPIS; k++) await admin.query("INSERT INTO invoices VALUES ?", [days.map((day, d) => [k, day, 100 + ((d * k) % 97)])]);
const pgSource = await createPostgresDatabase(pgUrl);
const client = new pg.Client({ connectionString: pgSource.url });
await client.connect();
await client.query(
  `CREATE TABLE facts AS SELECT 'KPI ' || (1 + i % ${KPIS}) AS kpi, DATE '2000-01-01' + (i / ${KPIS}) AS day, (i % 1000)::float8 AS amount FROM generate_series(0, 99999) i`,
);
await client.end();

const target = await createPostgresDatabase(pgUrl).catch(() => null);
const database = target ? await openDatabase({ url: target.url }) : await openDatabase({ memory: true });
const api = createTestApi(database.db, undefined, {
  rateLimitPerHour: 1_000_000,
  tokenTtlHours: 1000,
  connectors: { secret: "a connector secret for the benchmark, 32+ chars", allowedHosts: ["127.0.0.1", "localhost"] },
});
const card = {
  name: "Connected",
  kpis: Array.from({ length: KPIS }, (_, i) => ({ name: `KPI ${i + 1}`, updateInterval: "MONTH" as const, grouping: "SUM" as const })),
};
const { auth, scorecardIds } = await accountWithScorecards(api, database.db, "bench-connectors@example.com", [card]);
const docId = scorecardIds[0]!;
const kpis = (
  (await (await api.call(`/api/document/${docId}/kpi/list`, { headers: auth })).json()).items as { guid: string; name: string; indicatorType: string }[]
).filter((k) => k.indicatorType === "INDICATOR");
const call = async (path: string, body?: unknown) => {
  const response = await api.call(path, body === undefined ? { method: "POST", headers: auth } : jsonInit("POST", body, auth));
  const answer = await response.json();
  if (response.status >= 300 || answer.status === "failed") throw new Error(`${path}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
};
const mysqlSource = new URL(mysqlUrl);
mysqlSource.pathname = `/${mysqlName}`;
const perPeriod: number[] = [];
for (const [i, kpi] of kpis.entries()) {
  const body = {
    name: `Backfill ${kpi.name}`,
    kind: "mysql",
    shape: "period",
    docId,
    source: { url: mysqlSource.toString() },
    query: `SELECT sum(amount) FROM invoices WHERE kpi = ${i + 1} AND issued BETWEEN :from AND :to`,
    mapping: { kpiGuid: kpi.guid },
  };
  perPeriod.push((await call("/api/connectors", body)).id);
}
const rows = (
  await call("/api/connectors", {
    name: "100k rows",
    kind: "postgres",
    shape: "rows",
    docId,
    source: { url: pgSource.url },
    query: "SELECT kpi, day, amount FROM facts",
    mapping: { kpi: "kpi", date: "day", value: "amount" },
  })
).id;

const backfill: number[] = [];
const rowsRun: number[] = [];
const unchanged: number[] = [];
let written = { backfill: 0, rows: 0 };
for (let round = 0; round < ROUNDS; round++) {
  await database.db.delete(kpiValues);
  let t = performance.now();
  let values = 0;
  for (const id of perPeriod) values += (await call(`/api/connectors/${id}/run`, { from: "2023-01-01", to: "2025-12-31" })).valuesWritten;
  backfill.push(performance.now() - t);
  await database.db.delete(kpiValues);
  t = performance.now();
  const run = await call(`/api/connectors/${rows}/run`);
  rowsRun.push(performance.now() - t);
  t = performance.now();
  const again = await call(`/api/connectors/${rows}/run`);
  unchanged.push(performance.now() - t);
  if (again.valuesWritten !== 0) throw new Error("an unchanged source wrote again");
  written = { backfill: values, rows: run.valuesWritten };
}
const line = (what: string, ms: number, values: number, unit = "values/s") =>
  console.log(
    `${what.padEnd(66)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${Math.round(values / (ms / 1000))
      .toLocaleString("en")
      .padStart(9)} ${unit}`,
  );
console.log(`\nGauge on ${target ? "PostgreSQL" : "PGlite"}; medians of ${ROUNDS} interleaved rounds`);
line(`per-period backfill, ${KPIS} KPIs x 36 months from MariaDB (${written.backfill} values)`, median(backfill), written.backfill);
line(`rows connector, 100,000 rows from PostgreSQL (${written.rows} values)`, median(rowsRun), written.rows);
line("the same rows connector again, nothing changed (0 written)", median(unchanged), written.rows, "rows compared/s");

await database.close();
await target?.drop();
await pgSource.drop();
await admin.query(`DROP DATABASE ${mysqlName}`);
await admin.end();
