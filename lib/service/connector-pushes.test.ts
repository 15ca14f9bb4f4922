import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { kpiValues } from "@/lib/db/schema";
import { serveOverHttp } from "@/lib/testing/http-api";
import { connectorSuite } from "@/lib/testing/connector-suite";
import { testDatabases } from "@/lib/testing/databases";

describe.each(testDatabases)("connector pushes and locks on $name", ({ open }) => {
  const s = connectorSuite(open);
  const { call, stored, jsonConnector, rowsConnector } = s;

  it("takes CSV and JSON at a push URL over real HTTP, without a token, one call of the account each", async () => {
    const created = await call("POST", "/api/connectors", rowsConnector("Zapier", "push", { kpi: "kpi", date: "date", value: "value" }));
    expect(created.status).toBe(201);
    expect(created.json.pushUrl).toMatch(/\/rest\/push\/gpk_[\w-]+$/);
    expect((await call("GET", `/api/connectors/${created.json.id}`)).text).not.toContain("gpk_");
    const server = await serveOverHttp(s.api);
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
        body: JSON.stringify([{ kpi: s.guids.Costs, date: "2024-06-01", value: 2 }]),
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
    await s.database.db.delete(kpiValues);
  });

  it("rejects the rows of a locked period that would change it, each with its reason, counts those equal to it unchanged, and writes the rest", async () => {
    const lockedReason = "2024-01-01 is in a locked period (locked until 2024-01-31)";
    const lock = (lockedUntil: string | null) => call("PUT", `/api/document/${s.docId}/lock`, { lockedUntil });
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
    await call("POST", `/api/document/${s.docId}/kpi/batch/set-values`, { items: [{ guid: s.guids.Sales, date: "2024-01-01", value: 9 }] });
    await lock("2024-01-31");
    const refused = await runNow();
    expect(refused).toMatchObject({ valuesWritten: 0, valuesUnchanged: 2, rowsRejected: 5 });
    expect(refused.rejections).toContainEqual({ row: 1, reason: lockedReason, data: { "$.kpi": "Sales", day: "2024-01-01", amount: 10 } });
    expect(await stored()).toEqual(["Costs 2024-02-01 7.5", "Sales 2024-01-01 9", "Sales 2024-02-01 12"]);
    await lock(null);
    await s.database.db.delete(kpiValues);
  });
  it("says when a row is dated inside a summing KPI's period, where it adds to the total, and writes it at the period's start or rejects it when the mapping says so", async () => {
    const weekly = await call("POST", `/api/document/${s.docId}/kpi`, { name: "New customers", updateInterval: "WEEK", grouping: "SUM" });
    expect(weekly.status).toBe(201);
    await s.database.db.insert(kpiValues).values({ kpiGuid: weekly.json.guid, date: "2026-09-28", value: 151 });
    // October's total, dated the 1st (a Thursday), and a week's figure dated its Monday.
    const body = "kpi,date,value\nNew customers,2026-10-01,170\nNew customers,2026-10-05,40\n";
    const connector = async (offPeriod?: string) => {
      const created = await call(
        "POST",
        "/api/connectors",
        rowsConnector(`Monthly CRM ${offPeriod ?? "default"}`, "push", { kpi: "kpi", date: "date", value: "value", ...(offPeriod && { offPeriod }) }),
      );
      expect(created.status).toBe(201);
      return created.json;
    };
    const push = async (created: { pushUrl: string }) =>
      (await s.api.call(`/push/${created.pushUrl.split("/push/")[1]}`, { method: "POST", headers: { "Content-Type": "text/csv" }, body })).json();
    const weeklyValues = async () =>
      (await s.database.db.select().from(kpiValues).where(eq(kpiValues.kpiGuid, weekly.json.guid))).map((v) => `${v.date} ${v.value}`).sort();
    const notice = {
      kind: "insidePeriod",
      guid: weekly.json.guid,
      kpi: "New customers",
      interval: "WEEK",
      rows: 1,
      date: "2026-10-01",
      periodStart: "2026-09-28",
      message:
        "1 row of New customers is dated inside a week (2026-10-01 is in the week of 2026-09-28), and New customers sums its values: " +
        "each adds to its week's total. If a row is the week's total, set the mapping's offPeriod to periodStart (or to reject)",
    };

    s.source.routes["/weekly.csv"] = () => ({ type: "text/csv", body });
    const draft = await call("POST", "/api/connectors/preview", rowsConnector("Draft", "csv", { kpi: "kpi", date: "date", value: "value" }, "/weekly.csv"));
    expect(draft.json).toMatchObject({ new: 2, notices: [notice] });
    const byDefault = await connector();
    const kept = await push(byDefault);
    expect(kept.run).toMatchObject({ valuesWritten: 2, rowsRejected: 0, notices: [notice] });
    expect(await weeklyValues()).toEqual(["2026-09-28 151", "2026-10-01 170", "2026-10-05 40"]);
    const runs = (await call("GET", `/api/connectors/${byDefault.id}/runs`)).json.items;
    expect(runs[0].notices).toEqual([notice]);

    const atStart = await push(await connector("periodStart"));
    expect(atStart.run).toMatchObject({ valuesWritten: 1, valuesUnchanged: 1, rowsRejected: 0, notices: [] });
    expect(await weeklyValues()).toEqual(["2026-09-28 170", "2026-10-01 170", "2026-10-05 40"]);

    const refused = await push(await connector("reject"));
    expect(refused.run).toMatchObject({ valuesWritten: 0, valuesUnchanged: 1, rowsRejected: 1, notices: [] });
    expect(refused.run.rejections[0]).toMatchObject({
      row: 1,
      reason:
        "2026-10-01 is inside the week of 2026-09-28, and New customers sums its values: date the row 2026-09-28, or set the mapping's offPeriod to periodStart to write it there as the week's total",
    });
    await call("DELETE", `/api/document/${s.docId}/kpi/${weekly.json.guid}`);
    await s.database.db.delete(kpiValues);
  });
});
