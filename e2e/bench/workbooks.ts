// Benchmark: a connector's heaviest reads, with the memory they take. A zip bomb (a workbook under
// 2 MiB whose sheet inflates to 1 GiB) refused; a workbook of just under 20 MiB (200,000 rows, the
// cap) previewed ("Test connection"), then read and written; a per-period backfill of 500 days (the cap) from MariaDB. For each: its
// time and the process's resident memory at its peak (sampled every 20 ms) above where it began.
// Gauge's database is PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) when set, else PGlite.
// Run: npm run bench -- workbooks   (needs TEST_MYSQL_URL for the backfill, as .ci/run sets it)
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { openDatabase } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { startSourceServer } from "@/lib/testing/source-server";
import { zipBomb } from "@/lib/testing/zip-bomb";
import { benchScorecard } from "./bench-scorecard";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const mysqlUrl = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL;
if (!mysqlUrl) throw new Error("Set TEST_MYSQL_URL (MariaDB or MySQL): the backfill reads a real server");
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

// The workbook is built in a child process, so that building it does not count here.
const workbookFile = path.join(tmpdir(), `gauge-bench-${randomBytes(4).toString("hex")}.xlsx`);
const made = spawnSync(process.execPath, [path.join(import.meta.dirname, "make-workbook.mjs"), workbookFile, "40", "5000", "70"], { stdio: "inherit" });
if (made.status !== 0) throw new Error("the workbook could not be made");
const workbook = readFileSync(workbookFile);
rmSync(workbookFile);
const bomb = await zipBomb(1024 * 1024 * 1024);

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const created = adminUrl ? await createPostgresDatabase(adminUrl) : null;
const database = created ? await openDatabase({ url: created.url }) : await openDatabase({ memory: true });
const api = createTestApi(database.db, undefined, {
  rateLimitPerHour: 1_000_000,
  tokenTtlHours: 1000,
  connectors: { secret: "a connector secret for the benchmark, 32+ chars", allowedHosts: ["127.0.0.1", "localhost"] },
});
const { auth, scorecardIds } = await accountWithScorecards(api, database.db, "bench-workbooks@example.com", [benchScorecard("Workbooks")]);
const docId = scorecardIds[0]!;
const kpis = (await (await api.call(`/api/document/${docId}/kpi/list`, { headers: auth })).json()).items as { guid: string; name: string }[];
const source = await startSourceServer({
  "/book.xlsx": () => ({ type: XLSX, body: workbook }),
  "/bomb.xlsx": () => ({ type: XLSX, body: bomb }),
});
const mysqlName = `gauge_bench_${randomBytes(4).toString("hex")}`;
const admin = await mysql.createConnection({ uri: mysqlUrl, multipleStatements: true });
await admin.query(`CREATE DATABASE ${mysqlName}; USE ${mysqlName}; CREATE TABLE sales (issued date NOT NULL, amount double NOT NULL, KEY (issued));`);
await admin.query("INSERT INTO sales VALUES ?", [Array.from({ length: 500 }, (_, d) => [new Date(Date.UTC(2024, 0, 1 + d)), 100 + (d % 37)])]);
const mysqlSource = new URL(mysqlUrl);
mysqlSource.pathname = `/${mysqlName}`;

const post = async (route: string, body?: unknown) =>
  (await api.call(route, body === undefined ? { method: "POST", headers: auth } : jsonInit("POST", body, auth))).json();
/** Runs `work`, sampling this process's resident memory, and answers its time and the peak above the start. */
async function measured<T>(work: () => Promise<T>): Promise<{ ms: number; peak: number; answer: T }> {
  globalThis.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const began = performance.now();
  const answer = await work();
  const ms = performance.now() - began;
  clearInterval(sampler);
  return { ms, peak: Math.max(peak, process.memoryUsage().rss) - start, answer };
}
const rowsConnector = (name: string, route: string) =>
  post("/api/connectors", {
    name,
    kind: "csv",
    shape: "rows",
    docId,
    source: { url: `${source.url}${route}` },
    mapping: { kpi: "KPI", date: "Date", value: "Value" },
  });

const bombRun = await measured(async () => post(`/api/connectors/${(await rowsConnector("Bomb", "/bomb.xlsx")).id}/run`));
const book = await rowsConnector("Export", "/book.xlsx");
const bookPreview = await measured(async () => post(`/api/connectors/${book.id}/preview`));
const bookRun = await measured(async () => post(`/api/connectors/${book.id}/run`));
const backfill = await measured(async () => {
  const connector = await post("/api/connectors", {
    name: "Daily sales",
    kind: "mysql",
    shape: "period",
    docId,
    source: { url: mysqlSource.toString() },
    query: "SELECT sum(amount) FROM sales WHERE issued BETWEEN :from AND :to",
    mapping: { kpiGuid: kpis.find((k) => k.name === "KPI 1")!.guid },
  });
  return post(`/api/connectors/${connector.id}/run`, { from: "2024-01-01", to: "2025-05-14" });
});

console.log(`\nConnector reads on ${created ? "PostgreSQL" : "PGlite"}: time, and resident memory at the peak above the start`);
const ran = (answer: { status: string; valuesWritten: number; error: string | null }) =>
  `${answer.status}: ${answer.error ?? `${answer.valuesWritten.toLocaleString("en")} values written`}`;
const line = (what: string, run: { ms: number; peak: number }, said: string) =>
  console.log(`  ${what.padEnd(64)} ${(run.ms / 1000).toFixed(2).padStart(6)} s  +${mib(run.peak).padStart(10)}  ${said}`);
line(`zip bomb: ${mib(bomb.length)} that inflates to 1 GiB`, bombRun, ran(bombRun.answer));
line(`workbook of ${mib(workbook.length)}, 200,000 rows: Test connection`, bookPreview, `${bookPreview.answer.new.toLocaleString("en")} new values shown`);
line(`workbook of ${mib(workbook.length)}, 200,000 rows: run`, bookRun, ran(bookRun.answer));
line("per-period backfill of 500 days from MariaDB", backfill, ran(backfill.answer));

await admin.query(`DROP DATABASE ${mysqlName}`);
await admin.end();
await source.close();
await database.close();
await created?.drop();
