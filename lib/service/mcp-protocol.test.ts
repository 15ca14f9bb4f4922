import fc from "fast-check";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { describe, expect, it } from "vitest";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, TestClock, teammate } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { serveFetch } from "@/lib/testing/http-api";
import { mcpClient, mcpSuite } from "@/lib/testing/mcp-suite";
import { createMcpApp } from "./mcp/app";

describe.each(testDatabases)("the MCP server's door: keys, scopes, the call limit and malformed messages, on $name", ({ open }) => {
  const s = mcpSuite(open);
  const { keyOf, connect, call } = s;

  it("lists every tool to a write key and only the read tools to a read key, whose write call is refused naming the scope", async () => {
    const writer = await connect(await keyOf(s.owner.auth, { name: "Claude (write)" }));
    const reader = await connect(await keyOf(s.owner.auth, { name: "Claude (read)", scope: "read" }));
    const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();
    const readOnly = [
      "explain_status",
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

    const refused = await call(reader, "write_values", {
      scorecardId: s.owner.scorecardIds[0],
      items: [{ guid: s.guids.Sales, date: "2026-01-01", value: 5 }],
    });
    expect(refused).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "write_values writes: it needs an API key with the write scope, and this key's scope is read" }],
    });
  });

  it("counts each tool call as one call of the account's pool, and refuses at the limit with the time it resets", async () => {
    const clock = new TestClock();
    const tight = createTestApi(s.database.db, clock, { rateLimitPerHour: 3 });
    const account = await accountWithScorecards(tight, s.database.db, "tight@example.com", [smallScorecard()]);
    const tightServed = await serveFetch(createMcpApp(tight.app.deps).fetch);
    try {
      const key = (await (await tight.call("/api/api-keys", jsonInit("POST", { name: "Busy" }, account.auth))).json()).key as string;
      // The next hour: the calls that set the account up are in the last one.
      clock.advance(3600_000);
      const client = await mcpClient(tightServed.url, key);
      s.clients.push(client);
      // Listing tools and reading the card are free; each call spends one.
      const card = { uri: "ui://gauge/scorecard-card.html" };
      await client.listTools();
      for (let i = 0; i < 3; i++) await client.readResource(card);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await call(client, "list_scorecards"));
      expect(answers.slice(0, 3).every((a) => !a.isError)).toBe(true);
      expect(answers[3]).toMatchObject({ isError: true });
      expect(answers[3]!.content[0]!.text).toMatch(/^The account's call limit of 3 per hour is reached: it resets at \d{4}-\d{2}-\d{2}T/);
      expect((await client.readResource(card)).contents).toHaveLength(1);
      await expect(client.readResource({ uri: `gauge://scorecards/${account.scorecardIds[0]}` })).rejects.toThrow(/call limit of 3 per hour is reached/);
    } finally {
      await tightServed.close();
    }
  });

  it("answers 401 with a challenge naming its resource metadata, which says how to get a key", async () => {
    const noKey = await fetch(`${s.served.url}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(noKey.status).toBe(401);
    const challenge = noKey.headers.get("WWW-Authenticate")!;
    expect(challenge).toMatch(/^Bearer error="invalid_request", .*resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp"$/);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    const metadata = await (await fetch(metadataUrl.replace(/^https?:\/\/[^/]+/, s.served.url))).json();
    expect(metadata).toMatchObject({
      resource: expect.stringMatching(/\/mcp$/),
      bearer_methods_supported: ["header"],
      resource_documentation: expect.stringMatching(/\/api-keys$/),
    });
    const wrongKey = await fetch(`${s.served.url}/mcp`, {
      method: "POST",
      headers: { Authorization: "Bearer gak_nothing", "Content-Type": "application/json" },
      body: "{}",
    });
    expect([wrongKey.status, (await wrongKey.json()).error.code]).toEqual([401, -32001]);
    // A person's session token is not a key for programs.
    const session = await fetch(`${s.served.url}/mcp`, {
      method: "POST",
      headers: { Authorization: `Bearer ${s.owner.auth.Token}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(session.status).toBe(401);
    const key = await keyOf(s.owner.auth, { name: "Raw" });
    const garbled = await fetch(`${s.served.url}/mcp`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect([garbled.status, (await garbled.json()).error.code]).toEqual([400, -32700]);
    expect((await fetch(`${s.served.url}/mcp`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(405);
    // A browser's request from another site (a name rebound to this address) is refused.
    const rebound = await fetch(`${s.served.url}/mcp`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, Origin: "http://attacker.example" },
      body: "{}",
    });
    expect([rebound.status, (await rebound.json()).error.message]).toEqual([403, "Requests from http://attacker.example are not accepted"]);
  });

  it("answers any message, malformed, unknown or with wrong arguments, in JSON-RPC and never with a 5xx", async () => {
    const key = await keyOf(s.owner.auth, { name: "Fuzzed", scope: "read" });
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
        const answer = await fetch(`${s.served.url}/mcp`, { method: "POST", headers, body: JSON.stringify(body) });
        expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
        const text = await answer.text();
        if (text) expect(() => JSON.parse(text), text).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });

  it("lets each role and scope read and write what the API would: the access matrix of a read tool and a write tool", async () => {
    const docId = s.owner.scorecardIds[0]!;
    const expert = await teammate(s.api, s.database.db, s.owner.accountId, "matrix.expert@example.com", "expert");
    const viewer = await teammate(s.api, s.database.db, s.owner.accountId, "matrix.viewer@example.com", "viewer");
    const stranger = await accountWithScorecards(s.api, s.database.db, "matrix.stranger@example.com");
    const shared = [
      { userId: expert.userId, access: "write" },
      { userId: viewer.userId, access: "read" },
    ];
    expect((await s.api.call(`/api/document/${docId}/sharing`, jsonInit("PUT", { users: shared }, s.owner.auth))).status).toBe(200);
    const people = { admin: s.owner.auth, expert: expert.auth, viewer: viewer.auth, stranger: stranger.auth };
    const outcome = (answer: { isError?: boolean; content: { text: string }[] }) =>
      !answer.isError ? "ok" : /scope/.test(answer.content[0]!.text) ? "scope" : /not found/.test(answer.content[0]!.text) ? "missing" : "refused";
    const seen: Record<string, string> = {};
    for (const [who, auth] of Object.entries(people))
      for (const scope of ["read", "write"]) {
        const client = await connect(await keyOf(auth, { name: `${who} ${scope}`, scope }));
        seen[`${who}/${scope}/read`] = outcome(await call(client, "get_scorecard", { scorecardId: docId }));
        seen[`${who}/${scope}/write`] = outcome(
          await call(client, "write_values", { scorecardId: docId, items: [{ guid: s.guids.Costs, date: "2027-01-01", value: 3 }] }),
        );
      }
    expect(seen).toEqual({
      "admin/read/read": "ok",
      "admin/read/write": "scope",
      "admin/write/read": "ok",
      "admin/write/write": "ok",
      "expert/read/read": "ok",
      "expert/read/write": "scope",
      "expert/write/read": "ok",
      "expert/write/write": "ok",
      "viewer/read/read": "ok",
      "viewer/read/write": "scope",
      "viewer/write/read": "ok",
      "viewer/write/write": "refused",
      "stranger/read/read": "missing",
      "stranger/read/write": "scope",
      "stranger/write/read": "missing",
      "stranger/write/write": "missing",
    });
  });
});
