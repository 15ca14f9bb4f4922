import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import {
  ChangePage,
  Forecasts,
  GroupedSeries,
  KpiRevisions,
  PreviewedValues,
  Reverted,
  ScorecardKpis,
  ScorecardSummaries,
  WhatIfOutcome,
  WrittenValues,
} from "@/lib/contract/mcp";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, TestClock, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { serveFetch } from "@/lib/testing/http-api";
import { createMcpApp } from "./mcp/app";

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };

describe.each(testDatabases)("the MCP server, driven by the SDK's own client over HTTP, on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let served: Awaited<ReturnType<typeof serveFetch>>;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let guids: Record<string, string>;
  const clients: Client[] = [];
  const keyOf = async (auth: Record<string, string>, body: Record<string, unknown>) =>
    (await (await api.call("/api/api-keys", jsonInit("POST", body, auth))).json()).key as string;
  /** An MCP client of Gauge's /mcp with this key, connected (initialize done). */
  const connect = async (key: string) => {
    const client = new Client({ name: "gauge-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
    clients.push(client);
    return client;
  };
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolAnswer;

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 1000 });
    owner = await accountWithScorecards(api, database.db, "assistant@example.com", [smallScorecard()]);
    const kpis = (await (await api.call(`/api/document/${owner.scorecardIds[0]}/kpi/list`, { headers: owner.auth })).json()).items as {
      name: string;
      guid: string;
    }[];
    guids = Object.fromEntries(kpis.map((k) => [k.name, k.guid]));
    served = await serveFetch(createMcpApp(api.app.deps).fetch);
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await served?.close();
    await database?.close();
  });

  it("lists every tool to a write key and only the read tools to a read key, whose write call is refused naming the scope", async () => {
    const writer = await connect(await keyOf(owner.auth, { name: "Claude (write)" }));
    const reader = await connect(await keyOf(owner.auth, { name: "Claude (read)", scope: "read" }));
    const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();
    const readOnly = [
      "find_kpis",
      "forecast",
      "get_scorecard",
      "kpi_history",
      "list_changes",
      "list_scorecards",
      "preview_values",
      "read_grouped",
      "read_values",
      "what_if",
    ];
    expect(await names(writer)).toEqual([...readOnly, "add_note", "revert_change", "write_values"].sort());
    expect(await names(reader)).toEqual(readOnly);
    const tools = (await writer.listTools()).tools;
    const annotations = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    expect(annotations.read_grouped).toMatchObject({ readOnlyHint: true });
    expect(annotations.write_values).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(annotations.revert_change).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(tools.every((t) => t.outputSchema?.type === "object" && t.description)).toBe(true);

    const refused = await call(reader, "write_values", { scorecardId: owner.scorecardIds[0], items: [{ guid: guids.Sales, date: "2026-01-01", value: 5 }] });
    expect(refused).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "write_values writes: it needs an API key with the write scope, and this key's scope is read" }],
    });
  });

  it("reads scorecards, KPIs with their latest status, records and grouped values, each answer valid against its output schema", async () => {
    const client = await connect(await keyOf(owner.auth, { name: "Reader", scope: "read" }));
    const docId = owner.scorecardIds[0]!;
    await api.call(
      `/api/document/${docId}/kpi/batch/set-values`,
      jsonInit(
        "POST",
        {
          items: [
            { guid: guids.Sales, date: "2026-01-01", value: 50 },
            { guid: guids.Sales, date: "2026-02-01", value: 90 },
          ],
        },
        owner.auth,
      ),
    );
    const list = await call(client, "list_scorecards");
    expect(ScorecardSummaries.parse(list.structuredContent)).toEqual({
      scorecards: [{ id: docId, name: "Team scorecard", description: "A small scorecard for tests", kpiCount: 6, access: "write" }],
    });
    const card = ScorecardKpis.parse((await call(client, "get_scorecard", { scorecardId: docId })).structuredContent);
    expect(card.kpis.map((k) => [k.name, k.depth, k.kind])).toEqual([
      ["Team scorecard", 0, "CONTAINER"],
      ["Customer", 1, "CONTAINER"],
      ["Sales", 2, "INDICATOR"],
      ["Costs", 2, "INDICATOR"],
      ["Margin", 2, "CALCULATED"],
      ["Audit passed", 1, "INDICATOR"],
    ]);
    expect(card.kpis.find((k) => k.name === "Sales")!.latest).toMatchObject({ start: "2026-02-01", value: 90, target: 80, status: "ON_TRACK" });
    expect(card.kpis.find((k) => k.name === "Audit passed")!.latest).toBeNull();

    const found = await call(client, "find_kpis", { query: "sal" });
    expect(found.structuredContent).toEqual({ kpis: [{ scorecardId: docId, scorecardName: "Team scorecard", guid: guids.Sales, name: "Sales", alias: null }] });
    const records = await call(client, "read_values", { scorecardId: docId, kpiGuid: guids.Sales, from: "2026-02-01" });
    expect(records.structuredContent).toMatchObject({ records: [{ date: "2026-02-01", value: 90 }] });
    const grouped = GroupedSeries.parse(
      (await call(client, "read_grouped", { scorecardId: docId, period: "QUARTER", from: "2026-01-01", to: "2026-03-31" })).structuredContent,
    );
    expect(grouped.items.find((s) => s.guid === guids.Sales)!.points[0]).toMatchObject({ start: "2026-01-01", value: 140 });
    // The content a client without structured output reads is the same answer.
    expect(JSON.parse(records.content[0]!.text)).toEqual(records.structuredContent);
  });

  it("previews a write exactly as it then writes it, traces it through mcp with the key's name, and reverts it", async () => {
    const client = await connect(await keyOf(owner.auth, { name: "Month-end agent" }));
    const docId = owner.scorecardIds[0]!;
    const items = [
      { guid: guids.Costs, date: "2026-03-01", value: 40 },
      { guid: guids.Sales, date: "2026-02-01", value: 90 },
      { guid: guids.Sales, date: "2026-03-01", value: 70, target: 85 },
    ];
    const preview = PreviewedValues.parse((await call(client, "preview_values", { scorecardId: docId, items })).structuredContent);
    expect(preview).toMatchObject({ wouldWrite: 2, new: 2, changed: 0, unchanged: 1 });
    expect((await call(client, "read_values", { scorecardId: docId, kpiGuid: guids.Costs })).structuredContent).toEqual({ records: [] });

    const written = WrittenValues.parse((await call(client, "write_values", { scorecardId: docId, items })).structuredContent);
    expect(written.values).toEqual(preview.items.map((i) => ({ guid: i.guid, ...i.after })));
    const changes = ChangePage.parse((await call(client, "list_changes", { scorecardId: docId, limit: 1 })).structuredContent);
    expect(changes.items[0]).toMatchObject({ id: written.changeId, by: { via: "mcp", apiKey: "Month-end agent", email: "assistant@example.com" } });

    const dry = Reverted.parse((await call(client, "revert_change", { scorecardId: docId, changeId: written.changeId })).structuredContent);
    expect(dry).toMatchObject({ dryRun: true });
    expect((await call(client, "read_values", { scorecardId: docId, kpiGuid: guids.Costs })).structuredContent).toMatchObject({ records: [{ value: 40 }] });
    await call(client, "revert_change", { scorecardId: docId, changeId: written.changeId, dryRun: false });
    expect((await call(client, "read_values", { scorecardId: docId, kpiGuid: guids.Costs })).structuredContent).toEqual({ records: [] });
  });

  it("looks back through a KPI's revisions and ahead through its forecast and a what-if, and notes why a number moved", async () => {
    const docId = owner.scorecardIds[0]!;
    const client = await connect(await keyOf(owner.auth, { name: "Analyst" }));
    await call(client, "write_values", {
      scorecardId: docId,
      items: [
        { guid: guids.Sales, date: "2025-11-01", value: 30 },
        { guid: guids.Sales, date: "2025-12-01", value: 40 },
      ],
    });
    const history = KpiRevisions.parse((await call(client, "kpi_history", { scorecardId: docId, kpiGuid: guids.Sales, limit: 1 })).structuredContent);
    expect(history.items[0]).toMatchObject({ date: "2025-12-01", after: { value: 40 }, by: { via: "mcp", apiKey: "Analyst" } });
    const forecast = Forecasts.parse(
      (await call(client, "forecast", { scorecardId: docId, period: "MONTH", horizon: "2026-06-30", kpiGuids: [guids.Sales] })).structuredContent,
    );
    expect(forecast.items.map((i) => i.guid)).toEqual([guids.Sales]);
    const outcome = WhatIfOutcome.parse(
      (
        await call(client, "what_if", {
          scorecardId: docId,
          period: "MONTH",
          from: "2026-01-01",
          to: "2026-06-30",
          overrides: [{ guid: guids.Sales, date: "2026-05-01", value: 99 }],
        })
      ).structuredContent,
    );
    expect(outcome.moved).toContainEqual(expect.objectContaining({ guid: guids.Sales, start: "2026-05-01", whatIf: 99 }));
    expect((await call(client, "read_values", { scorecardId: docId, kpiGuid: guids.Sales, from: "2026-05-01", to: "2026-05-31" })).structuredContent).toEqual({
      records: [],
    });
    const backwards = await call(client, "what_if", { scorecardId: docId, period: "MONTH", from: "2026-06-01", to: "2026-01-01", overrides: [] });
    expect(backwards).toMatchObject({ isError: true, content: [{ text: "The what-if is not valid\n- to: to must not be before from" }] });

    const note = await call(client, "add_note", { scorecardId: docId, kpiGuid: guids.Sales, date: "2025-12-01", text: "A large order moved into December." });
    expect(note.structuredContent).toMatchObject({ kpiGuid: guids.Sales, date: "2025-12-01", text: "A large order moved into December." });
    const grouped = GroupedSeries.parse(
      (await call(client, "read_grouped", { scorecardId: docId, period: "MONTH", from: "2025-12-01", to: "2025-12-31", kpiGuids: [guids.Sales] }))
        .structuredContent,
    );
    expect(grouped.items[0]!.notes?.map((n) => n.text)).toEqual(["A large order moved into December."]);
  });

  it("offers each readable scorecard as a resource and two prompts that guide a review and a month's entry", async () => {
    const docId = owner.scorecardIds[0]!;
    const client = await connect(await keyOf(owner.auth, { name: "Resources", scope: "read" }));
    expect((await client.listResources()).resources).toEqual([
      {
        uri: `gauge://scorecards/${docId}`,
        name: "Team scorecard",
        title: "Team scorecard",
        description: "A small scorecard for tests",
        mimeType: "application/json",
      },
    ]);
    const read = await client.readResource({ uri: `gauge://scorecards/${docId}` });
    const tree = JSON.parse(String((read.contents[0] as { text: string }).text));
    expect(tree.root.children.map((k: { name: string }) => k.name)).toEqual(["Customer", "Audit passed"]);
    await expect(client.readResource({ uri: "gauge://scorecards/999999" })).rejects.toThrow(/Scorecard not found/);
    expect((await client.listPrompts()).prompts.map((p) => p.name).sort()).toEqual(["enter_figures", "monthly_review"]);
    const review = await client.getPrompt({ name: "monthly_review", arguments: { scorecardId: String(docId), month: "2026-02" } });
    expect((review.messages[0]!.content as { text: string }).text).toMatch(new RegExp(`^Review scorecard ${docId} for 2026-02\\. Call get_scorecard`));
    await expect(client.getPrompt({ name: "enter_figures", arguments: { scorecardId: String(docId), month: "February" } })).rejects.toThrow(/YYYY-MM/);
  });

  it("refuses as the API does: another account's scorecard, an unknown KPI, a locked period, a viewer's write, a calculated KPI", async () => {
    const docId = owner.scorecardIds[0]!;
    const stranger = await accountWithScorecards(api, database.db, "elsewhere@example.com");
    const outsider = await connect(await keyOf(stranger.auth, { name: "Elsewhere" }));
    expect(await call(outsider, "get_scorecard", { scorecardId: docId })).toMatchObject({ isError: true, content: [{ text: "Scorecard not found" }] });
    const client = await connect(await keyOf(owner.auth, { name: "Checks" }));
    const unknown = await call(client, "preview_values", {
      scorecardId: docId,
      items: [{ guid: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f", date: "2026-04-01", value: 5 }],
    });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toMatch(
      /^1 item\(s\) name no KPI of this scorecard or a value outside its valid range; nothing was written\n- items\.0\.guid: /,
    );
    const calculated = await call(client, "write_values", { scorecardId: docId, items: [{ guid: guids.Margin, date: "2026-04-01", value: 5 }] });
    expect(calculated.content[0]!.text).toMatch(/calculated KPIs; nothing was written/);
    expect((await api.call(`/api/document/${docId}/lock`, jsonInit("PUT", { lockedUntil: "2026-01-31" }, owner.auth))).status).toBe(200);
    const locked = await call(client, "write_values", { scorecardId: docId, items: [{ guid: guids.Sales, date: "2026-01-01", value: 1 }] });
    expect(locked).toMatchObject({ isError: true });
    expect(locked.content[0]!.text).toMatch(/locked/);
    const viewer = await teammate(api, database.db, owner.accountId, "viewer@example.com", "viewer");
    await api.call(`/api/document/${docId}/sharing`, jsonInit("PUT", { users: [{ userId: viewer.userId, access: "read" }] }, owner.auth));
    const viewing = await connect(await keyOf(viewer.auth, { name: "Viewer's assistant" }));
    expect(await call(viewing, "write_values", { scorecardId: docId, items: [{ guid: guids.Sales, date: "2026-05-01", value: 1 }] })).toMatchObject({
      isError: true,
    });
    expect((await call(viewing, "get_scorecard", { scorecardId: docId })).isError).toBeFalsy();
    // Wrong argument types are the SDK's validation error, as a tool error.
    expect(await call(client, "get_scorecard", { scorecardId: "one" })).toMatchObject({ isError: true });
  });

  it("counts each tool call as one call of the account's pool, and refuses at the limit with the time it resets", async () => {
    const clock = new TestClock();
    const tight = createTestApi(database.db, clock, { rateLimitPerHour: 3 });
    const account = await accountWithScorecards(tight, database.db, "tight@example.com", [smallScorecard()]);
    const tightServed = await serveFetch(createMcpApp(tight.app.deps).fetch);
    try {
      const key = (await (await tight.call("/api/api-keys", jsonInit("POST", { name: "Busy" }, account.auth))).json()).key as string;
      // The next hour: the calls that set the account up are in the last one.
      clock.advance(3600_000);
      const client = new Client({ name: "gauge-test", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${tightServed.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
      );
      clients.push(client);
      // Listing tools is free; each call spends one.
      await client.listTools();
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await call(client, "list_scorecards"));
      expect(answers.slice(0, 3).every((a) => !a.isError)).toBe(true);
      expect(answers[3]).toMatchObject({ isError: true });
      expect(answers[3]!.content[0]!.text).toMatch(/^The account's call limit of 3 per hour is reached: it resets at \d{4}-\d{2}-\d{2}T/);
    } finally {
      await tightServed.close();
    }
  });

  it("answers 401 with a challenge naming its resource metadata, which says how to get a key", async () => {
    const noKey = await fetch(`${served.url}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(noKey.status).toBe(401);
    const challenge = noKey.headers.get("WWW-Authenticate")!;
    expect(challenge).toMatch(/^Bearer error="invalid_request", .*resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp"$/);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    const metadata = await (await fetch(metadataUrl.replace(/^https?:\/\/[^/]+/, served.url))).json();
    expect(metadata).toMatchObject({
      resource: expect.stringMatching(/\/mcp$/),
      bearer_methods_supported: ["header"],
      resource_documentation: expect.stringMatching(/\/api-keys$/),
    });
    const wrongKey = await fetch(`${served.url}/mcp`, {
      method: "POST",
      headers: { Authorization: "Bearer gak_nothing", "Content-Type": "application/json" },
      body: "{}",
    });
    expect([wrongKey.status, (await wrongKey.json()).error.code]).toEqual([401, -32001]);
    // A person's session token is not a key for programs.
    const session = await fetch(`${served.url}/mcp`, {
      method: "POST",
      headers: { Authorization: `Bearer ${owner.auth.Token}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(session.status).toBe(401);
    const key = await keyOf(owner.auth, { name: "Raw" });
    const garbled = await fetch(`${served.url}/mcp`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect([garbled.status, (await garbled.json()).error.code]).toEqual([400, -32700]);
    expect((await fetch(`${served.url}/mcp`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(405);
  });

  it("answers any message, malformed, unknown or with wrong arguments, in JSON-RPC and never with a 5xx", async () => {
    const key = await keyOf(owner.auth, { name: "Fuzzed", scope: "read" });
    const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const toolNames = ["list_scorecards", "get_scorecard", "read_grouped", "read_values", "preview_values", "write_values", "nothing_like_it"];
    const message = fc.oneof(
      fc.jsonValue(),
      fc.record({
        jsonrpc: fc.constantFrom("2.0", "1.0", 2),
        id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
        method: fc.constantFrom("tools/call", "tools/list", "initialize", "resources/list", "prompts/get", "ping", "nope"),
        params: fc.oneof(
          fc.jsonValue(),
          fc.record({
            name: fc.constantFrom(...toolNames),
            arguments: fc.dictionary(fc.constantFrom("scorecardId", "kpiGuid", "period", "from", "to", "items"), fc.jsonValue()),
          }),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(message, async (body) => {
        const answer = await fetch(`${served.url}/mcp`, { method: "POST", headers, body: JSON.stringify(body) });
        expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
        const text = await answer.text();
        if (text) expect(() => JSON.parse(text), text).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });
});
