import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { serveOverHttp } from "@/lib/testing/http-api";
import { watchOptions, watchRead } from "./watch";

describe.each(testDatabases)("npm run cli -- watch, over HTTP on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let http: Awaited<ReturnType<typeof serveOverHttp>>;

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db);
    http = await serveOverHttp(api);
  });
  afterAll(async () => {
    await http.close();
    await database.close();
  });

  it("spends one call on a read that does not change however often it polls, and one more when it does", async () => {
    const owner = await accountWithScorecards(api, database.db, `poller-${Date.now()}@example.com`, [smallScorecard()]);
    const docId = owner.scorecardIds[0]!;
    const url = `${http.url}/api/document/${docId}/kpi/indicators/grouped-value/MONTH/2026-01-01/2026-06-30`;
    const used = async () => (await (await api.call("/api/access/info", { headers: owner.auth })).json()).usedCount as number;
    const lines: string[] = [];
    const before = await used();
    const idle = await watchRead({ ...watchOptions([url, "--every", "0", "--times", "5"], { GAUGE_TOKEN: owner.token }), log: (l) => lines.push(l) });
    expect(idle).toMatchObject({ changed: 1, unchanged: 4, limited: 0 });
    expect(await used()).toBe(before + 1);
    expect(lines.filter((l) => l.includes("unchanged (304, not counted"))).toHaveLength(4);

    // A value written since: the next poll brings the new answer and costs a call; then nothing again.
    const tree = await (await api.call(`/api/document/${docId}/kpi/tree`, { headers: owner.auth })).json();
    await api.call(
      `/api/document/${docId}/kpi/batch/set-values`,
      jsonInit("POST", { items: [{ guid: tree.root.children[0].children[0].guid, date: "2026-02-01", value: 77 }] }, owner.auth),
    );
    const afterWrite = await used();
    const busy = await watchRead({ url, token: owner.token, everySeconds: 0, times: 3, etag: idle.etag, log: () => {} });
    expect(busy).toMatchObject({ changed: 1, unchanged: 2 });
    expect(busy.etag).not.toBe(idle.etag);
    expect(await used()).toBe(afterWrite + 1);
  });

  it("needs a URL and a token", () => {
    expect(() => watchOptions(["http://x/rest/api/documents/list"], {})).toThrow(/GAUGE_TOKEN/);
    expect(() => watchOptions([], { GAUGE_TOKEN: "t" })).toThrow(/watch <url>/);
    expect(watchOptions(["--every", "5", "http://x/r"], { GAUGE_TOKEN: "t" })).toMatchObject({ url: "http://x/r", everySeconds: 5 });
  });
});
