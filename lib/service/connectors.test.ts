import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { connectors, kpiValues, webhookEvents } from "@/lib/db/schema";
import { createTestApi } from "@/lib/testing/api";
import { TOKEN, connectorSuite, workbook } from "@/lib/testing/connector-suite";
import { testDatabases } from "@/lib/testing/databases";

describe.each(testDatabases)("connectors on $name", ({ open }) => {
  const s = connectorSuite(open);
  const { call, stored, jsonConnector, rowsConnector } = s;

  it("keeps a JSON source's credentials sealed, writes its good rows as one change set, and rejects each bad row with its reason", async () => {
    const created = await call("POST", "/api/connectors", jsonConnector());
    expect(created.status).toBe(201);
    expect(created.json.source).toEqual({ url: `${s.source.url}/sales.json`, headers: { Authorization: "***" } });
    const [row] = await s.database.db.select().from(connectors).where(eq(connectors.id, created.json.id));
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
    const change = (await call("GET", `/api/document/${s.docId}/changes?limit=1`)).json.items[0];
    expect(change).toMatchObject({ id: run.json.changeId, records: 3, by: { via: "connector", email: "feeds@example.com" } });

    // Nothing changed at the source: nothing is written twice, and no change set is made.
    const again = await call("POST", `/api/connectors/${created.json.id}/run`);
    expect(again.json).toMatchObject({ status: "succeeded", valuesWritten: 0, valuesUnchanged: 3, changeId: null });
    expect((await call("GET", `/api/document/${s.docId}/changes?limit=1`)).json.items[0].id).toBe(run.json.changeId);

    // The run is undone like any change set.
    expect((await call("POST", `/api/document/${s.docId}/changes/${run.json.changeId}/revert`)).status).toBe(200);
    expect(await stored()).toEqual([]);

    // Sent back as shown, the masked header keeps its stored value (the source still answers).
    const patched = await call("PATCH", `/api/connectors/${created.json.id}`, {
      name: "ERP",
      source: { url: `${s.source.url}/sales.json`, headers: { Authorization: "***" } },
    });
    expect(patched.status).toBe(200);
    expect((await call("POST", `/api/connectors/${created.json.id}/run`)).json).toMatchObject({ status: "succeeded", valuesWritten: 3 });
    const runs = (await call("GET", `/api/connectors/${created.json.id}/runs`)).json.items;
    expect(runs.map((r: { valuesWritten: number }) => r.valuesWritten)).toEqual([3, 0, 3]);
    expect(s.source.requests.filter((r) => r.path === "/sales.json").every((r) => r.headers.authorization === TOKEN)).toBe(true);
    await call("DELETE", `/api/connectors/${created.json.id}`);
    await s.database.db.delete(kpiValues);
  });

  it("runs now on a POST with no body or an empty JSON one, and backfills only a per-period connector", async () => {
    const created = await call("POST", "/api/connectors", jsonConnector());
    const path = `/api/connectors/${created.json.id}/run`;
    const empty = await s.api.call(path, { method: "POST", headers: { ...s.owner.auth, "Content-Type": "application/json" }, body: "" });
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
    await s.database.db.delete(kpiValues);
  });

  it("fires alerts on what a run writes, and logs the connector's changes without its credentials", async () => {
    const hook = await call("POST", "/api/webhooks", { name: "ops", url: "https://93.184.216.34/hook" });
    await call("POST", `/api/document/${s.docId}/alerts`, {
      name: "Sales up",
      kpiGuid: s.guids.Sales,
      condition: "VALUE_ABOVE",
      threshold: 11,
      webhookId: hook.json.id,
    });
    const created = await call("POST", "/api/connectors", jsonConnector({ name: "Alerting feed" }));
    const run = (await call("POST", `/api/connectors/${created.json.id}/run`)).json;
    const fired = (await s.database.db.select().from(webhookEvents).where(eq(webhookEvents.type, "alert.triggered"))).map((e) => e.summary);
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
    await s.database.db.delete(kpiValues);
    await s.database.db.delete(webhookEvents);
  });

  it("names the connectors feeding a KPI in the scorecard's tree, with when they last wrote values", async () => {
    const created = await call(
      "POST",
      "/api/connectors",
      jsonConnector({ name: "Latest sales", shape: "snapshot", mapping: { rows: "$.data[*]", kpiGuid: s.guids.Sales, value: "amount" } }),
    );
    expect(created.status).toBe(201);
    expect((await call("GET", `/api/document/${s.docId}/kpi/tree`)).json.connectors).toEqual([
      { id: created.json.id, name: "Latest sales", kpiGuid: s.guids.Sales, lastWrittenAt: null, lastWritten: null },
    ]);
    const run = (await call("POST", `/api/connectors/${created.json.id}/run`)).json;
    // The test clock is in March 2026: the snapshot is the month's value.
    expect(await stored()).toEqual(["Sales 2026-03-01 10"]);
    expect((await call("GET", `/api/document/${s.docId}/kpi/tree`)).json.connectors).toEqual([
      { id: created.json.id, name: "Latest sales", kpiGuid: s.guids.Sales, lastWrittenAt: run.startedAt, lastWritten: 1 },
    ]);
    await call("DELETE", `/api/connectors/${created.json.id}`);
    await s.database.db.delete(kpiValues);
  });

  it("reads CSV with semicolons and comma decimals, and an Excel workbook's sheet", async () => {
    const csv = await call(
      "POST",
      "/api/connectors",
      rowsConnector("Sheet", "csv", { kpi: "KPI", date: "Date", value: "Value", target: "Target" }, "/sales.csv"),
    );
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
    const [sales] = await s.database.db.select().from(kpiValues).where(eq(kpiValues.kpiGuid, s.guids.Sales!));
    expect(sales).toMatchObject({ date: "2024-04-01", value: 21.5, target: 30 });

    const bytes = await workbook([
      ["kpi", "when", "figure"],
      ["Sales", new Date(Date.UTC(2024, 4, 1)), 33],
      ["Costs", "2024-05-01", 11],
    ]);
    s.source.routes["/book.xlsx"] = () => ({ type: "application/octet-stream", body: bytes });
    const xlsx = await call(
      "POST",
      "/api/connectors",
      rowsConnector("Book", "csv", { rows: "Figures", kpi: "kpi", date: "when", value: "figure" }, "/book.xlsx"),
    );
    expect((await call("POST", `/api/connectors/${xlsx.json.id}/run`)).json).toMatchObject({
      status: "succeeded",
      rowsRead: 2,
      valuesWritten: 2,
      rowsRejected: 0,
    });
    expect(await stored()).toEqual(["Costs 2024-04-01 9", "Costs 2024-05-01 11", "Sales 2024-04-01 21.5", "Sales 2024-05-01 33"]);
    await s.database.db.delete(kpiValues);
  });

  it("follows a source's redirects (a published Google Sheet's), checking each target, and sends its headers to its own origin only", async () => {
    const port = new URL(s.source.url).port;
    s.source.routes["/published"] = () => ({ status: 307, headers: { Location: "/sales.csv" }, body: "" });
    s.source.routes["/to-private"] = () => ({ status: 302, headers: { Location: "http://10.20.30.40/sheet.csv" }, body: "" });
    s.source.routes["/elsewhere"] = () => ({ status: 302, headers: { Location: `http://localhost:${port}/echo.json` }, body: "" });
    s.source.routes["/echo.json"] = () => ({ body: JSON.stringify([{ kpi: "Sales", day: "2024-07-01", amount: 1 }]) });
    const wide = createTestApi(s.database.db, s.api.clock, {
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1", "localhost"] },
    });
    const runOf = async (body: Record<string, unknown>) => {
      const created = await call(
        "POST",
        "/api/connectors",
        { name: "Sheet", kind: "csv", shape: "rows", docId: s.docId, mapping: { kpi: "KPI", date: "Date", value: "Value" }, ...body },
        s.owner.auth,
        wide,
      );
      return (await call("POST", `/api/connectors/${created.json.id}/run`, undefined, s.owner.auth, wide)).json;
    };
    expect(await runOf({ source: { url: `${s.source.url}/published` } })).toMatchObject({ status: "succeeded", rowsRead: 3, valuesWritten: 2 });
    expect(await runOf({ source: { url: `${s.source.url}/to-private` } })).toMatchObject({
      status: "failed",
      error: "10.20.30.40 is a private or internal address: an operator may allow it by listing it in CONNECTOR_ALLOWED_HOSTS",
    });
    const json = {
      kind: "json",
      source: { url: `${s.source.url}/elsewhere`, headers: { Authorization: TOKEN } },
      mapping: { kpi: "kpi", date: "day", value: "amount" },
    };
    expect(await runOf(json)).toMatchObject({ status: "succeeded", valuesWritten: 1 });
    expect(s.source.requests.filter((r) => r.path === "/elsewhere").at(-1)!.headers.authorization).toBe(TOKEN);
    expect(s.source.requests.filter((r) => r.path === "/echo.json").at(-1)!.headers.authorization).toBeUndefined();
    await s.database.db.delete(kpiValues);
  });
});
