import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { queryRows } from "@/lib/db/query";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";

// Building a scorecard entirely through the API: create, change, move and delete KPIs, with the
// rules that keep the tree and its formulas whole.
describe.each(testDatabases)("KPI editing on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let account: Awaited<ReturnType<typeof accountWithScorecards>>;
  let doc: number;

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await api.call(path, body === undefined ? { method, headers: account.auth } : jsonInit(method, body, account.auth));
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const tree = async () => (await call("GET", `/api/document/${doc}/kpi/tree`)).body.root;
  const names = (node: { name: string; children: unknown[] }): unknown =>
    node.children.length ? { [node.name]: node.children.map((c) => names(c as typeof node)) } : node.name;

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 10_000 });
    account = await accountWithScorecards(api, database.db, "builder@example.com", [smallScorecard("Company")]);
    doc = (await call("POST", "/api/documents", { name: "Built by API" })).body.id;
  });
  afterAll(() => database.close());

  it("builds perspectives and KPIs, in order, with every setting", async () => {
    const root = await tree();
    const financial = (await call("POST", `/api/document/${doc}/kpi`, { name: "Financial", indicatorType: "CONTAINER" })).body;
    const customer = (await call("POST", `/api/document/${doc}/kpi`, { name: "Customer", indicatorType: "CONTAINER", position: 0 })).body;
    const revenue = await call("POST", `/api/document/${doc}/kpi`, {
      name: "Revenue",
      parentGuid: financial.guid,
      measure: "USD",
      updateInterval: "MONTH",
      grouping: "SUM",
      optimization: "MAXIMIZE",
      target: 100,
      baseline: 0,
      min: 0,
      max: 200,
      weight: 2,
      thresholds: { onTrack: 0.9, atRisk: 0.5 },
      scoreCap: 1.2,
    });
    expect(revenue.status).toBe(201);
    expect(revenue.body).toMatchObject({
      parentGuid: financial.guid,
      grouping: "SUM",
      weight: 2,
      thresholds: { onTrack: 0.9, atRisk: 0.5 },
      scoreCap: 1.2,
      acceptValueData: true,
    });
    const costs = (await call("POST", `/api/document/${doc}/kpi`, { name: "Costs", parentGuid: financial.guid, optimization: "MINIMIZE" })).body;
    const margin = await call("POST", `/api/document/${doc}/kpi`, {
      name: "Margin",
      parentGuid: financial.guid,
      formula: `[${revenue.body.guid}] - [${costs.guid}]`,
    });
    expect(margin.body).toMatchObject({ acceptValueData: false, formula: `[${revenue.body.guid}] - [${costs.guid}]` });
    expect(names(await tree())).toEqual({ [root.name]: ["Customer", { Financial: ["Revenue", "Costs", "Margin"] }] });

    // The formula computes from the values written.
    await call("POST", `/api/document/${doc}/kpi/batch/set-value/2026-01-31`, [
      { guid: revenue.body.guid, value: 120 },
      { guid: costs.guid, value: 70 },
    ]);
    expect((await call("GET", `/api/document/${doc}/kpi/indicator/${margin.body.guid}/value/2026-01-31`)).body.value).toBe(50);
    expect(customer.indicatorType).toBe("CONTAINER");
  });

  it("moves a KPI under another container and among its siblings", async () => {
    const list = (await call("GET", `/api/document/${doc}/kpi/list`)).body.items as { name: string; guid: string }[];
    const guid = (n: string) => list.find((k) => k.name === n)!.guid;
    expect((await call("PATCH", `/api/document/${doc}/kpi/${guid("Costs")}`, { parentGuid: guid("Customer") })).status).toBe(200);
    expect((await call("PATCH", `/api/document/${doc}/kpi/${guid("Margin")}`, { position: 0 })).status).toBe(200);
    expect(names(await tree())).toEqual({ "Built by API": [{ Customer: ["Costs"] }, { Financial: ["Margin", "Revenue"] }] });
    // Never under itself, its own children, or an indicator.
    for (const [moved, parent] of [
      ["Financial", "Financial"],
      ["Financial", "Margin"],
      ["Revenue", "Costs"],
    ]) {
      const r = await call("PATCH", `/api/document/${doc}/kpi/${guid(moved!)}`, { parentGuid: guid(parent!) });
      expect(r.status, `${moved} under ${parent}`).toBe(400);
      expect(r.body.details[0].path).toBe("parentGuid");
    }
    const root = await tree();
    expect((await call("PATCH", `/api/document/${doc}/kpi/${root.guid}`, { parentGuid: guid("Financial") })).status).toBe(409);
  });

  it("checks formulas: syntax, unknown KPIs, cycles, containers", async () => {
    const list = (await call("GET", `/api/document/${doc}/kpi/list`)).body.items as { name: string; guid: string }[];
    const guid = (n: string) => list.find((k) => k.name === n)!.guid;
    const patch = (n: string, body: unknown) => call("PATCH", `/api/document/${doc}/kpi/${guid(n)}`, body);
    expect((await patch("Revenue", { formula: "[" })).body.details[0]).toMatchObject({ path: "formula" });
    expect((await patch("Revenue", { formula: "[00000000-0000-4000-8000-000000000000] * 2" })).status).toBe(400);
    const cycle = await patch("Revenue", { formula: `[${guid("Margin")}] + 1` });
    expect(cycle.status).toBe(400);
    expect(cycle.body.errorMessage).toMatch(/cycle/);
    expect((await patch("Revenue", { formula: `[${guid("Revenue")}]` })).status).toBe(400);
    expect((await patch("Financial", { formula: "1" })).status).toBe(409);
    // Another scorecard's KPI is not this scorecard's.
    const theirs = (await call("GET", `/api/document/${account.scorecardIds[0]}/kpi/list`)).body.items[2].guid;
    expect((await patch("Revenue", { formula: `[${theirs}]` })).status).toBe(400);
    expect((await call("GET", `/api/document/${doc}/kpi/${guid("Revenue")}`)).body.formula).toBeNull();
  });

  it("refuses to lose data or break the tree when deleting or retyping", async () => {
    const list = (await call("GET", `/api/document/${doc}/kpi/list`)).body.items as { name: string; guid: string }[];
    const guid = (n: string) => list.find((k) => k.name === n)!.guid;
    // Revenue holds a value and Margin's formula uses it.
    expect((await call("PATCH", `/api/document/${doc}/kpi/${guid("Revenue")}`, { indicatorType: "CONTAINER" })).status).toBe(409);
    const used = await call("DELETE", `/api/document/${doc}/kpi/${guid("Revenue")}`);
    expect(used.status).toBe(409);
    expect(used.body.details[0].message).toContain("Margin");
    // Deleting a container takes its children (and their values) with it.
    expect((await call("DELETE", `/api/document/${doc}/kpi/${guid("Financial")}`)).status).toBe(204);
    expect(names(await tree())).toEqual({ "Built by API": [{ Customer: ["Costs"] }] });
    expect((await call("GET", `/api/document/${doc}/kpi/indicator/${guid("Revenue")}/values`)).status).toBe(404);
    expect((await call("DELETE", `/api/document/${doc}/kpi/${(await tree()).guid}`)).status).toBe(409);
    expect((await call("PATCH", `/api/document/${doc}/kpi/${guid("Costs")}`, { min: 10, max: 5 })).status).toBe(400);
  });

  it("keeps a consistent tree under concurrent creates and moves", async () => {
    const parent = (await call("POST", `/api/document/${doc}/kpi`, { name: "Busy", indicatorType: "CONTAINER" })).body.guid;
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call("POST", `/api/document/${doc}/kpi`, { name: `K${i}`, parentGuid: parent, position: 0 })),
    );
    expect(made.map((r) => r.status)).toEqual(Array(12).fill(201));
    const moves = await Promise.all(made.slice(0, 6).map((r, i) => call("PATCH", `/api/document/${doc}/kpi/${r.body.guid}`, { position: (i * 5) % 12 })));
    expect(moves.map((r) => r.status)).toEqual(Array(6).fill(200));
    const list = (await call("GET", `/api/document/${doc}/kpi/list`)).body.items as { name: string; parentGuid: string }[];
    expect(
      list
        .filter((k) => k.parentGuid === parent)
        .map((k) => k.name)
        .sort(),
    ).toEqual(Array.from({ length: 12 }, (_, i) => `K${i}`).sort());
    // Positions stay a gap-free tree order (the list is read in stored order).
    const rows = await queryRows<{ position: number }>(database.db, sql`SELECT position FROM kpis WHERE scorecard_id = ${doc} ORDER BY position`);
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
  });
});
