import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import "@/lib/contract/auth";
import "@/lib/contract/grouped";
import "@/lib/contract/kpis";
import "@/lib/contract/scorecards";
import "@/lib/contract/values";
import "@/lib/contract/webhooks";
import "@/lib/contract/alerts";
import { openDatabase, type Database } from "@/lib/db/client";
import { createTestApi, type TestApi } from "@/lib/testing/api";

// Every endpoint API.md names that the service serves; the document must list each one.
const CONTRACT_ROUTES = [
  "POST /rest/login",
  "POST /rest/logout",
  "GET /rest/api/access/info",
  "GET /rest/api/api-keys",
  "POST /rest/api/api-keys",
  "DELETE /rest/api/api-keys/{id}",
  "GET /rest/api/documents/list",
  "GET /rest/api/documents/list/{docId}",
  "GET /rest/api/document/{docId}/kpi/list",
  "GET /rest/api/document/{docId}/kpi/tree",
  "GET /rest/api/document/{docId}/kpi/{guid}",
  "GET /rest/api/document/{docId}/kpi/indicator/{guid}/value/{date}",
  "POST /rest/api/document/{docId}/kpi/indicator/{guid}/value/{date}",
  "DELETE /rest/api/document/{docId}/kpi/indicator/{guid}/values/{date}",
  "GET /rest/api/document/{docId}/kpi/indicator/{guid}/values",
  "POST /rest/api/document/{docId}/kpi/batch/set-value/{date}",
  "POST /rest/api/document/{docId}/kpi/batch/set-values",
  "POST /rest/api/document/{docId}/kpi/batch/get-value/{date}",
  "GET /rest/api/document/{docId}/kpi/batch/all/get-value/{date}",
  "GET /rest/api/document/{docId}/kpi/indicator/{guid}/grouped-value/{period}/{startDate}/{endDate}",
  "GET /rest/api/document/{docId}/kpi/indicators/grouped-value/{period}/{startDate}/{endDate}",
  "GET /rest/api/webhooks",
  "POST /rest/api/webhooks",
  "DELETE /rest/api/webhooks/{id}",
  "GET /rest/api/webhooks/{id}/deliveries",
  "GET /rest/api/document/{docId}/alerts",
  "POST /rest/api/document/{docId}/alerts",
  "PATCH /rest/api/document/{docId}/alerts/{id}",
  "DELETE /rest/api/document/{docId}/alerts/{id}",
];

describe("OpenAPI document and reference page", () => {
  let database: Database;
  let api: TestApi;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    api = createTestApi(database.db);
  });
  afterAll(() => database.close());

  it("serves an OpenAPI 3.1 document with every contract route, typed from the zod schemas", async () => {
    const response = await api.call("/openapi.json");
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe("3.1.0");
    const routes = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    for (const route of CONTRACT_ROUTES) expect(routes).toContain(route);
    expect(doc.components.securitySchemes.Token).toEqual({ type: "apiKey", in: "header", name: "Token" });
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["Kpi", "KpiNode", "Scorecard", "Error", "LoginRequest", "LoginResponse", "AccessInfo"]),
    );
    expect(doc.components.schemas.LoginRequest.required).toEqual(["email"]);
    expect(Object.keys(doc.components.schemas.LoginRequest.properties)).toEqual(["email", "contraseña", "password", "otp"]);
    expect(doc.components.schemas.Kpi.properties.updateInterval.enum).toEqual(["DAY", "WEEK", "MONTH", "QUARTER", "HALF_YEAR", "YEAR"]);
  });

  it("gives every request body and success response an example", async () => {
    const doc = await (await api.call("/openapi.json")).json();
    const schemas = doc.components.schemas as Record<string, { example?: unknown }>;
    const hasExample = (schema: { $ref?: string; example?: unknown } | undefined) =>
      schema?.example !== undefined || (schema?.$ref !== undefined && schemas[schema.$ref.split("/").pop()!]?.example !== undefined);
    const missing: string[] = [];
    type Schema = { $ref?: string; example?: unknown };
    type Operation = {
      requestBody?: { content?: Record<string, { schema?: Schema }> };
      responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
    };
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const body = op.requestBody?.content?.["application/json"]?.schema;
        if (body && !hasExample(body)) missing.push(`${method} ${path} request`);
        for (const [status, response] of Object.entries(op.responses)) {
          const schema = response.content?.["application/json"]?.schema;
          if (status.startsWith("2") && schema && !hasExample(schema)) missing.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("says of each operation what the server does with it: its cost at the call limit, and what a key needs", async () => {
    const doc = await (await api.call("/openapi.json")).json();
    const operations = Object.values(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap((ops) => Object.values(ops));
    const uncounted = operations.filter((op) => op["x-gauge-counted"] === false);
    expect(uncounted.map((op) => op.operationId).sort()).toEqual(["accessInfo", "callSpending", "logout", "revokeApiKey"]);
    for (const op of uncounted) {
      expect(Object.keys(op.responses as object), String(op.operationId)).not.toContain("429");
      expect(op.description, String(op.operationId)).not.toMatch(/Counts as one call/);
    }
    for (const op of operations.filter((o) => (o.security as unknown[] | undefined)?.length && o["x-gauge-counted"] !== false)) {
      expect(Object.keys(op.responses as object), String(op.operationId)).toContain("429");
      expect(["read", "write", "session"], String(op.operationId)).toContain(op["x-gauge-scope"]);
    }
  });

  it("has examples that satisfy their own schemas", () => {
    const registry = z.globalRegistry as unknown as { _idmap: Map<string, z.ZodType> };
    const checked: string[] = [];
    for (const [id, schema] of registry._idmap) {
      const example = z.globalRegistry.get(schema)?.example;
      if (example === undefined) continue;
      const result = schema.safeParse(example);
      expect(result.success, `${id}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
      checked.push(id);
    }
    expect(checked.length).toBeGreaterThan(20);
  });

  it("renders a readable reference page from the document", async () => {
    const response = await api.call("/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain("<h1>Gauge KPI API");
    expect(html).toContain("/rest/api/document/{docId}/kpi/tree");
    expect(html).toContain('id="schema-Kpi"');
    expect(html).not.toMatch(/<script/i);
  });

  it("filters the reference with a plain form, and names the role an operation needs", async () => {
    const html = await (await api.call("/docs?q=sharing%20put%20public%20link%20users")).text();
    expect(html).toContain("/rest/api/document/{docId}/sharing");
    expect(html).not.toContain("/rest/api/document/{docId}/kpi/batch/set-values");
    expect(html).toMatch(/1 of \d+ operations match “sharing put public link users”/);
    expect(html).toContain("needs expert");
    const hostile = await (await api.call(`/docs?q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`)).text();
    expect(hostile).not.toContain("<img src=x");
  });

  it("speaks the reader's language around the contract's English: the browser's, or the dashboard's cookie", async () => {
    const spanish = await (await api.call("/docs?q=sharing%20put%20public%20link%20users", { headers: { "Accept-Language": "es-ES,es;q=0.9" } })).text();
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toMatch(/1 de \d+ operaciones coinciden con «sharing put public link users»/);
    expect(spanish).toContain("requiere expert");
    expect(spanish).toContain("Volver al panel");
    const chosen = await (await api.call("/docs", { headers: { "Accept-Language": "en-US", Cookie: "theme=dark; gauge_lang=es" } })).text();
    expect(chosen).toContain('<h2 id="schemas">Esquemas</h2>');
    expect(await (await api.call("/docs", { headers: { "Accept-Language": "fr-FR" } })).text()).toContain("Back to the dashboard");
  });
});
