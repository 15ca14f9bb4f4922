import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { serveOverHttp } from "@/lib/testing/http-api";
import { ApiCallError } from "./http";
import { createKpiClient } from "./kpi-client";

describe.each(testDatabases)("the dashboard's read cache shared by an account's users, on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let http: Awaited<ReturnType<typeof serveOverHttp>>;
  let admin: Awaited<ReturnType<typeof accountWithScorecards>>;
  const clientOf = (token: string) => createKpiClient(token, { db: async () => database.db });
  const range = (docId: number) => ({ docId, period: "MONTH", startDate: "2026-01-01", endDate: "2026-06-30" }) as const;
  const used = async () => (await (await api.call("/api/access/info", { headers: admin.auth })).json()).usedCount as number;

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 60 });
    http = await serveOverHttp(api);
    process.env.KPI_API_URL = http.url;
    admin = await accountWithScorecards(api, database.db, "lead@shared.example", [smallScorecard("For everyone"), smallScorecard("Private")]);
    await api.call(`/api/document/${admin.scorecardIds[0]}/sharing`, jsonInit("PUT", { account: "read" }, admin.auth));
  });
  afterAll(async () => {
    delete process.env.KPI_API_URL;
    await http.close();
    await database.close();
  });

  it("asks who the caller is once per server request: a scorecard page's access/info also answers the layout's", async () => {
    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => (asked.push(String(input)), realFetch(input, init));
    try {
      const client = clientOf(admin.token);
      const [forPage, forLayout] = await Promise.all([client.budget({ docId: admin.scorecardIds[1]! }), client.budget({})]);
      await client.tree({ docId: admin.scorecardIds[1]! });
      expect(forPage.scorecardAccess).toBe("write");
      expect(forLayout.userId).toBe(forPage.userId);
      expect(asked.filter((url) => url.includes("/api/access/info"))).toHaveLength(1);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("serves 20 viewers of one scorecard with one call per read, and never serves a scorecard to a user who may not read it", async () => {
    const viewers = await Promise.all(Array.from({ length: 20 }, (_, i) => teammate(api, database.db, admin.accountId, `viewer${i}@shared.example`, "viewer")));
    const [shared, secret] = admin.scorecardIds as [number, number];
    await clientOf(admin.token).tree({ docId: secret });
    await clientOf(admin.token).grouped(range(secret));

    const before = await used();
    const trees = await Promise.all(viewers.map((v) => clientOf(v.token).tree({ docId: shared })));
    await Promise.all(viewers.map((v) => clientOf(v.token).grouped(range(shared))));
    expect(new Set(trees.map((t) => t.root.name))).toEqual(new Set(["For everyone"]));
    expect((await used()) - before, "20 viewers, two reads each").toBe(2);

    // The private scorecard is cached (the admin read it) yet a viewer gets 404, not the data.
    for (const read of [() => clientOf(viewers[0]!.token).tree({ docId: secret }), () => clientOf(viewers[0]!.token).grouped(range(secret))]) {
      const error = await read().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiCallError);
      expect((error as ApiCallError).status).toBe(404);
    }
    // Withdrawing the share stops cached reads at once.
    await api.call(`/api/document/${shared}/sharing`, jsonInit("PUT", { account: "none" }, admin.auth));
    const refused = await clientOf(viewers[1]!.token)
      .tree({ docId: shared })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect((refused as ApiCallError).status).toBe(404);
    await api.call(`/api/document/${shared}/sharing`, jsonInit("PUT", { account: "read" }, admin.auth));
  });

  it("keeps caller-dependent reads per user: a viewer never gets the admin's own access from the cache", async () => {
    const viewer = await teammate(api, database.db, admin.accountId, `reader-${Date.now()}@shared.example`, "viewer");
    const docId = admin.scorecardIds[0]!;
    expect((await clientOf(admin.token).scorecard({ docId })).access).toBe("write");
    expect((await clientOf(viewer.token).scorecard({ docId })).access).toBe("read");
    expect((await clientOf(admin.token).scorecard({ docId })).access).toBe("write");
  });

  it("shows a sharing change in every user's cached list at once", async () => {
    const viewer = await teammate(api, database.db, admin.accountId, `lister-${Date.now()}@shared.example`, "viewer");
    const [shared, secret] = admin.scorecardIds as [number, number];
    const names = async () => {
      const list = await clientOf(viewer.token).scorecards({});
      return [...list.documents, ...list.sharedToUser].map((d) => d.name).sort();
    };
    expect(await names()).toEqual(["For everyone"]);
    await api.call(`/api/document/${shared}/sharing`, jsonInit("PUT", { account: "none" }, admin.auth));
    expect(await names()).toEqual([]);
    await api.call(`/api/document/${secret}/sharing`, jsonInit("PUT", { users: [{ userId: viewer.userId, access: "read" }] }, admin.auth));
    expect(await names()).toEqual(["Private"]);
    // A scorecard read stays shared by the account: the admin's rename reaches the viewer's view at once.
    await clientOf(viewer.token).scorecard({ docId: secret });
    await clientOf(admin.token).updateScorecard({ docId: secret }, { body: { name: "Private, renamed" } });
    expect((await clientOf(viewer.token).scorecard({ docId: secret })).name).toBe("Private, renamed");
    await api.call(`/api/document/${secret}/sharing`, jsonInit("PUT", { users: [] }, admin.auth));
    await api.call(`/api/documents/list/${secret}`, jsonInit("PUT", { name: "Private" }, admin.auth));
    await api.call(`/api/document/${shared}/sharing`, jsonInit("PUT", { account: "read" }, admin.auth));
  });

  it("at the call limit confirms unchanged reads for free, and answers changed ones with the last data, saying as of when and when the API is live again", async () => {
    const docId = admin.scorecardIds[0]!;
    const client = clientOf(admin.token);
    const tree = await client.tree({ docId });
    const fresh = await client.grouped(range(docId));
    expect(client.staleReads()).toEqual([]);

    // A script changes a figure behind the dashboard's back, then the account's budget is spent.
    const guid = tree.root.children[0]!.children[0]!.guid;
    await api.call(`/api/document/${docId}/kpi/batch/set-values`, jsonInit("POST", { items: [{ guid, date: "2026-03-01", value: 4242 }] }, admin.auth));
    const info = await (await api.call("/api/access/info", { headers: admin.auth })).json();
    for (let i = info.usedCount; i < info.allowedCount; i++) await api.call("/api/documents/list", { headers: admin.auth });
    expect((await api.call("/api/documents/list", { headers: admin.auth })).status).toBe(429);

    // A minute later nothing is fresh: the unchanged tree is confirmed (304, free), the changed figures are not.
    const later = createKpiClient(admin.token, { db: async () => database.db, now: () => new Date(Date.now() + 61_000) });
    expect(await later.tree({ docId })).toEqual(tree);
    expect(later.staleReads()).toEqual([]);
    const served = await later.grouped(range(docId));
    expect(served).toEqual(fresh);
    const [stale] = later.staleReads();
    expect(stale).toMatchObject({ asOf: expect.any(String), liveAgainAt: expect.any(String) });
    expect(Date.parse(stale!.liveAgainAt!)).toBeGreaterThan(Date.parse(stale!.asOf));
    expect((await (await api.call("/api/access/info", { headers: admin.auth })).json()).usedCount).toBe(info.allowedCount);
    // A read never made before has nothing to fall back on: the limit shows.
    const unseen = await later.grouped({ ...range(docId), period: "YEAR" }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((unseen as ApiCallError).status).toBe(429);
  });

  it("asks the API who the caller is once per request, whatever parts of a page ask, and reads each figure once", async () => {
    const docId = admin.scorecardIds[0]!;
    const asked: string[] = [];
    const encodings = new Set<string | undefined>();
    const fetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      asked.push(new URL(String(input)).pathname.replace(/^\/rest/, ""));
      encodings.add((init?.headers as Record<string, string> | undefined)?.["Accept-Encoding"]);
      return fetch(input, init);
    };
    try {
      // One scorecard page on the server, past the cache's freshness: the layout, the access check, the prefetch.
      const client = createKpiClient(admin.token, { db: async () => database.db, now: () => new Date(Date.now() + 600_000) });
      await client.budget({});
      await Promise.all([client.tree({ docId }), client.budget({ docId })]);
      await Promise.all([client.tree({ docId }), client.grouped(range(docId))]);
    } finally {
      globalThis.fetch = fetch;
    }
    // KPI_API_URL names this test's API, as it would another server: answers may come compressed.
    expect([...encodings]).toEqual([undefined]);
    expect(asked.sort()).toEqual(
      [
        "/api/access/info",
        "/api/access/info",
        `/api/document/${docId}/kpi/indicators/grouped-value/MONTH/2026-01-01/2026-06-30`,
        `/api/document/${docId}/kpi/tree`,
      ].sort(),
    );
  });

  it("asks this same server over loopback for answers uncompressed", async () => {
    const [url, port] = [process.env.KPI_API_URL, process.env.PORT];
    const encodings: (string | undefined)[] = [];
    const fetch = globalThis.fetch;
    globalThis.fetch = (input, init) => (encodings.push((init?.headers as Record<string, string> | undefined)?.["Accept-Encoding"]), fetch(input, init));
    try {
      // No KPI_API_URL: the API is this server, at 127.0.0.1 on PORT (the test's server stands in).
      delete process.env.KPI_API_URL;
      process.env.PORT = new URL(http.url).port;
      const client = createKpiClient(admin.token, { db: async () => database.db, now: () => new Date(Date.now() + 1_200_000) });
      await client.tree({ docId: admin.scorecardIds[1]! });
    } finally {
      globalThis.fetch = fetch;
      process.env.KPI_API_URL = url;
      if (port === undefined) delete process.env.PORT;
      else process.env.PORT = port;
    }
    expect(encodings.length).toBeGreaterThan(1);
    expect(new Set(encodings)).toEqual(new Set(["identity"]));
  });
});
