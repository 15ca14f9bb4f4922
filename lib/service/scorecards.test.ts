import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";

describe.each(testDatabases)("scorecards and KPIs on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let stranger: Awaited<ReturnType<typeof accountWithScorecards>>;
  const get = async (path: string, auth = owner.auth) => {
    const response = await api.call(path, { headers: auth });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 1000 });
    owner = await accountWithScorecards(api, database.db, "owner@example.com", [smallScorecard("First"), smallScorecard("Second")]);
    stranger = await accountWithScorecards(api, database.db, "stranger@example.com", [smallScorecard("Theirs")]);
  });
  afterAll(() => database.close());

  it("lists only the account's scorecards", async () => {
    const { status, body } = await get("/api/documents/list");
    expect(status).toBe(200);
    expect(body.sharedToUser).toEqual([]);
    expect(body.documents.map((d: { name: string }) => d.name)).toEqual(["First", "Second"]);
    expect(body.documents[0]).toEqual({
      id: owner.scorecardIds[0],
      name: "First",
      description: "A small scorecard for tests",
      kpiCount: 6,
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      ownerId: expect.any(Number),
      sharedForPublic: false,
      sharedForRegRW: false,
      access: "write",
      alias: null,
      guid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: "DOCUMENT",
      icon: "",
      lockedUntil: null,
      treeGroupId: 0,
      items: [],
      health: { month: "2026-02-01", score: null, status: "NONE" },
    });
  });

  it("gives each listed scorecard the health its own grouped read gives its root", async () => {
    const more = await accountWithScorecards(api, database.db, "health@example.com", [
      smallScorecard("North"),
      smallScorecard("South"),
      smallScorecard("Empty"),
    ]);
    const listOf = async (docId: number) => (await get(`/api/document/${docId}/kpi/list`, more.auth)).body.items as { name: string; guid: string }[];
    for (const [i, docId] of more.scorecardIds.slice(0, 2).entries()) {
      const kpis = await listOf(docId);
      const sales = kpis.find((k) => k.name === "Sales")!.guid;
      const costs = kpis.find((k) => k.name === "Costs")!.guid;
      const items = [
        { guid: sales, date: "2026-02-10", value: 40 + 40 * i },
        { guid: costs, date: "2026-02-10", value: 30 },
      ];
      await api.call(`/api/document/${docId}/kpi/batch/set-values`, jsonInit("POST", { items }, more.auth));
    }
    const listedAsGrouped = async () => {
      const list = (await get("/api/documents/list", more.auth)).body.documents as { id: number; name: string; health: unknown }[];
      for (const card of list) {
        const root = (await listOf(card.id))[0]!;
        const grouped = (await get(`/api/document/${card.id}/kpi/indicator/${root.guid}/grouped-value/MONTH/2026-02-01/2026-03-02`, more.auth)).body.item
          .points as { start: string; score: number | null; status: string; complete: boolean }[];
        const point = grouped.findLast((p) => p.complete)!;
        expect(card.health, card.name).toEqual({ month: point.start, score: point.score, status: point.status });
      }
      return new Map(list.map((c) => [c.name, JSON.stringify(c.health)]));
    };
    const before = await listedAsGrouped();
    expect(new Set(before.values()).size).toBeGreaterThan(1);
    // A write to one scorecard changes its health in the next list, and only its.
    const north = more.scorecardIds[0]!;
    await api.call(
      `/api/document/${north}/kpi/batch/set-values`,
      jsonInit("POST", { items: [{ guid: (await listOf(north)).find((k) => k.name === "Sales")!.guid, date: "2026-02-20", value: 95 }] }, more.auth),
    );
    const after = await listedAsGrouped();
    expect(after.get("North")).not.toEqual(before.get("North"));
    expect(after.get("South")).toEqual(before.get("South"));
    // So does a change of a KPI's definition: South's Sales target, out of reach.
    const south = more.scorecardIds[1]!;
    const patched = await api.call(
      `/api/document/${south}/kpi/${(await listOf(south)).find((k) => k.name === "Sales")!.guid}`,
      jsonInit("PATCH", { target: 1000 }, more.auth),
    );
    expect(patched.status).toBe(200);
    const redefined = await listedAsGrouped();
    expect(redefined.get("South")).not.toEqual(after.get("South"));
    expect(redefined.get("North")).toEqual(after.get("North"));
  });

  it("returns one scorecard by ID", async () => {
    const { status, body } = await get(`/api/documents/list/${owner.scorecardIds[1]}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: owner.scorecardIds[1], name: "Second", kpiCount: 6 });
  });

  it("lists KPIs flat in tree order and as a tree with the root first", async () => {
    const docId = owner.scorecardIds[0];
    const list = await get(`/api/document/${docId}/kpi/list`);
    expect(list.body.items.map((k: { name: string }) => k.name)).toEqual(["First", "Customer", "Sales", "Costs", "Margin", "Audit passed"]);
    const [root, customer, sales, costs, margin, audit] = list.body.items;
    expect(root).toMatchObject({ parentGuid: null, indicatorType: "CONTAINER", acceptValueData: false });
    expect(customer).toMatchObject({ parentGuid: root.guid, indicatorType: "CONTAINER", acceptValueData: false });
    expect(sales).toMatchObject({
      parentGuid: customer.guid,
      indicatorType: "INDICATOR",
      measure: "USD",
      updateInterval: "MONTH",
      acceptValueData: true,
      grouping: "SUM",
      inheritance: false,
      optimization: "MAXIMIZE",
      formula: null,
      weight: 1,
      min: 0,
      max: 100,
      target: 80,
      baseline: 20,
    });
    expect(costs.optimization).toBe("MINIMIZE");
    expect(margin).toMatchObject({ formula: `[${sales.guid}] - [${costs.guid}]`, acceptValueData: false });
    expect(audit).toMatchObject({ parentGuid: root.guid, updateInterval: "QUARTER", optimization: "BINARY" });

    const tree = await get(`/api/document/${docId}/kpi/tree`);
    expect(tree.status).toBe(200);
    expect(tree.body.root.guid).toBe(root.guid);
    expect(tree.body.root.children.map((k: { name: string }) => k.name)).toEqual(["Customer", "Audit passed"]);
    expect(tree.body.root.children[0].children.map((k: { name: string }) => k.name)).toEqual(["Sales", "Costs", "Margin"]);
    expect(tree.body.root.children[0].children[0].children).toEqual([]);
  });

  it("returns one KPI by GUID, in any letter case", async () => {
    const docId = owner.scorecardIds[0];
    const sales = (await get(`/api/document/${docId}/kpi/list`)).body.items[2];
    expect((await get(`/api/document/${docId}/kpi/${sales.guid}`)).body).toEqual({ ...sales, initiatives: [], items: [] });
    expect((await get(`/api/document/${docId}/kpi/${sales.guid.toUpperCase()}`)).body).toEqual({ ...sales, initiatives: [], items: [] });
    // The KPI exists, but in another scorecard of the same account.
    const other = await get(`/api/document/${owner.scorecardIds[1]}/kpi/${sales.guid}`);
    expect(other.status).toBe(404);
  });

  it.each([
    ["/api/documents/list/a.b", "docId"],
    ["/api/documents/list/-1", "docId"],
    ["/api/document/1.5/kpi/list", "docId"],
    ["/api/document/1/kpi/not-a-guid", "guid"],
  ])("refuses %s with 400 naming %s", async (path, field) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: "invalid_request" });
    expect(body.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it("changes a KPI's thresholds and cap, restores the defaults with null, and refuses inconsistent ones", async () => {
    const docId = owner.scorecardIds[0];
    const sales = (await get(`/api/document/${docId}/kpi/list`)).body.items[2];
    expect(sales).toMatchObject({ thresholds: { onTrack: 1, atRisk: 0.7 }, scoreCap: 1 });
    const patch = (body: unknown) => api.call(`/api/document/${docId}/kpi/${sales.guid}`, jsonInit("PATCH", body, owner.auth));
    const changed = await patch({ thresholds: { onTrack: 0.9, atRisk: 0.5 }, scoreCap: 1.5 });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ guid: sales.guid, thresholds: { onTrack: 0.9, atRisk: 0.5 }, scoreCap: 1.5 });
    expect((await get(`/api/document/${docId}/kpi/${sales.guid}`)).body).toMatchObject({ scoreCap: 1.5 });
    for (const bad of [
      { thresholds: { onTrack: 0.5, atRisk: 0.9 } },
      { thresholds: { onTrack: 1.2, atRisk: 0.5 } },
      { scoreCap: 0.8 },
      {},
      { nonsense: "x" },
      { name: "" },
    ]) {
      expect((await patch(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await (await patch({ thresholds: null, scoreCap: null })).json()).toMatchObject({ thresholds: { onTrack: 1, atRisk: 0.7 }, scoreCap: 1 });
  });

  it("answers a scorecard ID beyond any stored one with 404", async () => {
    expect((await get("/api/documents/list/99999999999")).status).toBe(404);
  });

  it("answers 404, never the data, for another account's objects on every route", async () => {
    const theirDoc = stranger.scorecardIds[0]!;
    const theirKpis = (await get(`/api/document/${theirDoc}/kpi/list`, stranger.auth)).body.items;
    const theirKpi = theirKpis[2].guid;
    const { key: _unused, id: theirKeyId } = await (await api.call("/api/api-keys", jsonInit("POST", { name: "theirs" }, stranger.auth))).json();

    // A public address literal: no DNS needed, and not refused as internal.
    const theirHook = (await (await api.call("/api/webhooks", jsonInit("POST", { name: "theirs", url: "https://93.184.216.34/hook" }, stranger.auth))).json())
      .id;
    const theirAlert = (
      await (
        await api.call(
          `/api/document/${theirDoc}/alerts`,
          jsonInit("POST", { name: "a", kpiGuid: theirKpi, condition: "VALUE_CHANGED", webhookId: theirHook }, stranger.auth),
        )
      ).json()
    ).id;
    const theirNote = (
      await (await api.call(`/api/document/${theirDoc}/kpi/${theirKpi}/notes`, jsonInit("POST", { date: "2024-01-01", text: "theirs" }, stranger.auth))).json()
    ).id;
    expect([theirHook, theirAlert, theirNote]).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    const theirUser = (await (await api.call("/api/access/info", { headers: stranger.auth })).json()).userId;
    await api.call(
      `/api/document/${theirDoc}/kpi/batch/set-values`,
      jsonInit("POST", { items: [{ guid: theirKpi, date: "2024-01-01", value: 1 }] }, stranger.auth),
    );
    const theirChange = (await (await api.call(`/api/document/${theirDoc}/changes`, { headers: stranger.auth })).json()).items[0].id;
    const theirInitiative = (
      await (
        await api.call(
          `/api/document/${theirDoc}/kpi/${theirKpi}/initiatives`,
          jsonInit("POST", { name: "Theirs", status: "IN_PROGRESS", initiativeType: "PROJECT" }, stranger.auth),
        )
      ).json()
    ).guid;
    expect((await api.call(`/api/documents/list/${theirDoc}`, jsonInit("PUT", { name: "Theirs", alias: "theirs" }, stranger.auth))).status).toBe(200);
    const theirConnector = (
      await (
        await api.call(
          "/api/connectors",
          jsonInit("POST", { name: "Theirs", kind: "push", shape: "rows", docId: theirDoc, mapping: { kpi: "kpi", date: "date" } }, stranger.auth),
        )
      ).json()
    ).id;
    const theirFeed = (await (await api.call(`/api/document/${theirDoc}/feeds`, { method: "POST", headers: stranger.auth })).json()).id;
    const theirInvitation = (
      await (await api.call("/api/invitations", jsonInit("POST", { email: "theirs@example.com", role: "viewer" }, stranger.auth))).json()
    ).id;
    const theirScimToken = (await (await api.call("/api/scim-tokens", jsonInit("POST", { name: "Theirs" }, stranger.auth))).json()).id;
    // A link they published and then withdrew.
    const sharing = `/api/document/${theirDoc}/sharing`;
    const { publicId: theirLink } = await (await api.call(sharing, jsonInit("PUT", { public: true }, stranger.auth))).json();
    await api.call(sharing, jsonInit("PUT", { public: false }, stranger.auth));

    // One row per route with a path parameter; the test below keeps the table complete.
    const table: { method: string; path: string; openapi: string; body?: unknown }[] = [
      { method: "GET", path: `/api/documents/list/${theirDoc}`, openapi: "/rest/api/documents/list/{docId}" },
      { method: "GET", path: `/api/document/${theirDoc}/kpi/list`, openapi: "/rest/api/document/{docId}/kpi/list" },
      { method: "GET", path: `/api/document/${theirDoc}/kpi/tree`, openapi: "/rest/api/document/{docId}/kpi/tree" },
      { method: "GET", path: `/api/document/${theirDoc}/kpi/${theirKpi}`, openapi: "/rest/api/document/{docId}/kpi/{guid}" },
      { method: "PATCH", path: `/api/document/${theirDoc}/kpi/${theirKpi}`, openapi: "/rest/api/document/{docId}/kpi/{guid}", body: { scoreCap: 2 } },
      { method: "DELETE", path: `/api/api-keys/${theirKeyId}`, openapi: "/rest/api/api-keys/{id}" },
      { method: "GET", path: sharing, openapi: "/rest/api/document/{docId}/sharing" },
      { method: "PUT", path: sharing, openapi: "/rest/api/document/{docId}/sharing", body: { public: true } },
      { method: "PATCH", path: `/api/users/${theirUser}`, openapi: "/rest/api/users/{id}", body: { active: false } },
      { method: "DELETE", path: `/api/invitations/${theirInvitation}`, openapi: "/rest/api/invitations/{id}" },
      { method: "DELETE", path: `/api/scim-tokens/${theirScimToken}`, openapi: "/rest/api/scim-tokens/{id}" },
      { method: "POST", path: `/api/users/${theirUser}/reset-link`, openapi: "/rest/api/users/{id}/reset-link" },
      { method: "DELETE", path: `/api/users/${theirUser}/two-factor`, openapi: "/rest/api/users/{id}/two-factor" },
      // A domain the caller's own settings do not list, whoever has proven it.
      { method: "POST", path: "/api/sso/domains/their-domain.example/proof", openapi: "/rest/api/sso/domains/{domain}/proof" },
      { method: "GET", path: `/public/${theirLink}`, openapi: "/rest/public/{publicId}" },
      {
        method: "GET",
        path: `/public/${theirLink}/grouped-value/MONTH/2024-01-01/2024-12-31`,
        openapi: "/rest/public/{publicId}/grouped-value/{period}/{startDate}/{endDate}",
      },
      {
        method: "GET",
        path: `/api/document/${theirDoc}/kpi/indicator/${theirKpi}/value/2024-01-01`,
        openapi: "/rest/api/document/{docId}/kpi/indicator/{guid}/value/{date}",
      },
      {
        method: "POST",
        path: `/api/document/${theirDoc}/kpi/indicator/${theirKpi}/value/2024-01-01`,
        openapi: "/rest/api/document/{docId}/kpi/indicator/{guid}/value/{date}",
        body: { value: 1 },
      },
      {
        method: "DELETE",
        path: `/api/document/${theirDoc}/kpi/indicator/${theirKpi}/values/2024-01-01`,
        openapi: "/rest/api/document/{docId}/kpi/indicator/{guid}/values/{date}",
      },
      { method: "GET", path: `/api/document/${theirDoc}/kpi/indicator/${theirKpi}/values`, openapi: "/rest/api/document/{docId}/kpi/indicator/{guid}/values" },
      {
        method: "POST",
        path: `/api/document/${theirDoc}/kpi/batch/set-value/2024-01-01`,
        openapi: "/rest/api/document/{docId}/kpi/batch/set-value/{date}",
        body: [{ guid: theirKpi, value: 1 }],
      },
      {
        method: "POST",
        path: `/api/document/${theirDoc}/kpi/batch/set-values`,
        openapi: "/rest/api/document/{docId}/kpi/batch/set-values",
        body: { items: [{ guid: theirKpi, date: "2024-01-01", value: 1 }] },
      },
      {
        method: "POST",
        path: `/api/document/${theirDoc}/kpi/batch/get-value/2024-01-01`,
        openapi: "/rest/api/document/{docId}/kpi/batch/get-value/{date}",
        body: { guids: [theirKpi] },
      },
      {
        method: "GET",
        path: `/api/document/${theirDoc}/kpi/batch/all/get-value/2024-01-01`,
        openapi: "/rest/api/document/{docId}/kpi/batch/all/get-value/{date}",
      },
      {
        method: "GET",
        path: `/api/document/${theirDoc}/kpi/indicator/${theirKpi}/grouped-value/MONTH/2024-01-01/2024-12-31`,
        openapi: "/rest/api/document/{docId}/kpi/indicator/{guid}/grouped-value/{period}/{startDate}/{endDate}",
      },
      {
        method: "GET",
        path: `/api/document/${theirDoc}/kpi/indicators/grouped-value/MONTH/2024-01-01/2024-12-31`,
        openapi: "/rest/api/document/{docId}/kpi/indicators/grouped-value/{period}/{startDate}/{endDate}",
      },
      { method: "DELETE", path: `/api/webhooks/${theirHook}`, openapi: "/rest/api/webhooks/{id}" },
      { method: "PATCH", path: `/api/webhooks/${theirHook}`, openapi: "/rest/api/webhooks/{id}", body: { name: "mine now" } },
      { method: "GET", path: `/api/webhooks/${theirHook}/deliveries`, openapi: "/rest/api/webhooks/{id}/deliveries" },
      { method: "POST", path: `/api/webhooks/${theirHook}/events/msg_x/redeliver`, openapi: "/rest/api/webhooks/{id}/events/{eventId}/redeliver" },
      { method: "POST", path: `/api/webhooks/${theirHook}/test`, openapi: "/rest/api/webhooks/{id}/test" },
      { method: "GET", path: `/api/document/${theirDoc}/alerts`, openapi: "/rest/api/document/{docId}/alerts" },
      {
        method: "POST",
        path: `/api/document/${theirDoc}/alerts`,
        openapi: "/rest/api/document/{docId}/alerts",
        body: { name: "x", kpiGuid: theirKpi, condition: "VALUE_CHANGED", webhookId: theirHook },
      },
      { method: "PATCH", path: `/api/document/${theirDoc}/alerts/${theirAlert}`, openapi: "/rest/api/document/{docId}/alerts/{id}", body: { active: false } },
      { method: "DELETE", path: `/api/document/${theirDoc}/alerts/${theirAlert}`, openapi: "/rest/api/document/{docId}/alerts/{id}" },
      { method: "GET", path: `/api/document/${theirDoc}/alerts/${theirAlert}/history`, openapi: "/rest/api/document/{docId}/alerts/{id}/history" },
      { method: "GET", path: `/api/document/${theirDoc}/notes`, openapi: "/rest/api/document/{docId}/notes" },
      {
        method: "POST",
        path: `/api/document/${theirDoc}/kpi/${theirKpi}/notes`,
        openapi: "/rest/api/document/{docId}/kpi/{guid}/notes",
        body: { date: "2024-01-01", text: "x" },
      },
      { method: "DELETE", path: `/api/document/${theirDoc}/notes/${theirNote}`, openapi: "/rest/api/document/{docId}/notes/{id}" },
      { method: "PUT", path: `/api/documents/list/${theirDoc}`, openapi: "/rest/api/documents/list/{docId}", body: { name: "Mine now" } },
      { method: "DELETE", path: `/api/documents/list/${theirDoc}`, openapi: "/rest/api/documents/list/{docId}" },
      { method: "POST", path: `/api/documents/list/${theirDoc}/restore`, openapi: "/rest/api/documents/list/{docId}/restore" },
      { method: "GET", path: `/api/document/${theirDoc}/download`, openapi: "/rest/api/document/{docId}/download" },
      { method: "POST", path: `/api/document/${theirDoc}/document-check-requests`, openapi: "/rest/api/document/{docId}/document-check-requests" },
      { method: "PUT", path: `/api/document/${theirDoc}/kpi/weight-balance`, openapi: "/rest/api/document/{docId}/kpi/weight-balance" },
      { method: "POST", path: `/api/document/${theirDoc}/kpi`, openapi: "/rest/api/document/{docId}/kpi", body: { name: "x" } },
      {
        method: "PUT",
        path: `/api/document/${theirDoc}/kpi/${theirKpi}`,
        openapi: "/rest/api/document/{docId}/kpi/{guid}",
        body: { name: "x", indicatorType: "INDICATOR" },
      },
      { method: "DELETE", path: `/api/document/${theirDoc}/kpi/${theirKpi}`, openapi: "/rest/api/document/{docId}/kpi/{guid}" },
      {
        method: "GET",
        path: `/api/document/${theirDoc}/kpi/indicator/${theirKpi}/values/2024-01-01`,
        openapi: "/rest/api/document/{docId}/kpi/indicator/{guid}/values/{date}",
      },
      ...["target", "baseline", "min", "max", "score"].map((field) => ({
        method: "DELETE",
        path: `/api/document/${theirDoc}/kpi/indicator/${theirKpi}/${field}/2024-01-01`,
        openapi: `/rest/api/document/{docId}/kpi/indicator/{guid}/${field}/{date}`,
      })),
      {
        method: "GET",
        path: `/api/document/${theirDoc}/kpi/indicator/${theirKpi}/grouped-value/MONTH`,
        openapi: "/rest/api/document/{docId}/kpi/indicator/{guid}/grouped-value/{period}",
      },
      {
        method: "GET",
        path: `/api/document/${theirDoc}/kpi/indicatos/grouped-value/MONTH`,
        openapi: "/rest/api/document/{docId}/kpi/indicatos/grouped-value/{period}",
      },
      { method: "GET", path: `/api/document/${theirDoc}/kpi/${theirKpi}/initiatives`, openapi: "/rest/api/document/{docId}/kpi/{guid}/initiatives" },
      {
        method: "POST",
        path: `/api/document/${theirDoc}/kpi/${theirKpi}/initiatives`,
        openapi: "/rest/api/document/{docId}/kpi/{guid}/initiatives",
        body: { name: "x", status: "IN_PROGRESS", initiativeType: "PROJECT" },
      },
      {
        method: "GET",
        path: `/api/document/${theirDoc}/kpi/${theirKpi}/initiatives/${theirInitiative}`,
        openapi: "/rest/api/document/{docId}/kpi/{guid}/initiatives/{initiativeGuid}",
      },
      {
        method: "PUT",
        path: `/api/document/${theirDoc}/kpi/${theirKpi}/initiatives/${theirInitiative}`,
        openapi: "/rest/api/document/{docId}/kpi/{guid}/initiatives/{initiativeGuid}",
        body: { name: "x", status: "IN_PROGRESS", initiativeType: "PROJECT" },
      },
      {
        method: "DELETE",
        path: `/api/document/${theirDoc}/kpi/${theirKpi}/initiatives/${theirInitiative}`,
        openapi: "/rest/api/document/{docId}/kpi/{guid}/initiatives/{initiativeGuid}",
      },
      { method: "GET", path: `/api/document/${theirDoc}/maps`, openapi: "/rest/api/document/{docId}/maps" },
      {
        method: "PUT",
        path: `/api/document/${theirDoc}/maps/${theirDoc}/links`,
        openapi: "/rest/api/document/{docId}/maps/{mapId}/links",
        body: { links: [] },
      },
      { method: "GET", path: `/api/report/${theirDoc}/excel`, openapi: "/rest/api/report/{docId}/excel" },
      { method: "GET", path: `/api/report/${theirDoc}/board-pack`, openapi: "/rest/api/report/{docId}/board-pack" },
      { method: "GET", path: `/api/document/${theirDoc}/kpi/batch/records?field=target`, openapi: "/rest/api/document/{docId}/kpi/batch/records" },
      { method: "GET", path: `/api/document/${theirDoc}/changes`, openapi: "/rest/api/document/{docId}/changes" },
      { method: "GET", path: `/api/document/${theirDoc}/kpi/${theirKpi}/revisions`, openapi: "/rest/api/document/{docId}/kpi/{guid}/revisions" },
      { method: "POST", path: `/api/document/${theirDoc}/changes/${theirChange}/revert`, openapi: "/rest/api/document/{docId}/changes/{changeId}/revert" },
      { method: "PUT", path: `/api/document/${theirDoc}/lock`, openapi: "/rest/api/document/{docId}/lock", body: { lockedUntil: "2030-01-01" } },
      { method: "GET", path: `/api/connectors/${theirConnector}`, openapi: "/rest/api/connectors/{id}" },
      { method: "PATCH", path: `/api/connectors/${theirConnector}`, openapi: "/rest/api/connectors/{id}", body: { enabled: false } },
      { method: "DELETE", path: `/api/connectors/${theirConnector}`, openapi: "/rest/api/connectors/{id}" },
      { method: "POST", path: `/api/connectors/${theirConnector}/preview`, openapi: "/rest/api/connectors/{id}/preview" },
      { method: "POST", path: `/api/connectors/${theirConnector}/run`, openapi: "/rest/api/connectors/{id}/run" },
      { method: "GET", path: `/api/connectors/${theirConnector}/runs`, openapi: "/rest/api/connectors/{id}/runs" },
      { method: "POST", path: `/api/document/${theirDoc}/feeds`, openapi: "/rest/api/document/{docId}/feeds" },
      {
        method: "GET",
        path: `/api/document/${theirDoc}/kpi/indicators/forecast/MONTH`,
        openapi: "/rest/api/document/{docId}/kpi/indicators/forecast/{period}",
      },
      {
        method: "POST",
        path: `/api/document/${theirDoc}/what-if`,
        openapi: "/rest/api/document/{docId}/what-if",
        body: { period: "MONTH", from: "2024-01-01", to: "2024-12-31", overrides: [] },
      },
      { method: "DELETE", path: `/api/feeds/${theirFeed}`, openapi: "/rest/api/feeds/{id}" },
      { method: "GET", path: `/feeds/gfd_${"n".repeat(32)}`, openapi: "/rest/feeds/{token}" },
      // A push key is its own credential: one that opens no connector is simply missing.
      { method: "POST", path: `/push/gpk_${"n".repeat(32)}`, openapi: "/rest/push/{key}", body: [] },
      // Their alias is no alias of the caller's account.
      { method: "GET", path: `/api/documents/list/theirs`, openapi: "" },
      { method: "GET", path: `/api/report/theirs/excel`, openapi: "" },
      // Their KPI addressed through the caller's own scorecard is just as missing.
      { method: "GET", path: `/api/document/${owner.scorecardIds[0]}/kpi/indicator/${theirKpi}/grouped-value/MONTH/2024-01-01/2024-12-31`, openapi: "" },
      { method: "GET", path: `/api/document/${owner.scorecardIds[0]}/kpi/indicators/grouped-value/MONTH/2024-01-01/2024-12-31?guids=${theirKpi}`, openapi: "" },
    ];
    for (const row of table) {
      const init = row.body === undefined ? { method: row.method, headers: owner.auth } : jsonInit(row.method, row.body, owner.auth);
      const response = await api.call(row.path, init);
      const text = await response.text();
      expect(response.status, `${row.method} ${row.path}`).toBe(404);
      expect(JSON.parse(text)).toMatchObject({ success: false, code: "not_found" });
      expect(text).not.toContain("Theirs");
    }

    const doc = await (await api.call("/openapi.json")).json();
    const parameterised = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
      path.includes("{") ? Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`) : [],
    );
    const covered = new Set(table.filter((r) => r.openapi).map((r) => `${r.method} ${r.openapi}`));
    expect([...covered].sort()).toEqual(parameterised.sort());
  });
});
