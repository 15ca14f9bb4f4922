import mysql from "mysql2/promise";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { kpiValues } from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";

const pgUrl = process.env.TEST_DATABASE_URL;
const mysqlUrl = process.env.TEST_MYSQL_URL;

/** Three years of daily invoices (2023-2025), amounts from the day's number: the expected monthly sums are computed the same way. */
const days = Array.from({ length: 1096 }, (_, i) => new Date(Date.UTC(2023, 0, 1 + i)).toISOString().slice(0, 10));
const amountOf = (day: string) => (Number(day.slice(8, 10)) * 3 + Number(day.slice(5, 7))) / 4;
const monthlySums = () => {
  const sums = new Map<string, number>();
  for (const day of days) sums.set(`${day.slice(0, 7)}-01`, (sums.get(`${day.slice(0, 7)}-01`) ?? 0) + amountOf(day));
  return sums;
};

/** A scorecard on the embedded database fed from a real SQL server; `sourceUrl` is that server's database. */
function sqlSourceSuite(
  kind: "postgres" | "mysql",
  setUp: () => Promise<{ sourceUrl: string; drop(): Promise<void> }>,
  dialect: { sleep: string; periodSleep: string; write: string },
) {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let docId: number;
  let guids: Record<string, string>;
  let source: Awaited<ReturnType<typeof setUp>>;
  const call = async (method: string, path: string, body?: unknown, on = api) => {
    const response = await on.call(path, body === undefined ? { method, headers: owner.auth } : jsonInit(method, body, owner.auth));
    return { status: response.status, json: await response.json().catch(() => null) };
  };
  const create = async (body: Record<string, unknown>, on = api) => {
    const created = await call("POST", "/api/connectors", { name: `${kind} feed`, kind, docId, source: { url: source.sourceUrl }, ...body }, on);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json.id as number;
  };
  const run = async (id: number, body?: unknown, on = api) => (await call("POST", `/api/connectors/${id}/run`, body, on)).json;

  beforeAll(async () => {
    source = await setUp();
    database = await openDatabase({ memory: true });
    api = createTestApi(database.db, undefined, {
      rateLimitPerHour: 1000,
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"] },
    });
    owner = await accountWithScorecards(api, database.db, `${kind}@example.com`, [smallScorecard()]);
    docId = owner.scorecardIds[0]!;
    const kpis = (await call("GET", `/api/document/${docId}/kpi/list`)).json.items as { name: string; guid: string }[];
    guids = Object.fromEntries(kpis.map((k) => [k.name, k.guid]));
  });
  afterAll(async () => {
    await database?.close();
    await source?.drop();
  });

  it("backfills a per-period KPI over three years of months, one number per month bound as :from and :to", async () => {
    const id = await create({
      shape: "period",
      query: "SELECT sum(amount) AS total FROM invoices WHERE issued >= :from AND issued <= :to -- not ':to' here",
      mapping: { kpiGuid: guids.Sales },
    });
    const backfill = await run(id, { from: "2023-01-01", to: "2025-12-31" });
    expect(backfill).toMatchObject({ trigger: "backfill", status: "succeeded", rowsRead: 36, valuesWritten: 36, rowsRejected: 0 });
    const stored = new Map((await database.db.select().from(kpiValues)).map((v) => [v.date, v.value]));
    expect(stored).toEqual(monthlySums());
    // A run now asks for the last complete month and the current one (the test clock is in March 2026): no invoices, so no row for either.
    const now = await run(id);
    expect(now.rejections.map((r: { reason: string }) => r.reason)).toEqual(["No value in total", "No value in total"]);
    // A query that answers every invoice of a month is asked for one row a period: 12 read, not 365.
    const perInvoice = await create({
      shape: "period",
      query: "SELECT amount AS total FROM invoices WHERE issued >= :from AND issued <= :to ORDER BY issued",
      mapping: { kpiGuid: guids.Sales },
    });
    expect(await run(perInvoice, { from: "2024-01-01", to: "2024-12-31" })).toMatchObject({ status: "succeeded", rowsRead: 12, valuesWritten: 12 });
    expect((await database.db.select().from(kpiValues)).find((v) => v.date === "2024-02-01")?.value).toBe(amountOf("2024-02-01"));
    await database.db.delete(kpiValues);
  });

  it("writes rows of KPI, date and value, and a snapshot at the current period", async () => {
    const rows = await create({
      shape: "rows",
      query: "SELECT kpi, day, amount, goal FROM facts ORDER BY day",
      mapping: { kpi: "kpi", date: "day", value: "amount", target: "goal" },
    });
    expect(await run(rows)).toMatchObject({
      status: "succeeded",
      rowsRead: 3,
      valuesWritten: 2,
      rowsRejected: 1,
      rejections: [{ row: 3, reason: "No KPI of this scorecard is named Returns" }],
    });
    const snapshot = await create({ shape: "snapshot", query: "SELECT count(*) AS n FROM invoices", mapping: { kpiGuid: guids.Costs } });
    expect(await run(snapshot)).toMatchObject({ status: "succeeded", valuesWritten: 1 });
    const values = (await database.db.select().from(kpiValues))
      .map((v) => `${v.kpiGuid === guids.Sales ? "Sales" : "Costs"} ${v.date} ${v.value} ${v.target}`)
      .sort();
    expect(values).toEqual(["Costs 2024-01-01 4.25 null", "Costs 2026-03-01 1096 null", "Sales 2024-01-01 10.5 12"]);
    await database.db.delete(kpiValues);
  });

  it("refuses, with nothing written: a query past its timeout, more rows than the cap, a write, a host not allowed", async () => {
    const bounded = createTestApi(database.db, api.clock, {
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"], limits: { timeoutMs: 500, maxRows: 100 } },
    });
    const slow = await create({ shape: "snapshot", query: dialect.sleep, mapping: { kpiGuid: guids.Sales } }, bounded);
    expect(await run(slow, undefined, bounded)).toMatchObject({ status: "failed", error: "The query ran past its 0.5 s limit and was stopped" });
    // A backfill whose periods each take 0.3 s stops at the run's own 1 s bound, writing nothing.
    const short = createTestApi(database.db, api.clock, {
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"], limits: { runMs: 1000 } },
    });
    const backfill = await create({ shape: "period", query: dialect.periodSleep, mapping: { kpiGuid: guids.Sales } }, short);
    expect(await run(backfill, { from: "2024-01-01", to: "2024-12-31" }, short)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/^The run went past its 1 s limit after [1-5] of 12 periods: backfill a shorter range$/),
    });
    const many = await create(
      { shape: "rows", query: "SELECT 'Sales' AS kpi, issued AS day, amount FROM invoices", mapping: { kpi: "kpi", date: "day", value: "amount" } },
      bounded,
    );
    expect(await run(many, undefined, bounded)).toMatchObject({
      status: "failed",
      error: "The query returned more than 100 rows: narrow it (the limit keeps a run within memory)",
    });
    const writes = await create({ shape: "snapshot", query: dialect.write, mapping: { kpiGuid: guids.Sales } });
    expect(await run(writes)).toMatchObject({
      status: "failed",
      error: "Only a SELECT query may feed values: the database refused a write in the read-only transaction",
    });
    const strict = createTestApi(database.db, api.clock, { connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: [] } });
    expect(await run(writes, undefined, strict)).toMatchObject({
      status: "failed",
      error: "127.0.0.1 is a private or internal address: an operator may allow it by listing it in CONNECTOR_ALLOWED_HOSTS",
    });
    expect(await database.db.select().from(kpiValues)).toEqual([]);
  });

  it("never shows the database password, in answers or in a driver's error", async () => {
    const url = new URL(source.sourceUrl);
    url.password = "wrong-Pa55word";
    const id = await create({ shape: "snapshot", query: "SELECT * FROM no_such_table", mapping: { kpiGuid: guids.Sales }, source: { url: url.toString() } });
    const shown = await call("GET", `/api/connectors/${id}`);
    expect(shown.json.source.url).toContain(":***@127.0.0.1");
    const failed = await run(id);
    expect(failed.status).toBe("failed");
    expect(JSON.stringify(failed)).not.toContain("wrong-Pa55word");
    expect(JSON.stringify((await call("GET", `/api/connectors/${id}/runs`)).json)).not.toContain("wrong-Pa55word");
  });
}

describe.runIf(pgUrl)("connectors reading PostgreSQL", () => {
  sqlSourceSuite(
    "postgres",
    async () => {
      const created = await createPostgresDatabase(pgUrl!);
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      await client.query(
        "CREATE TABLE invoices (issued date NOT NULL, amount numeric NOT NULL); CREATE TABLE facts (kpi text, day date, amount float8, goal float8); CREATE SEQUENCE counter",
      );
      await client.query("INSERT INTO invoices SELECT * FROM unnest($1::date[], $2::numeric[])", [days, days.map(amountOf)]);
      await client.query("INSERT INTO facts VALUES ('Sales', '2024-01-01', 10.5, 12), ('costs', '2024-01-01', 4.25, NULL), ('Returns', '2024-01-01', 1, NULL)");
      await client.end();
      return { sourceUrl: created.url, drop: created.drop };
    },
    { sleep: "SELECT pg_sleep(3)", periodSleep: "SELECT 1 AS total FROM pg_sleep(0.3) WHERE :from::date <= :to::date", write: "SELECT nextval('counter')" },
  );
});

describe.runIf(mysqlUrl)("connectors reading MySQL and MariaDB", () => {
  sqlSourceSuite(
    "mysql",
    async () => {
      const name = `gauge_src_${randomBytes(5).toString("hex")}`;
      const admin = await mysql.createConnection({ uri: mysqlUrl!, multipleStatements: true });
      await admin.query(`CREATE DATABASE ${name}; USE ${name};
        CREATE TABLE invoices (issued date NOT NULL, amount decimal(12, 4) NOT NULL);
        CREATE TABLE facts (kpi varchar(100), day date, amount double, goal double);
        CREATE SEQUENCE counter;
        INSERT INTO facts VALUES ('Sales', '2024-01-01', 10.5, 12), ('costs', '2024-01-01', 4.25, NULL), ('Returns', '2024-01-01', 1, NULL);`);
      await admin.query("INSERT INTO invoices (issued, amount) VALUES ?", [days.map((d) => [d, amountOf(d)])]);
      await admin.end();
      const url = new URL(mysqlUrl!);
      url.pathname = `/${name}`;
      return {
        sourceUrl: url.toString(),
        async drop() {
          const again = await mysql.createConnection({ uri: mysqlUrl! });
          await again.query(`DROP DATABASE IF EXISTS ${name}`);
          await again.end();
        },
      };
    },
    { sleep: "SELECT SLEEP(3)", periodSleep: "SELECT SLEEP(0.3) + 1 AS total FROM DUAL WHERE :from <= :to", write: "SELECT NEXTVAL(counter)" },
  );
});
