import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";

describe.each(testDatabases)("conditional reads on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let doc: number;
  let sales: string;
  const used = async () => (await (await api.call("/api/access/info", { headers: owner.auth })).json()).usedCount as number;
  const get = (path: string, headers: Record<string, string>, method = "GET") => api.call(path, { method, headers });

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 10_000, tokenTtlHours: 1000 });
    owner = await accountWithScorecards(api, database.db, `etag-${Date.now()}@example.com`, [smallScorecard()]);
    doc = owner.scorecardIds[0]!;
    sales = (await (await get(`/api/document/${doc}/kpi/list`, owner.auth)).json()).items[2].guid;
  });
  afterAll(() => database.close());

  it("answers a new ETag exactly when the answer changes, and 304 (free) while it does not", async () => {
    const path = `/api/document/${doc}/kpi/indicators/grouped-value/MONTH/2024-01-01/2024-12-31`;
    const first = await get(path, owner.auth);
    const e1 = first.headers.get("ETag")!;
    expect(e1).toMatch(/^"[\w-]{32}"$/);
    const before = await used();
    expect((await get(path, { ...owner.auth, "If-None-Match": e1 })).status).toBe(304);
    expect((await get(path, { ...owner.auth, "If-None-Match": `"other", W/${e1}` })).status).toBe(304);
    expect(await used(), "304s are not counted").toBe(before);

    await api.call(`/api/document/${doc}/kpi/indicator/${sales}/value/2024-03-01`, jsonInit("POST", { value: 42 }, owner.auth));
    const changed = await get(path, { ...owner.auth, "If-None-Match": e1 });
    expect(changed.status).toBe(200);
    const e2 = changed.headers.get("ETag")!;
    expect(e2).not.toBe(e1);
    expect((await get(path, { ...owner.auth, "If-None-Match": e2 })).status).toBe(304);

    // HEAD is GET without the body: the same tag, and 304 the same way.
    const head = await get(path, owner.auth, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("ETag")).toBe(e2);
    expect(await head.text()).toBe("");
    expect((await get(path, { ...owner.auth, "If-None-Match": e2 }, "HEAD")).status).toBe(304);
  });

  it("never gives a 304 to a caller who may not read the answer: its 404 stands", async () => {
    const path = `/api/document/${doc}/kpi/tree`;
    const etag = (await get(path, owner.auth)).headers.get("ETag")!;
    const viewer = await teammate(api, database.db, owner.accountId, `etag-viewer-${Date.now()}@example.com`, "viewer");
    for (const tag of [etag, "*"]) {
      const refused = await get(path, { ...viewer.auth, "If-None-Match": tag });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ success: false, code: "not_found" });
    }
    // Shared, the viewer reads the same bytes, and so the same tag.
    await api.call(`/api/document/${doc}/sharing`, jsonInit("PUT", { account: "read" }, owner.auth));
    expect((await get(path, { ...viewer.auth, "If-None-Match": etag })).status).toBe(304);
    await api.call(`/api/document/${doc}/sharing`, jsonInit("PUT", { account: "none" }, owner.auth));
    expect((await get(path, { ...viewer.auth, "If-None-Match": etag })).status).toBe(404);
  });

  it("counts exactly the reads that were not 304, under concurrency", async () => {
    const path = `/api/document/${doc}/kpi/tree`;
    const etag = (await get(path, owner.auth)).headers.get("ETag")!;
    const before = await used();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => get(path, i % 3 === 0 ? owner.auth : { ...owner.auth, "If-None-Match": etag })));
    expect(answers.filter((a) => a.status === 304)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(await used()).toBe(before + 10);
  });
});
