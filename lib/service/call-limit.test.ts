import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard } from "@/lib/testing/api";
import { apiOver } from "@/lib/testing/suite";
import { createPostgresDatabase, testDatabases } from "@/lib/testing/databases";

const RATE_HEADERS = ["RateLimit-Policy", "RateLimit", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

describe.each(testDatabases)("call limit on $name", ({ open }) => {
  const env = apiOver(open);

  it("allows 100 counted calls an hour, then 429 with Retry-After, then resets", async () => {
    const { auth } = await accountWithScorecards(env.api, env.database.db, "busy@example.com", [smallScorecard()]);
    for (let i = 1; i <= 100; i++) {
      const response = await env.api.call("/api/documents/list", { headers: auth });
      expect(response.status).toBe(200);
      expect(response.headers.get("X-RateLimit-Remaining")).toBe(String(100 - i));
    }
    const refused = await env.api.call("/api/documents/list", { headers: auth });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ success: false, code: "rate_limited", details: [] });
    expect(Number(refused.headers.get("Retry-After"))).toBe(3600);
    expect(refused.headers.get("RateLimit")).toBe('"hourly";r=0;t=3600');
    for (const name of RATE_HEADERS) expect(refused.headers.get(name)).not.toBeNull();

    // A refused call is not counted: access/info (itself not counted) shows the window full, never over.
    expect((await env.api.call("/api/documents/list", { headers: auth })).status).toBe(429);
    const info = await (await env.api.call("/api/access/info", { headers: auth })).json();
    expect(info).toEqual({
      allowedCount: 100,
      usedCount: 100,
      resetAt: new Date(env.api.clock.current.getTime() + 3_600_000).toISOString(),
      email: "busy@example.com",
      error: null,
      userId: expect.any(Number),
      accountId: expect.any(Number),
      role: "admin",
      scope: null,
      limitPerUser: 100,
      countedUsers: 1,
      accessVersion: expect.stringMatching(/^admin:[0-9a-f]{32}$/),
      language: null,
    });

    env.api.clock.advance(3_600_000);
    const fresh = await env.api.call("/api/documents/list", { headers: auth });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("X-RateLimit-Remaining")).toBe("99");
  });

  it("lets a caller at the limit still log out and revoke API keys, without counting them", async () => {
    const { auth } = await accountWithScorecards(env.api, env.database.db, `revoker-${Date.now()}@example.com`);
    const key = await (await env.api.call("/api/api-keys", jsonInit("POST", { name: "leaked" }, auth))).json();
    while ((await env.api.call("/api/documents/list", { headers: auth })).status !== 429);
    const used = (await (await env.api.call("/api/access/info", { headers: auth })).json()).usedCount;

    const revoke = await env.api.call(`/api/api-keys/${key.id}`, { method: "DELETE", headers: auth });
    expect(revoke.status).toBe(204);
    expect((await env.api.call("/api/documents/list", { headers: { Token: key.key } })).status).toBe(401);
    expect((await (await env.api.call("/api/access/info", { headers: auth })).json()).usedCount).toBe(used);
    const logout = await env.api.call("/logout", { method: "POST", headers: auth });
    expect(logout.status).toBe(204);
    expect((await env.api.call("/api/access/info", { headers: auth })).status).toBe(401);
  });

  it("puts the headers on every counted response, errors included, and counts each once", async () => {
    const { auth } = await accountWithScorecards(env.api, env.database.db, "headers@example.com");
    const start = env.api.clock.current.getTime();
    const notFound = await env.api.call("/api/documents/list/999999", { headers: auth });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("RateLimit-Policy")).toBe('"hourly";q=100;w=3600');
    expect(notFound.headers.get("RateLimit")).toBe('"hourly";r=99;t=3600');
    expect(notFound.headers.get("X-RateLimit-Limit")).toBe("100");
    expect(notFound.headers.get("X-RateLimit-Reset")).toBe(String(Math.ceil(start / 1000) + 3600));
    const invalid = await env.api.call("/api/document/a.b/kpi/list", { headers: auth });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("X-RateLimit-Remaining")).toBe("98");
    const info = await (await env.api.call("/api/access/info", { headers: auth })).json();
    expect(info.usedCount).toBe(2);
  });

  it("does not count the login call, access/info, or calls without a valid token", async () => {
    const { auth, password } = await accountWithScorecards(env.api, env.database.db, "frugal@example.com");
    await env.api.call("/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "frugal@example.com", contraseña: password }),
    });
    await env.api.call("/api/access/info", { headers: auth });
    await env.api.call("/api/documents/list", { headers: { Token: "nope" } });
    const info = await (await env.api.call("/api/access/info", { headers: auth })).json();
    expect(info.usedCount).toBe(0);
  });

  it("counts each account separately", async () => {
    const a = await accountWithScorecards(env.api, env.database.db, "a@example.com");
    const b = await accountWithScorecards(env.api, env.database.db, "b@example.com");
    await env.api.call("/api/documents/list", { headers: a.auth });
    await env.api.call("/api/documents/list", { headers: a.auth });
    expect((await (await env.api.call("/api/access/info", { headers: b.auth })).json()).usedCount).toBe(0);
  });

  it("spends a conditional read's call only when the answer changed; at the limit an unchanged answer still gets its 304", async () => {
    const small = createTestApi(env.database.db, env.api.clock, { rateLimitPerHour: 2 });
    const { auth } = await accountWithScorecards(small, env.database.db, `conditional-${Date.now()}@example.com`, [smallScorecard()]);
    const used = async () => (await (await small.call("/api/access/info", { headers: auth })).json()).usedCount as number;
    const first = await small.call("/api/documents/list", { headers: auth });
    const etag = first.headers.get("ETag")!;
    const revalidated = await small.call("/api/documents/list", { headers: { ...auth, "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("X-RateLimit-Remaining")).toBe("1");
    expect(await used()).toBe(1);
    const changed = await small.call("/api/documents/list", { headers: { ...auth, "If-None-Match": '"something-else"' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(await used()).toBe(2);

    expect((await small.call("/api/documents/list", { headers: auth })).status).toBe(429);
    const unchanged = await small.call("/api/documents/list", { headers: { ...auth, "If-None-Match": etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("X-RateLimit-Remaining")).toBe("0");
    const stale = await small.call("/api/documents/list", { headers: { ...auth, "If-None-Match": '"something-else"' } });
    expect(stale.status).toBe(429);
    expect(await stale.json()).toMatchObject({ code: "rate_limited" });
    expect(stale.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await used()).toBe(2);
  });

  it("honours RATE_LIMIT_PER_HOUR", async () => {
    const small = createTestApi(env.database.db, env.api.clock, { rateLimitPerHour: 3 });
    const { auth } = await accountWithScorecards(small, env.database.db, "small@example.com");
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await small.call("/api/documents/list", { headers: auth })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("call limit across processes", () => {
  it("two app instances over one PostgreSQL allow exactly 100 calls together", async () => {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const [one, two] = [await openDatabase({ url: created.url }), await openDatabase({ url: created.url })];
    try {
      const apiOne = createTestApi(one.db);
      const apiTwo = createTestApi(two.db, apiOne.clock);
      const { auth } = await accountWithScorecards(apiOne, one.db, "shared@example.com");
      const calls = Array.from({ length: 160 }, (_, i) => (i % 2 ? apiOne : apiTwo).call("/api/documents/list", { headers: auth }).then((r) => r.status));
      const statuses = await Promise.all(calls);
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(60);
      const info = await (await apiOne.call("/api/access/info", { headers: auth })).json();
      expect(info.usedCount).toBe(100);
    } finally {
      await one.close();
      await two.close();
      await created.drop();
    }
  });

  it("keeps conditional reads from crowding out plain ones: 40 answered 304 at once beside 10 plain reads with 23 calls left", async () => {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const database = await openDatabase({ url: created.url });
    try {
      const api = createTestApi(database.db, undefined, { rateLimitPerHour: 33 });
      const { auth } = await accountWithScorecards(api, database.db, "crowd@example.com", [smallScorecard()]);
      const etag = (await api.call("/api/documents/list", { headers: auth })).headers.get("ETag")!;
      for (let i = 0; i < 9; i++) await api.call("/api/documents/list", { headers: auth });
      const conditional = Array.from({ length: 40 }, () =>
        api.call("/api/documents/list", { headers: { ...auth, "If-None-Match": etag } }).then((r) => r.status),
      );
      const plain = Array.from({ length: 10 }, () => api.call("/api/documents/list", { headers: auth }).then((r) => r.status));
      const [revalidated, read] = await Promise.all([Promise.all(conditional), Promise.all(plain)]);
      expect({ revalidated: [...new Set(revalidated)], read: [...new Set(read)] }).toEqual({ revalidated: [304], read: [200] });
      expect((await (await api.call("/api/access/info", { headers: auth })).json()).usedCount).toBe(20);
    } finally {
      await database.close();
      await created.drop();
    }
  });
});
