import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { connectors, kpiValues, webhookEvents } from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { serveOverHttp } from "@/lib/testing/http-api";
import { startSourceServer } from "@/lib/testing/source-server";

const TOKEN = "Bearer s3cret-token-of-the-erp";
const salesJson = () =>
  JSON.stringify({
    data: [
      { kpi: "Sales", day: "2024-01-01", amount: 10 },
      { kpi: "costs", day: "2024-02-01T00:00:00Z", amount: "7.5" },
      { kpi: "Sales", day: "2024-02-01", amount: 12 },
      { kpi: "Sales (EU)", day: "2024-02-01", amount: 3 },
      { kpi: "Sales", day: "31/01/2024", amount: 4 },
      { kpi: "Sales", day: "2024-03-01", amount: "n/a" },
      { kpi: "Margin", day: "2024-03-01", amount: 1 },
    ],
  });

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Figures");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(testDatabases)("connectors on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let docId: number;
  let guids: Record<string, string>;
  let source: Awaited<ReturnType<typeof startSourceServer>>;
  let big = "[]";

  const call = async (method: string, path: string, body?: unknown, auth: Record<string, string> = owner.auth, on: TestApi = api) => {
    const response = await on.call(path, body === undefined ? { method, headers: auth } : jsonInit(method, body, auth));
    const text = await response.text();
    return { status: response.status, text, json: text ? JSON.parse(text) : null, headers: response.headers };
  };
  const stored = async () =>
    (await database.db.select().from(kpiValues)).map((v) => `${Object.entries(guids).find(([, g]) => g === v.kpiGuid)?.[0]} ${v.date} ${v.value}`).sort();
  const jsonConnector = (extra: Record<string, unknown> = {}) => ({
    name: "ERP figures",
    kind: "json",
    shape: "rows",
    docId,
    source: { url: `${source.url}/sales.json`, headers: { Authorization: TOKEN } },
    mapping: { rows: "$.data[*]", kpi: "$.kpi", date: "day", value: "amount" },
    ...extra,
  });

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, {
      rateLimitPerHour: 1000,
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"] },
    });
    owner = await accountWithScorecards(api, database.db, "feeds@example.com", [smallScorecard()]);
    docId = owner.scorecardIds[0]!;
    const kpis = (await call("GET", `/api/document/${docId}/kpi/list`)).json.items as { name: string; guid: string }[];
    guids = Object.fromEntries(kpis.map((k) => [k.name, k.guid]));
    source = await startSourceServer({
      "/sales.json": () => ({ body: salesJson(), requires: { Authorization: TOKEN } }),
      "/sales.csv": () => ({
        type: "text/csv",
        body: "KPI;Date;Value;Target;Note\nSales;2024-04-01;21,5;30;\nCosts;2024-04-01;9;;\nNobody;2024-04-01;1;;salary of Bob\n",
      }),
      "/big.json": () => ({ body: big }),
      "/broken": () => ({ status: 503, body: "down" }),
    });
  });
  afterAll(async () => {
    await source?.close();
    await database?.close();
  });

  it("keeps a JSON source's credentials sealed, writes its good rows as one change set, and rejects each bad row with its reason", async () => {
    const created = await call("POST", "/api/connectors", jsonConnector());
    expect(created.status).toBe(201);
    expect(created.json.source).toEqual({ url: `${source.url}/sales.json`, headers: { Authorization: "***" } });
    const [row] = await database.db.select().from(connectors).where(eq(connectors.id, created.json.id));
    expect(row!.source).not.toContain("s3cret");
    for (const answer of [created, await call("GET", "/api/connectors"), await call("GET", `/api/connectors/${created.json.id}`)])
      expect(answer.text).not.toContain("s3cret");

    const preview = await call("POST", `/api/connectors/${created.json.id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ rowsRead: 7, new: 3, changed: 0, unchanged: 0, rowsRejected: 4 });
    expect(preview.json.rejections.map((r: { row: number; reason: string }) => `${r.row}: ${r.reason}`)).toEqual([
      "4: No KPI of this scorecard is named Sales (EU)",
      '5: The date "31/01/2024" is not a date (YYYY-MM-DD)',
      '6: The value "n/a" is not a number',
      "7: Margin is calculated: its values cannot be written",
    ]);
    expect(await stored()).toEqual([]);

    const run = await call("POST", `/api/connectors/${created.json.id}/run`);
    expect(run.json).toMatchObject({ trigger: "manual", status: "succeeded", rowsRead: 7, valuesWritten: 3, valuesUnchanged: 0, rowsRejected: 4, error: null });
    expect(await stored()).toEqual(["Costs 2024-02-01 7.5", "Sales 2024-01-01 10", "Sales 2024-02-01 12"]);
    const change = (await call("GET", `/api/document/${docId}/changes?limit=1`)).json.items[0];
    expect(change).toMatchObject({ id: run.json.changeId, records: 3, by: { via: "connector", email: "feeds@example.com" } });

    // Nothing changed at the source: nothing is written twice, and no change set is made.
    const again = await call("POST", `/api/connectors/${created.json.id}/run`);
    expect(again.json).toMatchObject({ status: "succeeded", valuesWritten: 0, valuesUnchanged: 3, changeId: null });
    expect((await call("GET", `/api/document/${docId}/changes?limit=1`)).json.items[0].id).toBe(run.json.changeId);

    // The run is undone like any change set.
    expect((await call("POST", `/api/document/${docId}/changes/${run.json.changeId}/revert`)).status).toBe(200);
    expect(await stored()).toEqual([]);

    // Sent back as shown, the masked header keeps its stored value (the source still answers).
    const patched = await call("PATCH", `/api/connectors/${created.json.id}`, {
      name: "ERP",
      source: { url: `${source.url}/sales.json`, headers: { Authorization: "***" } },
    });
    expect(patched.status).toBe(200);
    expect((await call("POST", `/api/connectors/${created.json.id}/run`)).json).toMatchObject({ status: "succeeded", valuesWritten: 3 });
    const runs = (await call("GET", `/api/connectors/${created.json.id}/runs`)).json.items;
    expect(runs.map((r: { valuesWritten: number }) => r.valuesWritten)).toEqual([3, 0, 3]);
    expect(source.requests.filter((r) => r.path === "/sales.json").every((r) => r.headers.authorization === TOKEN)).toBe(true);
    await call("DELETE", `/api/connectors/${created.json.id}`);
    await database.db.delete(kpiValues);
  });

  it("runs now on a POST with no body or an empty JSON one, and backfills only a per-period connector", async () => {
    const created = await call("POST", "/api/connectors", jsonConnector());
    const path = `/api/connectors/${created.json.id}/run`;
    const empty = await api.call(path, { method: "POST", headers: { ...owner.auth, "Content-Type": "application/json" }, body: "" });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toMatchObject({ trigger: "manual", status: "succeeded" });
    expect((await call("POST", path, {})).json).toMatchObject({ trigger: "manual", status: "succeeded" });
    expect((await call("POST", path, { from: "2024-01-01" })).json.details).toEqual([
      { path: "to", message: "A backfill names both from and to; a run now names neither" },
    ]);
    const range = await call("POST", path, { from: "2024-01-01", to: "2024-12-31" });
    expect(range.status).toBe(400);
    expect(range.json.errorMessage).toBe("Only a per-period connector backfills a range: run it without a body or with {}");
    expect((await call("POST", path, { from: "2024-12-01", to: "2024-01-01" })).json.details).toEqual([{ path: "to", message: "to must not be before from" }]);
    await call("DELETE", `/api/connectors/${created.json.id}`);
    await database.db.delete(kpiValues);
  });

  it("fires alerts on what a run writes, and logs the connector's changes without its credentials", async () => {
    const hook = await call("POST", "/api/webhooks", { name: "ops", url: "https://93.184.216.34/hook" });
    await call("POST", `/api/document/${docId}/alerts`, {
      name: "Sales up",
      kpiGuid: guids.Sales,
      condition: "VALUE_ABOVE",
      threshold: 11,
      webhookId: hook.json.id,
    });
    const created = await call("POST", "/api/connectors", jsonConnector({ name: "Alerting feed" }));
    const run = (await call("POST", `/api/connectors/${created.json.id}/run`)).json;
    const fired = (await database.db.select().from(webhookEvents).where(eq(webhookEvents.type, "alert.triggered"))).map((e) => e.summary);
    expect(fired).toEqual([expect.stringContaining("Sales up")]);
    const log = (await call("GET", "/api/activity?kind=connectors")).json.items as { action: string; details: unknown }[];
    expect(log.slice(0, 2).map((e) => e.action)).toEqual(["ran a connector", "created a connector"]);
    // The run's entry names the connector, the run, and the KPIs and dates it wrote.
    expect(log[0]!.details).toEqual({
      id: String(created.json.id),
      connector: "Alerting feed",
      run: run.id,
      status: "succeeded",
      written: 3,
      rejected: 4,
      kpis: ["Costs", "Sales"],
      dates: "2024-01-01 to 2024-02-01",
    });
    await call("DELETE", `/api/connectors/${created.json.id}`);
    const deleted = (await call("GET", "/api/activity?kind=connectors")).json.items[0] as { action: string; details: unknown };
    expect(deleted).toEqual(expect.objectContaining({ action: "deleted a connector", details: { id: String(created.json.id), connector: "Alerting feed" } }));
    expect(JSON.stringify(log)).not.toContain("s3cret");
    await call("DELETE", `/api/webhooks/${hook.json.id}`);
    await database.db.delete(kpiValues);
    await database.db.delete(webhookEvents);
  });

  it("names the connectors feeding a KPI in the scorecard's tree, with when they last wrote values", async () => {
    const created = await call(
      "POST",
      "/api/connectors",
      jsonConnector({ name: "Latest sales", shape: "snapshot", mapping: { rows: "$.data[*]", kpiGuid: guids.Sales, value: "amount" } }),
    );
    expect(created.status).toBe(201);
    expect((await call("GET", `/api/document/${docId}/kpi/tree`)).json.connectors).toEqual([
      { id: created.json.id, name: "Latest sales", kpiGuid: guids.Sales, lastWrittenAt: null, lastWritten: null },
    ]);
    const run = (await call("POST", `/api/connectors/${created.json.id}/run`)).json;
    // The test clock is in March 2026: the snapshot is the month's value.
    expect(await stored()).toEqual(["Sales 2026-03-01 10"]);
    expect((await call("GET", `/api/document/${docId}/kpi/tree`)).json.connectors).toEqual([
      { id: created.json.id, name: "Latest sales", kpiGuid: guids.Sales, lastWrittenAt: run.startedAt, lastWritten: 1 },
    ]);
    await call("DELETE", `/api/connectors/${created.json.id}`);
    await database.db.delete(kpiValues);
  });

  it("reads CSV with semicolons and comma decimals, and an Excel workbook's sheet", async () => {
    const csv = await call("POST", "/api/connectors", {
      name: "Sheet",
      kind: "csv",
      shape: "rows",
      docId,
      source: { url: `${source.url}/sales.csv` },
      mapping: { kpi: "KPI", date: "Date", value: "Value", target: "Target" },
    });
    expect(csv.status).toBe(201);
    const run = (await call("POST", `/api/connectors/${csv.json.id}/run`)).json;
    expect(run).toMatchObject({
      status: "succeeded",
      rowsRead: 3,
      valuesWritten: 2,
      rowsRejected: 1,
      rejections: [{ row: 3, reason: "No KPI of this scorecard is named Nobody" }],
    });
    // A rejection shows what the mapping read, not the source row's other columns.
    expect(run.rejections[0].data).toEqual({ KPI: "Nobody", Date: "2024-04-01", Value: "1", Target: "" });
    const [sales] = await database.db.select().from(kpiValues).where(eq(kpiValues.kpiGuid, guids.Sales!));
    expect(sales).toMatchObject({ date: "2024-04-01", value: 21.5, target: 30 });

    const bytes = await workbook([
      ["kpi", "when", "figure"],
      ["Sales", new Date(Date.UTC(2024, 4, 1)), 33],
      ["Costs", "2024-05-01", 11],
    ]);
    source.routes["/book.xlsx"] = () => ({ type: "application/octet-stream", body: bytes });
    const xlsx = await call("POST", "/api/connectors", {
      name: "Book",
      kind: "csv",
      shape: "rows",
      docId,
      source: { url: `${source.url}/book.xlsx` },
      mapping: { rows: "Figures", kpi: "kpi", date: "when", value: "figure" },
    });
    expect((await call("POST", `/api/connectors/${xlsx.json.id}/run`)).json).toMatchObject({
      status: "succeeded",
      rowsRead: 2,
      valuesWritten: 2,
      rowsRejected: 0,
    });
    expect(await stored()).toEqual(["Costs 2024-04-01 9", "Costs 2024-05-01 11", "Sales 2024-04-01 21.5", "Sales 2024-05-01 33"]);
    await database.db.delete(kpiValues);
  });

  it("follows a source's redirects (a published Google Sheet's), checking each target, and sends its headers to its own origin only", async () => {
    const port = new URL(source.url).port;
    source.routes["/published"] = () => ({ status: 307, headers: { Location: "/sales.csv" }, body: "" });
    source.routes["/to-private"] = () => ({ status: 302, headers: { Location: "http://10.20.30.40/sheet.csv" }, body: "" });
    source.routes["/elsewhere"] = () => ({ status: 302, headers: { Location: `http://localhost:${port}/echo.json` }, body: "" });
    source.routes["/echo.json"] = () => ({ body: JSON.stringify([{ kpi: "Sales", day: "2024-07-01", amount: 1 }]) });
    const wide = createTestApi(database.db, api.clock, {
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1", "localhost"] },
    });
    const runOf = async (body: Record<string, unknown>) => {
      const created = await call(
        "POST",
        "/api/connectors",
        { name: "Sheet", kind: "csv", shape: "rows", docId, mapping: { kpi: "KPI", date: "Date", value: "Value" }, ...body },
        owner.auth,
        wide,
      );
      return (await call("POST", `/api/connectors/${created.json.id}/run`, undefined, owner.auth, wide)).json;
    };
    expect(await runOf({ source: { url: `${source.url}/published` } })).toMatchObject({ status: "succeeded", rowsRead: 3, valuesWritten: 2 });
    expect(await runOf({ source: { url: `${source.url}/to-private` } })).toMatchObject({
      status: "failed",
      error: "10.20.30.40 is a private or internal address: an operator may allow it by listing it in CONNECTOR_ALLOWED_HOSTS",
    });
    const json = {
      kind: "json",
      source: { url: `${source.url}/elsewhere`, headers: { Authorization: TOKEN } },
      mapping: { kpi: "kpi", date: "day", value: "amount" },
    };
    expect(await runOf(json)).toMatchObject({ status: "succeeded", valuesWritten: 1 });
    expect(source.requests.filter((r) => r.path === "/elsewhere").at(-1)!.headers.authorization).toBe(TOKEN);
    expect(source.requests.filter((r) => r.path === "/echo.json").at(-1)!.headers.authorization).toBeUndefined();
    await database.db.delete(kpiValues);
  });

  it("takes CSV and JSON at a push URL over real HTTP, without a token, one call of the account each", async () => {
    const created = await call("POST", "/api/connectors", {
      name: "Zapier",
      kind: "push",
      shape: "rows",
      docId,
      mapping: { kpi: "kpi", date: "date", value: "value" },
    });
    expect(created.status).toBe(201);
    expect(created.json.pushUrl).toMatch(/\/rest\/push\/gpk_[\w-]+$/);
    expect((await call("GET", `/api/connectors/${created.json.id}`)).text).not.toContain("gpk_");
    const server = await serveOverHttp(api);
    try {
      const url = `${server.url}/push/${created.json.pushUrl.split("/push/")[1]}`;
      const csv = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "text/csv" },
        body: "kpi,date,value\nSales,2024-06-01,5\nCosts,2024-06-01,x\n",
      });
      expect(csv.status).toBe(200);
      const remaining = Number(csv.headers.get("X-RateLimit-Remaining"));
      expect((await csv.json()).run).toMatchObject({ trigger: "push", valuesWritten: 1, rowsRejected: 1 });
      const json = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify([{ kpi: guids.Costs, date: "2024-06-01", value: 2 }]),
      });
      expect(json.status).toBe(200);
      expect(Number(json.headers.get("X-RateLimit-Remaining"))).toBe(remaining - 1);
      expect(await stored()).toEqual(["Costs 2024-06-01 2", "Sales 2024-06-01 5"]);
      // Every row rejected: a failure the sender sees, with each row's reason, and nothing written.
      const rejected = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "text/csv" },
        body: "kpi,date,value\nSales,2024-07-01,x\nNobody,2024-07-01,3\n",
      });
      expect(rejected.status).toBe(422);
      expect(await rejected.json()).toMatchObject({
        success: false,
        code: "unprocessable",
        errorMessage: expect.stringMatching(/^Nothing was written: every row was rejected \(2; run \d+\)$/),
        details: [
          { path: "rows.1", message: expect.any(String) },
          { path: "rows.2", message: expect.stringContaining("Nobody") },
        ],
      });
      expect(await stored()).toEqual(["Costs 2024-06-01 2", "Sales 2024-06-01 5"]);
      expect(
        (await fetch(`${server.url}/push/gpk_${"x".repeat(32)}`, { method: "POST", headers: { "Content-Type": "text/csv" }, body: "kpi,date,value\n" })).status,
      ).toBe(404);
      const xml = await fetch(url, { method: "POST", headers: { "Content-Type": "application/xml" }, body: "<a/>" });
      expect(xml.status).toBe(415);
    } finally {
      await server.close();
    }
    await database.db.delete(kpiValues);
  });

  it("refuses, on the run and with nothing written: a private address not allowed, an answer over the cap, a source that fails", async () => {
    const strict = createTestApi(database.db, api.clock, {
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: [], limits: { maxBytes: 2048 } },
    });
    const runOf = async (body: Record<string, unknown>, on = strict) => {
      const created = await call("POST", "/api/connectors", jsonConnector(body), owner.auth, on);
      expect(created.status).toBe(201);
      return (await call("POST", `/api/connectors/${created.json.id}/run`, undefined, owner.auth, on)).json;
    };
    expect(await runOf({})).toMatchObject({
      status: "failed",
      valuesWritten: 0,
      error: expect.stringContaining("127.0.0.1 is a private or internal address: an operator may allow it"),
    });
    expect(await runOf({ source: { url: "http://10.20.30.40/figures.json" } })).toMatchObject({
      status: "failed",
      error: expect.stringContaining("CONNECTOR_ALLOWED_HOSTS"),
    });
    big = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ kpi: "Sales", day: "2024-01-01", amount: i })) });
    const capped = createTestApi(database.db, api.clock, {
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"], limits: { maxBytes: 2048 } },
    });
    expect(await runOf({ source: { url: `${source.url}/big.json` } }, capped)).toMatchObject({
      status: "failed",
      error: "The answer is larger than 0.001953125 MiB: narrow it at the source",
    });
    expect(await runOf({ source: { url: `${source.url}/broken` } }, capped)).toMatchObject({
      status: "failed",
      error: "The source answered 503 Service Unavailable",
    });
    expect(await stored()).toEqual([]);
    // A draft's preview says why at once, as a 400.
    const draft = await call("POST", "/api/connectors/preview", jsonConnector({ source: { url: "http://10.20.30.40/x.json" } }), owner.auth, strict);
    expect(draft.status).toBe(400);
    expect(draft.json.errorMessage).toContain("private or internal");
  });

  it("tells the owner once when a connector has failed three runs in a row, and starts counting again after a good run", async () => {
    const mailing = createTestApi(database.db, api.clock, {
      mail: { smtpUrl: "smtp://127.0.0.1:9", from: "Gauge <gauge@example.com>" },
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"] },
    });
    const created = await call("POST", "/api/connectors", jsonConnector({ name: "Flaky", source: { url: `${source.url}/broken` } }), owner.auth, mailing);
    const told = async () => (await database.db.select().from(webhookEvents).where(eq(webhookEvents.type, "connector.failing"))).map((e) => e.summary);
    for (let i = 1; i <= 4; i++) {
      expect((await call("POST", `/api/connectors/${created.json.id}/run`, undefined, owner.auth, mailing)).json.status).toBe("failed");
      expect(await told()).toEqual(i < 3 ? [] : ["Connector Flaky failed 3 times in a row"]);
    }
    expect((await call("GET", `/api/connectors/${created.json.id}`, undefined, owner.auth, mailing)).json.failuresInRow).toBe(4);
    await call(
      "PATCH",
      `/api/connectors/${created.json.id}`,
      { source: { url: `${source.url}/sales.json`, headers: { Authorization: TOKEN } } },
      owner.auth,
      mailing,
    );
    expect((await call("POST", `/api/connectors/${created.json.id}/run`, undefined, owner.auth, mailing)).json.status).toBe("succeeded");
    expect((await call("GET", `/api/connectors/${created.json.id}`, undefined, owner.auth, mailing)).json).toMatchObject({
      failuresInRow: 0,
      lastRun: { status: "succeeded" },
    });
    await database.db.delete(kpiValues);
    await database.db.delete(webhookEvents);
  });

  it("rejects the rows of a locked period that would change it, each with its reason, counts those equal to it unchanged, and writes the rest", async () => {
    const lockedReason = "2024-01-01 is in a locked period (locked until 2024-01-31)";
    const lock = (lockedUntil: string | null) => call("PUT", `/api/document/${docId}/lock`, { lockedUntil });
    await lock("2024-01-31");
    const created = await call("POST", "/api/connectors", jsonConnector());
    const runNow = async () => (await call("POST", `/api/connectors/${created.json.id}/run`)).json;
    const first = await runNow();
    expect(first.rejections.map((r: { reason: string }) => r.reason)).toContain(lockedReason);
    expect(await stored()).toEqual(["Costs 2024-02-01 7.5", "Sales 2024-02-01 12"]);
    // January's row written before the lock, then read again: unchanged, not rejected.
    await lock(null);
    await runNow();
    await lock("2024-01-31");
    const again = await runNow();
    expect(again).toMatchObject({ valuesWritten: 0, valuesUnchanged: 3, rowsRejected: 4 });
    expect(again.rejections.map((r: { reason: string }) => r.reason)).not.toContain(lockedReason);
    // A locked figure that differs from the row is kept, and the row rejected.
    await lock(null);
    await call("POST", `/api/document/${docId}/kpi/batch/set-values`, { items: [{ guid: guids.Sales, date: "2024-01-01", value: 9 }] });
    await lock("2024-01-31");
    const refused = await runNow();
    expect(refused).toMatchObject({ valuesWritten: 0, valuesUnchanged: 2, rowsRejected: 5 });
    expect(refused.rejections).toContainEqual({ row: 1, reason: lockedReason, data: { "$.kpi": "Sales", day: "2024-01-01", amount: 10 } });
    expect(await stored()).toEqual(["Costs 2024-02-01 7.5", "Sales 2024-01-01 9", "Sales 2024-02-01 12"]);
    await lock(null);
    await database.db.delete(kpiValues);
  });

  it("checks a connector before saving it, each problem on its field", async () => {
    const problems = async (body: Record<string, unknown>) => {
      const answer = await call("POST", "/api/connectors", body);
      expect(answer.status).toBe(400);
      return answer.json.details.map((d: { path: string; message: string }) => `${d.path}: ${d.message}`);
    };
    const pg = { name: "ERP", kind: "postgres", docId, source: { url: "postgres://reader:pw@erp.example.com/erp" } };
    expect(await problems({ ...pg, shape: "period", mapping: { kpiGuid: guids.Sales } })).toEqual(["query: A SQL connector needs a query"]);
    expect(await problems({ ...pg, shape: "rows", query: "DELETE FROM invoices", mapping: { date: "d" } })).toEqual([
      "query: Only a SELECT query may feed values: this one starts with DELETE",
    ]);
    expect(await problems({ ...pg, shape: "rows", query: "SELECT 1; DROP TABLE invoices", mapping: { date: "d" } })).toEqual([
      "query: One statement only: the query holds a ';'",
    ]);
    expect(await problems({ ...pg, shape: "period", query: "SELECT sum(a) FROM t WHERE d >= :from", mapping: { kpiGuid: guids.Margin } })).toEqual([
      "query: A per-period query uses both :from and :to (the period's first and last day)",
      "mapping.kpiGuid: This KPI is calculated or a container: its values cannot be written",
    ]);
    expect(await problems(jsonConnector({ schedule: { cron: "* * * * *", timeZone: "Europe/Madrid" } }))).toEqual([
      "schedule.cron: A connector runs at most every 5 minutes",
    ]);
    expect(await problems(jsonConnector({ schedule: { cron: "0 6 * * 1-5", timeZone: "Mars/Olympus" } }))).toEqual([
      "schedule.timeZone: Unknown time zone Mars/Olympus: use an IANA name such as Europe/Madrid",
    ]);
    const scheduled = await call("POST", "/api/connectors", jsonConnector({ schedule: { cron: "0 6 * * 1-5", timeZone: "Europe/Madrid" } }));
    // The test clock stands at Monday 2026-03-02 09:00 UTC (10:00 in Madrid): next is Tuesday 06:00 Madrid time.
    expect(scheduled.json.schedule).toEqual({
      cron: "0 6 * * 1-5",
      timeZone: "Europe/Madrid",
      description: "At 06:00, Monday through Friday (Europe/Madrid time)",
      nextRunAt: "2026-03-03T05:00:00.000Z",
    });
  });

  it("shows connectors only to those who may write their scorecard", async () => {
    const created = await call("POST", "/api/connectors", jsonConnector({ name: "Private feed" }));
    const expert = await teammate(api, database.db, owner.accountId, "expert-feeds@example.com", "expert");
    const viewer = await teammate(api, database.db, owner.accountId, "viewer-feeds@example.com", "viewer");
    expect((await call("GET", "/api/connectors", undefined, viewer.auth)).status).toBe(403);
    expect((await call("GET", "/api/connectors", undefined, expert.auth)).json.items).toEqual([]);
    expect((await call("GET", `/api/connectors/${created.json.id}`, undefined, expert.auth)).status).toBe(404);
    expect((await call("POST", `/api/connectors/${created.json.id}/run`, undefined, expert.auth)).status).toBe(404);
    expect((await call("POST", "/api/connectors", jsonConnector(), expert.auth)).status).toBe(404);
    await call("PUT", `/api/document/${docId}/sharing`, { users: [{ userId: expert.userId, access: "read" }] });
    expect((await call("POST", "/api/connectors", jsonConnector(), expert.auth)).status).toBe(403);
    expect((await call("GET", `/api/connectors/${created.json.id}`, undefined, expert.auth)).status).toBe(404);
    await call("PUT", `/api/document/${docId}/sharing`, { users: [{ userId: expert.userId, access: "write" }] });
    expect((await call("GET", `/api/connectors/${created.json.id}`, undefined, expert.auth)).json.name).toBe("Private feed");
  });
});
