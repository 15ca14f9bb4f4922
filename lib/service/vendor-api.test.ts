import { spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { importScorecard } from "@/lib/db/import";
import { scorecards } from "@/lib/db/schema";
import { ScorecardFile } from "@/lib/contract/scorecard-file";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { serveOverHttp } from "@/lib/testing/http-api";
import { DOC, INIT, KPI, VAL } from "@/lib/contract/vendor-fields.mjs";

// One test per operation of lib/contract/BSC-API.md, sent as the catalog documents it (the
// vendor's method, path, parameter names and body), checking the response fields it lists.
const keys = (o: object) => expect.objectContaining(Object.fromEntries(Object.keys(o).map((k) => [k, expect.anything()])));
const fields = (names: string[]) => (o: Record<string, unknown>) => expect(names.filter((n) => !(n in o))).toEqual([]);

/** The figures operation 17 writes for Sales on 2024-03-31, and operation 21 reads back. */
const MARCH = { value: 60, target: 80, baseline: 20, min: 0, max: 100, score: 0.9 };

describe.each(testDatabases)("the vendor's 40 operations on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let account: Awaited<ReturnType<typeof accountWithScorecards>>;
  let doc: number;
  let kpi: Record<string, string>;
  let created: number;
  let initiative: string;

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await api.call(path, body === undefined ? { method, headers: account.auth } : jsonInit(method, body, account.auth));
    const type = response.headers.get("Content-Type") ?? "";
    const data = type.includes("json") ? await response.json() : new Uint8Array(await response.arrayBuffer());
    return { status: response.status, type, headers: response.headers, body: data };
  };
  const ok = async (method: string, path: string, body?: unknown, status = 200) => {
    const r = await call(method, path, body);
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(status);
    return r.body;
  };

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 10_000 });
    account = await accountWithScorecards(api, database.db, "vendor@example.com", [smallScorecard("Company")]);
    doc = account.scorecardIds[0]!;
    kpi = Object.fromEntries((await ok("GET", `/api/document/${doc}/kpi/list`)).items.map((k: { name: string; guid: string }) => [k.name, k.guid]));
  });
  afterAll(() => database.close());

  it("L. logs in with `password` as the field name", async () => {
    const r = await api.call("/login", jsonInit("POST", { email: "vendor@example.com", password: account.password }));
    expect(await r.json()).toMatchObject({ success: true, token: expect.any(String) });
  });

  it("1. GET access/info: allowedCount, usedCount, email, error", async () => {
    const info = await ok("GET", "/api/access/info");
    expect(info).toMatchObject({ allowedCount: 10_000, usedCount: expect.any(Number), email: "vendor@example.com", error: null });
  });

  it("2. GET documents/list: documents and sharedToUser, each a Doc", async () => {
    const list = await ok("GET", "/api/documents/list");
    expect(list.sharedToUser).toEqual([]);
    fields(DOC)(list.documents[0]);
    expect(list.documents[0]).toMatchObject({ id: doc, name: "Company", type: "DOCUMENT", treeGroupId: 0, items: [] });
  });

  it("3. GET documents/tree: root (the folder) and sharedToUser", async () => {
    const tree = await ok("GET", "/api/documents/tree");
    expect(tree.root).toMatchObject({ id: 0, type: "GROUP", items: [expect.objectContaining({ id: doc })] });
    expect(tree.sharedToUser).toEqual([]);
  });

  it("5. POST documents: an empty scorecard, optionally in a group (only 0 exists)", async () => {
    const made = await ok("POST", "/api/documents", { parentGroupId: 0 }, 201);
    fields(DOC)(made);
    expect(made).toMatchObject({ name: "New scorecard", kpiCount: 1, alias: null, access: "write" });
    created = made.id;
    expect((await call("POST", "/api/documents", { parentGroupId: 7 })).status).toBe(404);
    expect((await ok("GET", `/api/document/${created}/kpi/tree`)).root).toMatchObject({ name: "New scorecard", indicatorType: "CONTAINER", children: [] });
  });

  it("6. PUT documents/list/:id: name (required), alias, description, sharedForPublic, sharedForRegRW", async () => {
    const body = { name: "Operations", alias: "ops", description: "The operations plan", sharedForPublic: true, sharedForRegRW: true };
    const updated = await ok("PUT", `/api/documents/list/${created}`, body);
    expect(updated).toMatchObject(body);
    expect((await ok("GET", `/api/document/${created}/kpi/tree`)).root.name).toBe("Operations");
    expect((await call("PUT", `/api/documents/list/${created}`, { alias: "x" })).status).toBe(400);
    expect((await call("PUT", `/api/documents/list/${doc}`, { name: "Company", alias: "ops" })).status).toBe(409);
    expect((await call("PUT", `/api/documents/list/${created}`, { name: "Operations", alias: "1234" })).status).toBe(400);
  });

  it("4. GET documents/list/:idOrAlias: by number or alias", async () => {
    fields(DOC)(await ok("GET", `/api/documents/list/${created}`));
    expect(await ok("GET", "/api/documents/list/ops")).toMatchObject({ id: created, alias: "ops" });
    // Every :docId path takes the alias.
    expect((await ok("GET", "/api/document/ops/kpi/list")).items).toHaveLength(1);
    const unknown = await call("GET", "/api/documents/list/nope");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: "not_found" });
  });

  it("7. DELETE documents/list/:id: gone from every route, restorable for 30 days", async () => {
    const gone = await ok("DELETE", `/api/documents/list/${created}`);
    expect(gone).toMatchObject({ id: created, name: "Operations", deletedAt: expect.any(String), restorableUntil: expect.any(String) });
    expect(Date.parse(gone.restorableUntil) - Date.parse(gone.deletedAt)).toBe(30 * 86_400_000);
    for (const path of [`/api/documents/list/${created}`, "/api/documents/list/ops", `/api/document/${created}/kpi/tree`])
      expect((await call("GET", path)).status).toBe(404);
    expect((await ok("GET", "/api/documents/list")).documents.map((d: { id: number }) => d.id)).toEqual([doc]);
    expect((await ok("GET", "/api/documents/deleted")).items).toEqual([expect.objectContaining({ id: created })]);
    expect(await ok("POST", `/api/documents/list/${created}/restore`)).toMatchObject({ id: created, alias: "ops" });
    await ok("DELETE", `/api/documents/list/${created}`);
    // Deleted 31 days ago: past restoring; the next deletion purges it.
    await database.db
      .update(scorecards)
      .set({ deletedAt: new Date(api.clock.now().getTime() - 31 * 86_400_000) })
      .where(eq(scorecards.id, created));
    expect((await call("POST", `/api/documents/list/${created}/restore`)).status).toBe(404);
    const spare = await ok("POST", "/api/documents", {}, 201);
    await ok("DELETE", `/api/documents/list/${spare.id}`);
    expect(await database.db.select({ id: scorecards.id }).from(scorecards).where(eq(scorecards.id, created))).toEqual([]);
    await ok("POST", `/api/documents/list/${spare.id}/restore`);
    await ok("DELETE", `/api/documents/list/${spare.id}`);
  });

  it("8. GET document/:docId/kpi/list: items", async () => {
    const list = await ok("GET", `/api/document/${doc}/kpi/list`);
    expect(list.items).toHaveLength(6);
    expect(list.items[2]).toMatchObject({ name: "Sales", measure: "USD", measureNames: ["USD"] });
  });

  it("9. GET document/:docId/kpi/tree: root", async () => {
    const tree = await ok("GET", `/api/document/${doc}/kpi/tree`);
    expect(tree.root).toMatchObject({
      name: "Company",
      children: [expect.objectContaining({ name: "Customer" }), expect.objectContaining({ name: "Audit passed" })],
    });
  });

  it("13. GET document/:docId/kpi/:guid: a Kpi with measureNames, initiatives and items", async () => {
    const customer = await ok("GET", `/api/document/${doc}/kpi/${kpi.Customer}`);
    fields(KPI)(customer);
    expect(customer.items.map((k: { name: string }) => k.name)).toEqual(["Sales", "Costs", "Margin"]);
    expect(customer.initiatives).toEqual([]);
  });

  it("14. PUT document/:docId/kpi/:guid: name and indicatorType required, description optional", async () => {
    const body = { name: "Sales revenue", description: "Invoiced sales", indicatorType: "INDICATOR" };
    const updated = await ok("PUT", `/api/document/${doc}/kpi/${kpi.Sales}`, body);
    expect(updated).toMatchObject({ ...body, measure: "USD", target: 80, initiatives: expect.any(Array), items: expect.any(Array) });
    expect(updated).toEqual(await ok("GET", `/api/document/${doc}/kpi/${kpi.Sales}`));
    expect((await call("PUT", `/api/document/${doc}/kpi/${kpi.Sales}`, { name: "Sales" })).status).toBe(400);
    // A container with children cannot become an indicator.
    expect((await call("PUT", `/api/document/${doc}/kpi/${kpi.Customer}`, { name: "Customer", indicatorType: "INDICATOR" })).status).toBe(409);
    await ok("PUT", `/api/document/${doc}/kpi/${kpi.Sales}`, { name: "Sales", description: "", indicatorType: "INDICATOR" });
  });

  it("15. GET service/enums/indicator-types", async () => {
    expect((await ok("GET", "/api/service/enums/indicator-types")).items.map((t: { value: string }) => t.value)).toEqual(["INDICATOR", "CONTAINER"]);
  });

  it("17. POST .../value/:date: value, target, baseline, min, max (and score); answers a Val", async () => {
    const written = await ok("POST", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/value/2024-03-31`, MARCH);
    fields(VAL)(written);
    expect(written).toMatchObject({
      date: "2024-03-31",
      value: 60,
      valueDate: "2024-03-31",
      target: 80,
      targetDate: "2024-03-31",
      score: 0.9,
      item: { guid: kpi.Sales, name: "Sales" },
    });
    expect((await call("POST", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/value/2024-03-31`, { value: 1, extra: 2 })).status).toBe(400);
  });

  it("16. GET .../value/:date: a Val, each figure with its date", async () => {
    const read = await ok("GET", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/value/2024-03-31`);
    fields(VAL)(read);
    // The computed score (60 is 2/3 of the way from 20 to 80), not the entered 0.9.
    expect(read).toMatchObject({ value: 60, target: 80, baselineDate: "2024-03-31", score: 40 / 60, item: { name: "Sales" } });
  });

  it("18. GET batch/all/get-value/:date: values", async () => {
    const all = await ok("GET", `/api/document/${doc}/kpi/batch/all/get-value/2024-03-31`);
    expect(all.values).toHaveLength(6);
    expect(all.values.find((v: { guid: string }) => v.guid === kpi.Sales)).toMatchObject({ value: 60 });
  });

  it("19. POST batch/get-value/:date with a bare array of GUIDs", async () => {
    const some = await ok("POST", `/api/document/${doc}/kpi/batch/get-value/2024-03-31`, [kpi.Sales, kpi.Costs]);
    expect(some.values.map((v: { guid: string; value: number | null }) => [v.guid, v.value])).toEqual([
      [kpi.Sales, 60],
      [kpi.Costs, null],
    ]);
    const bad = await call("POST", `/api/document/${doc}/kpi/batch/get-value/2024-03-31`, ["nope"]);
    expect(bad.status).toBe(400);
  });

  it("20. POST batch/set-value/:date: values, as a bare list or under `values`", async () => {
    const bare = await ok("POST", `/api/document/${doc}/kpi/batch/set-value/2024-03-31`, [{ guid: kpi.Costs, value: 30 }]);
    expect(bare.values).toEqual([expect.objectContaining({ guid: kpi.Costs, value: 30 })]);
    const named = await ok("POST", `/api/document/${doc}/kpi/batch/set-value/2024-03-31`, { values: [{ guid: kpi.Costs, value: 35 }] });
    expect(named.values).toEqual([expect.objectContaining({ guid: kpi.Costs, value: 35 })]);
    const bad = await call("POST", `/api/document/${doc}/kpi/batch/set-value/2024-03-31`, { values: [{ guid: kpi.Margin, value: 1 }] });
    expect(bad.status).toBe(409);
  });

  it("21. GET .../values/:date: baseline, target, min, max and score as entered", async () => {
    expect(await ok("GET", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/values/2024-03-31`)).toEqual({ date: "2024-03-31", ...MARCH });
    expect(await ok("GET", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/values/2024-04-01`)).toMatchObject({ value: null, score: null });
  });

  it.each([
    [23, "target"],
    [24, "baseline"],
    [25, "min"],
    [26, "max"],
    [27, "score"],
  ])("%i. DELETE .../%s/:date removes that figure only", async (_, field) => {
    const path = `/api/document/${doc}/kpi/indicator/${kpi.Sales}`;
    expect((await call("DELETE", `${path}/${field}/2024-03-31`)).status).toBe(204);
    const record = await ok("GET", `${path}/values/2024-03-31`);
    expect(record[field]).toBeNull();
    expect(record.value).toBe(60);
  });

  it("22. DELETE .../values/:date removes the record", async () => {
    await ok("POST", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/value/2024-03-31`, { target: 80 });
    expect((await call("DELETE", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/values/2024-03-31`)).status).toBe(204);
    expect(await ok("GET", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/values/2024-03-31`)).toMatchObject({ value: null, target: null });
    // Clearing a record's last figure removes it too.
    await ok("POST", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/value/2024-05-31`, { min: 5 });
    await call("DELETE", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/min/2024-05-31`);
    expect((await ok("GET", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/values`)).items).toEqual([]);
  });

  it("28. GET .../indicator/:guid/grouped-value/:period: period, start, end, item over the KPI's history", async () => {
    await ok("POST", `/api/document/${doc}/kpi/batch/set-values`, {
      items: [
        { guid: kpi.Sales, date: "2025-11-15", value: 10 },
        { guid: kpi.Sales, date: "2026-01-15", value: 30 },
      ],
    });
    const grouped = await ok("GET", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/grouped-value/MONTH`);
    // From the first value's month to today's (the test clock: 2026-03-02).
    expect(grouped).toMatchObject({ period: "MONTH", start: "2025-11-01", end: "2026-03-02", item: { guid: kpi.Sales } });
    expect(grouped.item.points.map((p: { value: number | null }) => p.value)).toEqual([10, null, 30, null, null]);
  });

  it("29. GET .../grouped-value/:period/:startDate/:endDate", async () => {
    const grouped = await ok("GET", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/grouped-value/QUARTER/2025-10-01/2026-03-31`);
    expect(grouped).toMatchObject({ period: "QUARTER", start: "2025-10-01", end: "2026-03-31", item: { guid: kpi.Sales } });
    expect(grouped.item.points.map((p: { value: number | null }) => p.value)).toEqual([10, 30]);
  });

  it("30. GET .../indicatos/grouped-value/:period (the vendor's spelling): items", async () => {
    const grouped = await ok("GET", `/api/document/${doc}/kpi/indicatos/grouped-value/YEAR`);
    // Costs has a value in 2024: the history starts there.
    expect(grouped).toMatchObject({ period: "YEAR", start: "2024-01-01", end: "2026-03-02" });
    expect(grouped.items).toHaveLength(6);
  });

  it("31. GET .../indicators/grouped-value/:period/:startDate/:endDate: items", async () => {
    const grouped = await ok("GET", `/api/document/${doc}/kpi/indicators/grouped-value/MONTH/2026-01-01/2026-01-31`);
    expect(grouped).toMatchObject({ period: "MONTH", start: "2026-01-01", end: "2026-01-31" });
    expect(grouped.items.find((s: { guid: string }) => s.guid === kpi.Sales).points[0].value).toBe(30);
  });

  it("32. GET initiative-statuses", async () => {
    expect((await ok("GET", "/api/initiative-statuses")).items.map((s: { value: string }) => s.value)).toEqual([
      "NOT_STARTED",
      "IN_PROGRESS",
      "ON_HOLD",
      "COMPLETED",
      "CANCELLED",
    ]);
  });

  const plan = {
    name: "Loyalty programme",
    status: "IN_PROGRESS",
    initiativeType: "PROJECT",
    description: "Points for repeat buyers",
    currency: "USD",
    durationUnit: "MONTH",
    intervalStart: "2026-01-01",
    showOnMap: true,
    budget: 12000,
    duration: 6,
  };

  it("34. POST .../kpi/:guid/initiatives: the initiative body; answers an Init", async () => {
    const made = await ok("POST", `/api/document/${doc}/kpi/${kpi.Sales}/initiatives`, plan, 201);
    fields(INIT)(made);
    expect(made).toMatchObject({ ...plan, author: "vendor@example.com", alignedKpiGuid: kpi.Sales, actualBudget: null, responsible: [] });
    initiative = made.guid;
    const bad = await call("POST", `/api/document/${doc}/kpi/${kpi.Sales}/initiatives`, { ...plan, status: "DONE", currency: "dollars" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(["currency", "status"]);
  });

  it("33. GET .../kpi/:guid/initiatives", async () => {
    expect((await ok("GET", `/api/document/${doc}/kpi/${kpi.Sales}/initiatives`)).items).toEqual([keys({ guid: 1 })]);
    expect((await ok("GET", `/api/document/${doc}/kpi/${kpi.Sales}`)).initiatives).toHaveLength(1);
  });

  it("35. GET .../initiatives/:initiativeGuid", async () => {
    expect(await ok("GET", `/api/document/${doc}/kpi/${kpi.Sales}/initiatives/${initiative}`)).toMatchObject({ guid: initiative, name: plan.name });
    // The initiative exists, but under another KPI.
    expect((await call("GET", `/api/document/${doc}/kpi/${kpi.Costs}/initiatives/${initiative}`)).status).toBe(404);
  });

  it("36. PUT .../initiatives/:initiativeGuid replaces it", async () => {
    const body = {
      name: "Loyalty programme",
      status: "COMPLETED",
      initiativeType: "PROJECT",
      actualBudget: 11000,
      intervalEnd: "2026-06-30",
      responsible: ["ana@example.com"],
    };
    expect(await ok("PUT", `/api/document/${doc}/kpi/${kpi.Sales}/initiatives/${initiative}`, body)).toMatchObject({ ...body, budget: null, showOnMap: false });
  });

  it("38. GET document/:docId/maps: perspectives, objectives, KPIs, initiatives, arrows", async () => {
    await ok("PUT", `/api/document/${doc}/kpi/${kpi.Sales}/initiatives/${initiative}`, { ...plan, status: "IN_PROGRESS" });
    const [map] = (await ok("GET", `/api/document/${doc}/maps`)).items;
    expect(map.perspectives.map((p: { name: string }) => p.name)).toEqual(["Customer"]);
    expect(map.perspectives[0].objectives.map((o: { name: string; column: number }) => [o.name, o.column])).toEqual([
      ["Sales", 0],
      ["Costs", 1],
      ["Margin", 2],
    ]);
    expect(map.perspectives[0].objectives[0]).toMatchObject({ kpiGuids: [kpi.Sales], initiativeGuids: [initiative], month: "2026-01-01" });
    const linked = await ok("PUT", `/api/document/${doc}/maps/${doc}/links`, {
      links: [
        { fromGuid: kpi.Costs, toGuid: kpi.Margin },
        { fromGuid: kpi.Sales, toGuid: kpi.Margin },
      ],
    });
    expect(linked.links).toHaveLength(2);
    const bad = await call("PUT", `/api/document/${doc}/maps/${doc}/links`, { links: [{ fromGuid: kpi.Customer, toGuid: kpi.Margin }] });
    expect(bad.status).toBe(400);
    expect((await ok("GET", `/api/document/${doc}/maps`)).items[0].links).toHaveLength(2);
  });

  it("37. DELETE .../initiatives/:initiativeGuid", async () => {
    const extra = await ok(
      "POST",
      `/api/document/${doc}/kpi/${kpi.Costs}/initiatives`,
      { name: "Cut travel", status: "NOT_STARTED", initiativeType: "ACTION" },
      201,
    );
    expect((await call("DELETE", `/api/document/${doc}/kpi/${kpi.Costs}/initiatives/${extra.guid}`)).status).toBe(204);
    expect((await call("GET", `/api/document/${doc}/kpi/${kpi.Costs}/initiatives/${extra.guid}`)).status).toBe(404);
  });

  it("10. GET document/:docId/download: the import file; importing it gives back the same scorecard", async () => {
    const file = await ok("GET", `/api/document/${doc}/download`);
    expect(ScorecardFile.safeParse(file).success).toBe(true);
    // Into another database (the file keeps the GUIDs), then downloaded again: the same file.
    const other = await open();
    try {
      const otherApi = createTestApi(other.db);
      const copy = await accountWithScorecards(otherApi, other.db, "copy@example.com");
      const id = await other.db.transaction((tx) => importScorecard(tx, copy.accountId, ScorecardFile.parse(file)));
      const again = await (await otherApi.call(`/api/document/${id}/download`, { headers: copy.auth })).json();
      expect(again).toEqual(file);
      const [before, after] = [
        await ok("GET", `/api/document/${doc}/kpi/tree`),
        await (await otherApi.call(`/api/document/${id}/kpi/tree`, { headers: copy.auth })).json(),
      ];
      // The root is made afresh by the import: only its GUID differs.
      // And a file does not say who wrote an initiative: an imported one has no author.
      const withRoot = (children: { parentGuid: string }[], root: string) =>
        JSON.parse(
          JSON.stringify(children.map((c) => ({ ...c, parentGuid: c.parentGuid === root ? "root" : c.parentGuid }))).replace(
            /"author":"[^"]*"/g,
            '"author":null',
          ),
        );
      expect(withRoot(after.root.children, after.root.guid)).toEqual(withRoot(before.root.children, before.root.guid));
    } finally {
      await other.close();
    }
    // Imported again into the same database: a copy, with new GUIDs that its formula and arrows follow.
    const copy = await ok("POST", "/api/documents/import", file, 201);
    const copied = (await ok("GET", `/api/document/${copy.id}/download`)) as typeof file;
    const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
    type Node = { guid: string; name: string; children: Node[]; initiatives: { guid: string; name: string }[] };
    const byName = (f: typeof file) => {
      const names = new Map<string, string>();
      const walk = (k: Node) => (names.set(k.guid, k.name), k.initiatives.forEach((i) => names.set(i.guid, i.name)), k.children.forEach(walk));
      (f.kpis as Node[]).forEach(walk);
      const named = JSON.parse(JSON.stringify(f).replace(GUID, (g) => `<${names.get(g) ?? "unknown"}>`));
      // Arrows are listed in GUID order, which new GUIDs change.
      named.links?.sort((a: { from: string; to: string }, b: { from: string; to: string }) => `${a.from}${a.to}`.localeCompare(`${b.from}${b.to}`));
      return JSON.stringify(named);
    };
    expect(
      JSON.stringify(copied)
        .match(GUID)!
        .filter((g) => JSON.stringify(file).includes(g)),
    ).toEqual([]);
    expect(byName(copied)).toBe(byName(file));
    const refused = await call("POST", "/api/documents/import", { name: "Broken", kpis: [{ name: "A", formula: 5 }] });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].path).toBe("kpis.0.formula");
    await ok("DELETE", `/api/documents/list/${copy.id}`);
    expect(file.links).toHaveLength(2);
    const broken = ScorecardFile.safeParse({ ...file, links: [{ from: "nobody", to: file.links[0].to }] });
    expect(broken.error?.issues.map((i) => i.path.join("."))).toEqual(["links.0.from"]);
    expect(file.kpis[0].children[0].initiatives[0]).toMatchObject({ name: plan.name });
  });

  it("11. POST document/:docId/document-check-requests runs the alerts now", async () => {
    const hook = await ok("POST", "/api/webhooks", { name: "hook", url: "https://93.184.216.34/hook" }, 201);
    const alert = await ok(
      "POST",
      `/api/document/${doc}/alerts`,
      { name: "Costs high", kpiGuid: kpi.Costs, condition: "VALUE_ABOVE", threshold: 50, webhookId: hook.id },
      201,
    );
    // Written while the alert was off: the condition holds, nothing fired yet.
    await ok("PATCH", `/api/document/${doc}/alerts/${alert.id}`, { active: false });
    await ok("POST", `/api/document/${doc}/kpi/indicator/${kpi.Costs}/value/2026-02-28`, { value: 70 });
    await ok("PATCH", `/api/document/${doc}/alerts/${alert.id}`, { active: true });
    const check = await ok("POST", `/api/document/${doc}/document-check-requests`);
    expect(check).toMatchObject({ checkedAlerts: 1, fired: [{ alertId: alert.id, kpiGuid: kpi.Costs, date: "2026-02-28", value: 70 }] });
    // Once fired, it waits for the condition to end before firing again.
    expect((await ok("POST", `/api/document/${doc}/document-check-requests`)).fired).toEqual([]);
  });

  it("12. PUT document/:docId/kpi/weight-balance: equal sibling weights summing to 100", async () => {
    await ok("PATCH", `/api/document/${doc}/kpi/${kpi.Sales}`, { weight: 3 });
    const changes = await ok("PUT", `/api/document/${doc}/kpi/weight-balance`);
    expect(changes).toEqual(expect.arrayContaining([{ indicatorGuid: kpi.Sales, indicatorName: "Sales", oldWeight: 3, newWeight: 100 / 3 }]));
    const items = (await ok("GET", `/api/document/${doc}/kpi/list`)).items as { parentGuid: string | null; weight: number }[];
    for (const parent of new Set(items.map((k) => k.parentGuid).filter(Boolean))) {
      const weights = items.filter((k) => k.parentGuid === parent).map((k) => k.weight);
      expect(new Set(weights).size).toBe(1);
      expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
    }
    expect(await ok("PUT", `/api/document/${doc}/kpi/weight-balance`)).toEqual([]);
  });

  it("39. GET report/:id/excel?start=: an .xlsx with each KPI's figures, score and status at the date", async () => {
    await ok("POST", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/value/2026-01-31`, { target: 40 });
    const r = await call("GET", `/api/report/${doc}/excel?start=2026-01-31`);
    expect(r.status).toBe(200);
    expect(r.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(r.body as Uint8Array) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Scorecard")!;
    expect(sheet.getCell("A1").value).toBe("Company");
    expect(sheet.getCell("A2").value).toBe("As of 2026-01-31");
    const rows = new Map<string, unknown[]>();
    sheet.eachRow((row, n) => n > 3 && rows.set(String(row.getCell(1).value), (row.values as unknown[]).slice(1)));
    expect([...rows.keys()]).toEqual(["Company", "Customer", "Sales", "Costs", "Margin", "Audit passed"]);
    const sales = await ok("GET", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/value/2026-01-31`);
    // KPI, Type, Measure, Value, Value date, Target, Baseline, Min, Max, Score, Status.
    expect(rows.get("Sales")).toEqual(["Sales", "INDICATOR", "USD", 30, "2026-01-15", 40, 20, 0, 100, sales.score, "Off track"]);
    expect(sales.status).toBe("OFF_TRACK");
    expect((await call("GET", `/api/report/${doc}/excel?start=2026-02-30`)).status).toBe(400);
  });

  it("40. GET organization-info: settings and strategy", async () => {
    const info = await ok("GET", "/api/organization-info");
    expect(info.settings).toMatchObject({ accountId: account.accountId, limitPerUser: 10_000, users: 1, timeZone: "UTC" });
    expect(info.strategy).toEqual({ scorecards: 1, kpis: 5, initiatives: 1, perspectives: ["Customer"] });
  });

  it("walks all 40 with e2e/vendor-walk.mjs over real HTTP, a stdlib-only script", async () => {
    const server = await serveOverHttp(api);
    try {
      const base = server.url.replace(/\/rest$/, "");
      // Asynchronously: the server answers from this very process.
      const walk = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
        const child = spawn(process.execPath, ["e2e/vendor-walk.mjs", base, "vendor@example.com", account.password]);
        let stdout = "";
        child.stdout.on("data", (chunk) => (stdout += chunk));
        child.stderr.on("data", (chunk) => (stdout += chunk));
        child.on("close", (status) => resolve({ status, stdout }));
      });
      expect(walk.stdout).toContain("40 of 40 operations answered as documented");
      expect(walk.status).toBe(0);
      // It cleaned up after itself.
      expect((await ok("GET", "/api/documents/list")).documents.map((d: { id: number }) => d.id)).toEqual([doc]);
    } finally {
      await server.close();
    }
  });
});
