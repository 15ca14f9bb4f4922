import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { LoginResponse } from "@/lib/contract/auth";
import { ErrorBody } from "@/lib/contract/common";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import {
  CONTENT_TYPES,
  filledPath,
  HOSTILE_CLASSES,
  HOSTILE_SEGMENTS,
  leaves,
  operationsOf,
  replaced,
  requestBody,
  type Operation,
} from "@/lib/testing/hostile";

const RUNS = 1500;

describe("every route under contract-derived hostile requests", () => {
  let database: Database;
  let api: TestApi;
  let token: string;
  let operations: Operation[];
  let real: Record<string, string>;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    // A high limit so the budget never runs out during the run.
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 1_000_000 });
    const owner = await accountWithScorecards(api, database.db, "fuzz@example.com", [smallScorecard()]);
    token = owner.token;
    operations = operationsOf(await (await api.call("/openapi.json")).json());
    const docId = owner.scorecardIds[0]!;
    const kpis = (await (await api.call(`/api/document/${docId}/kpi/list`, { headers: owner.auth })).json()).items;
    // One of each object an {id} names, so that "1" reaches the handlers rather than a 404.
    const post = (path: string, body: unknown) => api.call(path, jsonInit("POST", body, owner.auth));
    const hook = await (await post("/api/webhooks", { name: "hook", url: "https://93.184.216.34/hook" })).json();
    await post(`/api/document/${docId}/alerts`, { name: "a", kpiGuid: kpis[2].guid, condition: "VALUE_CHANGED", webhookId: hook.id });
    await post(`/api/document/${docId}/kpi/${kpis[2].guid}/notes`, { date: "2024-01-01", text: "n" });
    real = {
      docId: String(docId),
      guid: kpis[2].guid,
      date: "2024-02-29",
      startDate: "2024-01-01",
      endDate: "2024-12-31",
      period: "MONTH",
      id: "1",
      eventId: "msg_x",
    };
  });
  afterAll(() => database.close());

  it(`never answers 500 and always uses the contract's error shape (${RUNS} requests)`, async () => {
    const request = fc.nat().chain((pick) => {
      const op = operations[pick % operations.length]!;
      return fc.record({
        op: fc.constant(op),
        path: filledPath(op.template, real),
        method: fc.oneof(
          { weight: 4, arbitrary: fc.constant(op.method) },
          { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS") },
        ),
        body: requestBody(op.example),
        type: fc.constantFrom(...CONTENT_TYPES),
        token: fc.constantFrom<string | undefined>("valid", "valid", "valid", "valid", "valid", undefined, "gst_bogus", "", " ", "gak_\u00e9"),
        key: fc.constantFrom<string | undefined>(undefined, undefined, "k1", "", "k".repeat(256), "ü\u00ff"),
        huge: fc.boolean().map((b) => b && Math.random() < 0.02),
      });
    });

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = {};
        if (r.type) headers["Content-Type"] = r.type;
        if (r.token !== undefined) headers.Token = r.token === "valid" ? token : r.token;
        if (r.key !== undefined) headers["Idempotency-Key"] = r.key;
        const hasBody = r.method !== "GET" && r.method !== "HEAD";
        const body = r.huge ? JSON.stringify({ items: "x".repeat(1_100_000) }) : r.body;
        await expectNoServerError(r.method, r.path, { method: r.method, headers, body: hasBody ? body : undefined });
      }),
      { numRuns: RUNS },
    );
  });

  it("answers 4xx, not 500, when any field of any operation's example holds any hostile class, or any path parameter a hostile segment", async () => {
    let sent = 0;
    for (const op of operations) {
      const path = op.template.replace(/\{(\w+)\}/g, (_, name: string) => real[name] ?? "1");
      const headers = { "Content-Type": "application/json", Token: token };
      for (const leaf of op.example === undefined ? [] : leaves(op.example)) {
        for (const value of HOSTILE_CLASSES) {
          await expectNoServerError(op.method, path, { method: op.method, headers, body: JSON.stringify(replaced(op.example, leaf, value)) });
          sent++;
        }
      }
      // An empty body, and the example without each of its top-level fields in turn.
      if (op.example !== undefined && op.method !== "GET") {
        const partial = typeof op.example === "object" && op.example !== null && !Array.isArray(op.example) ? Object.keys(op.example) : [];
        for (const body of [{}, [], ...partial.map((k) => Object.fromEntries(Object.entries(op.example as object).filter(([f]) => f !== k)))]) {
          await expectNoServerError(op.method, path, { method: op.method, headers, body: JSON.stringify(body) });
          sent++;
        }
      }
      for (const name of op.template.match(/\{\w+\}/g) ?? []) {
        for (const segment of HOSTILE_SEGMENTS) {
          const hostile = op.template.replace(/\{(\w+)\}/g, (whole, n: string) => (whole === name ? segment : (real[n] ?? "1")));
          await expectNoServerError(op.method, hostile, {
            method: op.method,
            headers,
            body: op.example === undefined ? undefined : JSON.stringify(op.example),
          });
          sent++;
        }
      }
    }
    console.log(`systematic sweep: ${sent} requests over ${operations.length} operations`);
    expect(sent).toBeGreaterThan(500);
  });

  async function expectNoServerError(method: string, path: string, init: RequestInit) {
    const response = await api.app.request(path, init);
    const where = `${method} ${path} ${typeof init.body === "string" ? init.body.slice(0, 120) : ""}`;
    expect(response.status, where).toBeLessThan(500);
    if (response.status >= 400 && method !== "HEAD" && !path.startsWith("/rest/docs")) {
      const json = await response.json();
      if (path === "/rest/login" && method === "POST") LoginResponse.parse(json);
      else expect(ErrorBody.safeParse(json).success, `${where}: ${JSON.stringify(json)}`).toBe(true);
    }
  }
});
