import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { dashboardProofKey, FORWARDED_PROOF_HEADER, forwardedRequestHeaders } from "@/lib/dashboard-proof";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { createScimApp } from "./scim/app";

// The HTTP server stamps each request with its public origin and client address
// (lib/cli/public-origin.mjs); the dashboard's server forwards its person's with a proof. Every
// link the service makes for that request starts with that origin, never the configured fallback.
const STAMPED = { "x-gauge-origin": "https://gauge.example.com", "x-gauge-client-address": "203.0.113.9" };
const KEY = dashboardProofKey("a session secret for tests only, 32+ characters");

describe("links made for a request start with the address it came in by", () => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 10_000, dashboardUrl: "http://localhost:3000", dashboardKey: KEY });
    owner = await accountWithScorecards(api, database.db, "links@example.com", [smallScorecard()]);
  });
  afterAll(() => database.close());

  const post = async (path: string, body: unknown, headers: Record<string, string>) =>
    (await api.call(path, jsonInit("POST", body, { ...owner.auth, ...headers }))).json();

  it("names the stamped origin in push URLs, spreadsheet links, the SSO redirect URI and the SCIM base URL", async () => {
    const docId = owner.scorecardIds[0]!;
    const push = await post(
      "/api/connectors",
      { name: "Zapier", kind: "push", shape: "rows", docId, mapping: { kpi: "kpi", date: "date", value: "value" } },
      STAMPED,
    );
    expect(push.pushUrl).toMatch(/^https:\/\/gauge\.example\.com\/rest\/push\/\S+$/);
    expect((await post(`/api/document/${docId}/feeds`, {}, STAMPED)).url).toMatch(/^https:\/\/gauge\.example\.com\/rest\/feeds\/gfd_/);
    expect((await (await api.call("/api/sso", { headers: { ...owner.auth, ...STAMPED } })).json()).redirectUri).toBe(
      "https://gauge.example.com/api/session/oidc/callback",
    );
    expect((await (await api.call("/api/scim-tokens", { headers: { ...owner.auth, ...STAMPED } })).json()).baseUrl).toBe("https://gauge.example.com/scim/v2");
    // Without a stamp (a test, next dev) the configured address stands.
    expect((await (await api.call("/api/sso", { headers: owner.auth })).json()).redirectUri).toBe("http://localhost:3000/api/session/oidc/callback");
  });

  it("takes the dashboard's forwarded origin and address only with their proof", async () => {
    const signed = forwardedRequestHeaders({ origin: "https://kpi.corp.example", address: "198.51.100.7" }, KEY);
    const sso = async (headers: Record<string, string>) =>
      (await (await api.call("/api/sso", { headers: { ...owner.auth, "x-gauge-origin": "http://127.0.0.1:3000", ...headers } })).json()).redirectUri;
    expect(await sso(signed)).toBe("https://kpi.corp.example/api/session/oidc/callback");
    expect(await sso({ ...signed, [FORWARDED_PROOF_HEADER]: "forged" })).toBe("http://127.0.0.1:3000/api/session/oidc/callback");
    expect(await sso({ ...signed, "X-Gauge-Forwarded-Origin": "https://evil.example" })).toBe("http://127.0.0.1:3000/api/session/oidc/callback");
  });

  it("records the client's address with sign-ins and failed sign-ins", async () => {
    await api.call("/login", jsonInit("POST", { email: "links@example.com", contraseña: "wrong password" }, STAMPED));
    await api.call("/login", jsonInit("POST", { email: "links@example.com", contraseña: owner.password }, STAMPED));
    const events = (await (await api.call("/api/activity?kind=sign-in", { headers: owner.auth })).json()).items as {
      action: string;
      details: Record<string, unknown>;
    }[];
    expect(events.slice(0, 2).map((e) => [e.action, e.details])).toEqual([
      ["logged in", { address: "203.0.113.9" }],
      ["failed to log in (wrong password)", { address: "203.0.113.9" }],
    ]);
  });

  it("answers SCIM's created user with Location, the same as its meta.location, at the stamped origin", async () => {
    const token = await post("/api/scim-tokens", { name: "Entra" }, STAMPED);
    const scim = createScimApp(api.app.deps);
    const created = await scim.request("/scim/v2/Users", {
      method: "POST",
      headers: { Authorization: `Bearer ${token.token}`, "Content-Type": "application/scim+json", ...STAMPED },
      body: JSON.stringify({ schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: "newcomer@example.com", active: true }),
    });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.meta.location).toMatch(/^https:\/\/gauge\.example\.com\/scim\/v2\/Users\/\S+$/);
    expect(created.headers.get("Location")).toBe(body.meta.location);
  });
});
