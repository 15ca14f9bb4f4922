import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { DASHBOARD_PROOF_HEADER, dashboardProof, dashboardProofKey } from "@/lib/dashboard-proof";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";

const KEY = dashboardProofKey("a session secret for tests only, 32+ characters");
const OTHER_KEY = dashboardProofKey("another installation's session secret, 32+ chars");
const person = (token: string, key = KEY) => ({ Token: token, "X-Gauge-Client": "dashboard", [DASHBOARD_PROOF_HEADER]: dashboardProof(key, token) });

describe.each(testDatabases)("people never spend the pool, programs do, on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  const used = async (token: string) => (await (await api.call("/api/access/info", { headers: { Token: token } })).json()).usedCount as number;

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 100, dashboardKey: KEY, personRatePerWindow: 40 });
  });
  afterAll(() => database.close());

  it("counts a person's dashboard calls against no pool, and a script's calls with the same token against it", async () => {
    const { token, scorecardIds } = await accountWithScorecards(api, database.db, "person@example.com", [smallScorecard()]);
    for (let i = 0; i < 30; i++) expect((await api.call("/api/documents/list", { headers: person(token) })).status).toBe(200);
    const write = await api.call(`/api/document/${scorecardIds[0]}/kpi/list`, { headers: person(token) });
    expect(write.status).toBe(200);
    expect(write.headers.get("X-RateLimit-Remaining")).toBeNull();
    expect(await used(token)).toBe(0);

    // The label alone, a proof made by another installation, or a proof of another token: a program's calls.
    const teammateToken = (await accountWithScorecards(api, database.db, "someone-else@example.com")).token;
    const forged: Record<string, string>[] = [
      { Token: token, "X-Gauge-Client": "dashboard" },
      person(token, OTHER_KEY),
      { Token: token, [DASHBOARD_PROOF_HEADER]: dashboardProof(KEY, teammateToken) },
      { Token: token, [DASHBOARD_PROOF_HEADER]: "" },
    ];
    for (const headers of forged) expect((await api.call("/api/documents/list", { headers })).status).toBe(200);
    expect(await used(token)).toBe(forged.length);
  });

  it("holds a runaway dashboard to the per-person rate with a clear 429, and lets it go after the window", async () => {
    const { token } = await accountWithScorecards(api, database.db, "runaway@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await api.call("/api/documents/list", { headers: person(token) })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    const refused = await api.call("/api/documents/list", { headers: person(token) });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      success: false,
      code: "rate_limited",
      errorMessage: expect.stringMatching(/More than 40 requests in 10 minutes .* try again in \d+ s/),
    });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Scripts of the same account still have their pool, and the person's refusals spent none of it.
    expect(await used(token)).toBe(0);
    expect((await api.call("/api/documents/list", { headers: { Token: token } })).status).toBe(200);
    api.clock.advance(10 * 60_000);
    expect((await api.call("/api/documents/list", { headers: person(token) })).status).toBe(200);
  });

  it("allows exactly the per-person rate to concurrent dashboard calls", async () => {
    const { token } = await accountWithScorecards(api, database.db, "concurrent@example.com");
    const statuses = await Promise.all(Array.from({ length: 60 }, () => api.call("/api/documents/list", { headers: person(token) }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("names what spent the pool this hour: per key and token to an admin, their own and the rest summed to others", async () => {
    const admin = await accountWithScorecards(api, database.db, "spender-admin@example.com", [smallScorecard()]);
    const key = await (await api.call("/api/api-keys", jsonInit("POST", { name: "Nightly BI export" }, person(admin.token)))).json();
    const expert = await teammate(api, database.db, admin.accountId, "spender-expert@example.com", "expert");
    for (let i = 0; i < 3; i++) await api.call("/api/documents/list", { headers: { Token: key.key } });
    // A script signs in anew each run: two sign-ins, one spender.
    await api.call("/api/documents/list", { headers: { Token: expert.token } });
    const again = (await (await api.call("/login", jsonInit("POST", { email: expert.email, contraseña: expert.password }))).json()).token as string;
    await api.call("/api/documents/list", { headers: { Token: again } });
    await api.call("/api/documents/list", { headers: person(admin.token) });

    const spending = await (await api.call("/api/access/spending", { headers: admin.auth })).json();
    expect(spending).toMatchObject({ allowedCount: 200, usedCount: 5, resetAt: expect.any(String) });
    expect(spending.spenders).toEqual([
      { kind: "api_key", name: "Nightly BI export", userEmail: "spender-admin@example.com", used: 3 },
      { kind: "session", name: "Scripts signing in with a password", userEmail: "spender-expert@example.com", used: 2 },
    ]);
    const theirs = await (await api.call("/api/access/spending", { headers: { Token: expert.token } })).json();
    expect(theirs.spenders).toEqual([
      { kind: "session", name: expect.any(String), userEmail: "spender-expert@example.com", used: 2 },
      { kind: "others", name: "Other people's keys, tokens and links", userEmail: null, used: 3 },
    ]);
    // A new hour starts every spender at nothing.
    api.clock.advance(3_600_000);
    await api.call("/api/documents/list", { headers: { Token: key.key } });
    const next = await (await api.call("/api/access/spending", { headers: admin.auth })).json();
    expect(next).toMatchObject({ usedCount: 1, spenders: [{ kind: "api_key", used: 1 }] });
  });
});
