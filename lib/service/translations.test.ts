import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";

describe.each(testDatabases)("names and descriptions in several languages on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await api.call(path, body === undefined ? { method, headers: owner.auth } : jsonInit(method, body, owner.auth));
    return { status: response.status, json: await response.json().catch(() => null) };
  };

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 100_000 });
    owner = await accountWithScorecards(api, database.db, "translate@example.com");
  });
  afterAll(() => database.close());

  it("keeps a scorecard's, a KPI's and an initiative's translations, answers them, and leaves the vendor's fields as they are", async () => {
    const es = { es: { name: "Ventas", description: "Facturado en el mes" } };
    const card = await call("POST", "/api/documents", { name: "Sales", translations: { es: { name: "Cuadro de ventas" } } });
    expect(card.status).toBe(201);
    expect(card.json).toMatchObject({ name: "Sales", translations: { es: { name: "Cuadro de ventas" } } });
    const docId = card.json.id;
    const kpi = await call("POST", `/api/document/${docId}/kpi`, { name: "Sales", description: "Invoiced in the month", translations: es });
    expect(kpi.status).toBe(201);
    expect(kpi.json).toMatchObject({ name: "Sales", description: "Invoiced in the month", translations: es });
    const plan = await call("POST", `/api/document/${docId}/kpi/${kpi.json.guid}/initiatives`, {
      name: "New shop",
      status: "IN_PROGRESS",
      initiativeType: "PROJECT",
      translations: { es: { name: "Tienda nueva" } },
    });
    expect(plan.status).toBe(201);
    expect(plan.json.translations).toEqual({ es: { name: "Tienda nueva" } });

    // The tree (the root carries the scorecard's), the list and the scorecard file.
    const tree = (await call("GET", `/api/document/${docId}/kpi/tree`)).json;
    expect(tree.root.translations).toEqual({ es: { name: "Cuadro de ventas" } });
    expect(tree.root.children[0]).toMatchObject({
      name: "Sales",
      translations: es,
      initiatives: [{ name: "New shop", translations: { es: { name: "Tienda nueva" } } }],
    });
    const listed = (await call("GET", "/api/documents/list")).json.documents.find((d: { id: number }) => d.id === docId);
    expect(listed.translations).toEqual({ es: { name: "Cuadro de ventas" } });
    const file = (await call("GET", `/api/document/${docId}/download`)).json;
    expect(file.translations).toEqual({ es: { name: "Cuadro de ventas" } });
    expect(file.kpis[0]).toMatchObject({ name: "Sales", translations: es, initiatives: [{ translations: { es: { name: "Tienda nueva" } } }] });

    // Imported again as a copy, the file brings them back.
    const copy = await call("POST", "/api/documents/import", { ...file, name: "Sales (copy)" });
    expect(copy.status).toBe(201);
    const copied = (await call("GET", `/api/document/${copy.json.id}/kpi/tree`)).json.root.children[0];
    expect(copied).toMatchObject({ translations: es, initiatives: [{ translations: { es: { name: "Tienda nueva" } } }] });

    // Sending translations replaces them; {} removes them, and the answer no longer carries the field.
    expect((await call("PATCH", `/api/document/${docId}/kpi/${kpi.json.guid}`, { translations: { es: { name: "Ventas netas" } } })).json.translations).toEqual({
      es: { name: "Ventas netas" },
    });
    const cleared = await call("PATCH", `/api/document/${docId}/kpi/${kpi.json.guid}`, { translations: {} });
    expect(cleared.json).not.toHaveProperty("translations");
    // A KPI without translations answers exactly as before.
    expect(Object.keys((await call("POST", `/api/document/${docId}/kpi`, { name: "Plain" })).json)).not.toContain("translations");
  });

  it("refuses a language it does not have, an empty name or an unknown field, in the contract's error shape, and changes nothing", async () => {
    const docId = (await call("POST", "/api/documents", { name: "Refusals" })).json.id;
    const kpi = (await call("POST", `/api/document/${docId}/kpi`, { name: "Costs", translations: { es: { name: "Costes" } } })).json;
    for (const translations of [{ fr: { name: "Coûts" } }, { es: { name: "" } }, { es: { title: "Costes" } }, { es: "Costes" }, ["es"]]) {
      const refused = await call("PATCH", `/api/document/${docId}/kpi/${kpi.guid}`, { translations });
      expect(refused.status, JSON.stringify(translations)).toBe(400);
      expect(refused.json).toMatchObject({ success: false, code: "invalid_request" });
      expect(refused.json.details[0].path).toMatch(/^translations/);
    }
    expect((await call("GET", `/api/document/${docId}/kpi/tree`)).json.root.children[0].translations).toEqual({ es: { name: "Costes" } });
  });
});
