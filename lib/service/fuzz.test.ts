import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { LoginResponse } from "@/lib/contract/auth";
import { ErrorBody } from "@/lib/contract/common";
import { accountWithScorecards, createTestApi, smallScorecard, type TestApi } from "@/lib/testing/api";

const hostileSegments = ["", "0", "-1", "1e3", "00001", "99999999999999999999", "%zz", "%00", "..", "%2e%2e", "null", "ü", "1;DROP TABLE kpis", "a".repeat(300)];

describe("every route under random and malformed requests", () => {
  let database: Database;
  let api: TestApi;
  let token: string;
  let paths: { method: string; template: string }[];
  let realValues: string[];

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    // A high limit so the budget never runs out during the run.
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 1_000_000 });
    const owner = await accountWithScorecards(api, database.db, "fuzz@example.com", [smallScorecard()]);
    token = owner.token;
    const doc = await (await api.call("/openapi.json")).json();
    paths = Object.entries(doc.paths as Record<string, object>).flatMap(([template, ops]) =>
      Object.keys(ops).map((method) => ({ method: method.toUpperCase(), template })),
    );
    const kpis = (await (await api.call(`/api/document/${owner.scorecardIds[0]}/kpi/list`, { headers: owner.auth })).json()).items;
    realValues = [String(owner.scorecardIds[0]), kpis[1].guid, "2024-02-29", "2023-02-30", "MONTH"];
  });
  afterAll(() => database.close());

  it("never answers 500 and always uses the contract's error shape", async () => {
    const segment = fc.oneof(
      fc.constantFrom(...hostileSegments),
      fc.string({ maxLength: 20 }).map(encodeURIComponent),
      fc.constant(null), // replaced by a real ID or GUID of the account
    );
    const body = fc.oneof(
      fc.constant(undefined),
      fc.json({ maxDepth: 3 }),
      fc.string({ maxLength: 50 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify({ email: v, contraseña: v, name: v, guids: v, items: v })),
    );
    const contentType = fc.constantFrom(undefined, "application/json", "text/plain", "application/json; charset=utf-8", "multipart/form-data", "garbage");
    const tokenHeader = fc.constantFrom<string | undefined>(undefined, "valid", "gst_bogus", "", " ");
    const method = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE");

    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.array(segment, { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        method,
        body,
        contentType,
        tokenHeader,
        async (pick, segments, useRouteMethod, randomMethod, payload, type, tok) => {
          const route = paths[pick % paths.length]!;
          let i = 0;
          const path = route.template.replace(/\{[^}]+\}/g, () => segments[i++] ?? realValues[pick % realValues.length]!);
          const headers: Record<string, string> = {};
          if (type) headers["Content-Type"] = type;
          if (tok !== undefined) headers.Token = tok === "valid" ? token : tok;
          const httpMethod = useRouteMethod ? route.method : randomMethod;
          const response = await api.app.request(path, {
            method: httpMethod,
            headers,
            body: httpMethod === "GET" ? undefined : payload,
          });
          expect(response.status, `${httpMethod} ${path}`).not.toBe(500);
          if (response.status >= 400 && !path.startsWith("/rest/docs")) {
            const json = await response.json();
            if (path === "/rest/login" && httpMethod === "POST") LoginResponse.parse(json);
            else ErrorBody.parse(json);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
