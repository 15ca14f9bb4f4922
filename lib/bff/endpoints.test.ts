import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, smallScorecard, type TestApi } from "@/lib/testing/api";
import { serveOverHttp } from "@/lib/testing/http-api";
import { endpoints } from "./endpoints";
import { keyStartsWith, type AnyEndpoint, type QueryKey } from "./endpoint-spec";
import { createKpiClient } from "./kpi-client";
import { schemasOf } from "./operation-schemas";
import { writeMutation } from "./queries";
import { cachedKeys } from "./read-cache";

const table = Object.entries(endpoints as Record<string, AnyEndpoint>);
// A sample input for every endpoint, so that keys can be computed.
const sample = { docId: 7, id: 3, eventId: "msg_x", guid: "g", period: "MONTH", startDate: "2026-01-01", endDate: "2026-12-31", field: "target" } as never;

describe("the dashboard's endpoint table", () => {
  let database: Database;
  let api: TestApi;
  let http: Awaited<ReturnType<typeof serveOverHttp>>;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 1000 });
    http = await serveOverHttp(api);
    process.env.KPI_API_URL = http.url;
  });
  afterAll(async () => {
    delete process.env.KPI_API_URL;
    await http.close();
    await database.close();
  });

  it("names only real operations of openapi.json, with their method and path", async () => {
    const doc = await (await api.call("/openapi.json")).json();
    for (const [name, endpoint] of table) {
      const operation = doc.paths[`/rest${endpoint.path}`]?.[endpoint.method.toLowerCase()];
      expect(operation, `${name}: ${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation.operationId, name).toBe(endpoint.op);
      expect(() => schemasOf(endpoint), name).not.toThrow();
    }
  });

  it("gives every read its own key, and every stale key of a write names at least one read", () => {
    const reads = table.filter(([, e]) => e.kind === "read").map(([name, e]) => [name, (e as { key: (i: never) => QueryKey }).key(sample)] as const);
    expect(new Set(reads.map(([, key]) => JSON.stringify(key))).size).toBe(reads.length);
    for (const [name, endpoint] of table) {
      if (endpoint.kind !== "write") continue;
      for (const stale of endpoint.stale(sample)) {
        expect(
          reads.some(([, key]) => keyStartsWith(key, stale)),
          `${name} makes ${JSON.stringify(stale)} stale`,
        ).toBe(true);
      }
    }
  });

  it("on the server, a write marks stale exactly the cached reads it changes, keeps them, and revalidates them for free when unchanged", async () => {
    const owner = await accountWithScorecards(api, database.db, "cache@example.com", [smallScorecard()]);
    const docId = owner.scorecardIds[0]!;
    const client = createKpiClient(owner.token, { db: async () => database.db });
    // The client asks who it is once (as a page does): the count comes from the API each time.
    const used = async () => (await (await api.call("/api/access/info", { headers: owner.auth })).json()).usedCount as number;
    const range = { docId, period: "MONTH", startDate: "2026-01-01", endDate: "2026-03-31" } as const;

    const tree = await client.tree({ docId });
    await client.grouped(range);
    await client.grouped({ ...range, period: "QUARTER" });
    await client.scorecards({});
    await client.alerts({ docId });
    await client.webhooks({});
    const afterReads = await used();
    await Promise.all([client.tree({ docId }), client.grouped(range), client.scorecards({}), client.alerts({ docId }), client.webhooks({})]);
    expect(await used(), "cached reads cost nothing").toBe(afterReads);

    const sales = tree.root.children[0]!.children[0]!;
    await client.setValues({ docId }, { body: { items: [{ guid: sales.guid, date: "2026-02-01", value: 5 }] }, headers: { "Idempotency-Key": "k1" } });
    const me = await client.budget({});
    const kept = await cachedKeys(database.db, `account:${me.accountId}`);
    const names = (stale: boolean) =>
      kept
        .filter((k) => k.stale === stale)
        .map((k) => JSON.stringify(k.key))
        .sort();
    // Values may fire alerts (their "last fired"): the alerts' read goes stale with the grouped ones.
    expect(names(false)).toEqual([JSON.stringify(["scorecard", docId, "tree"]), JSON.stringify(["webhooks"])]);
    expect(names(true)).toHaveLength(4);

    const beforeRereads = await used();
    const grouped = await client.grouped(range);
    expect(grouped.items.find((s) => s.guid === sales.guid)!.points[1]!.value).toBe(5);
    await client.tree({ docId });
    // No alert fired: the alerts' answer is the same, and its revalidation is a free 304.
    await client.alerts({ docId });
    expect(await used(), "only the changed read cost a call").toBe(beforeRereads + 1);
    expect((await cachedKeys(database.db, `account:${me.accountId}`)).filter((k) => k.stale)).toHaveLength(2);
  });

  it("in the browser, a write invalidates exactly the queries whose keys it makes stale", async () => {
    const queryClient = new QueryClient();
    const reads = table.filter(([, e]) => e.kind === "read") as [string, AnyEndpoint & { kind: "read" }][];
    for (const docId of [7, 8]) {
      for (const [, endpoint] of reads) queryClient.setQueryData(endpoint.key({ ...(sample as object), docId } as never), { cached: true });
    }
    await writeMutation("setValues", queryClient).onSuccess(null as never, { input: { docId: 7 } } as never);
    const invalidated = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => JSON.stringify(q.queryKey))
      .sort();
    expect(invalidated).toEqual(
      [
        ["alerts", 7],
        ["alerts", 7, 3, "history"],
        ["scorecard", 7, "grouped", "MONTH", "2026-01-01", "2026-12-31"],
        // The forecast rides on the grouped figures: new values make it stale too.
        ["scorecard", 7, "grouped", "forecast", "MONTH", ""],
        ["scorecard", 7, "history", "changes", "", ""],
        ["scorecard", 7, "history", "revisions", "g", "", "", "", ""],
        ["scorecard", 7, "records", "target", "", ""],
        ["scorecards"],
      ]
        .map((k) => JSON.stringify(k))
        .sort(),
    );
    // A read the write's own answer brought up to date is not read again.
    await writeMutation("setValues", queryClient).onSuccess(null as never, { input: { docId: 8 } } as never, [["scorecard", 8, "records", "target", "", ""]]);
    const refreshed = queryClient
      .getQueryCache()
      .findAll({ queryKey: ["scorecard", 8] })
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[2]);
    expect(refreshed.sort()).toEqual(["grouped", "grouped", "history", "history"]);
  });
});
