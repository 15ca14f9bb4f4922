import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "@/lib/db/client";
import { createMcpApp } from "@/lib/service/mcp/app";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "./api";
import { serveFetch } from "./http-api";

export type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };

/** An MCP client of the /mcp at `url` with this key, connected (initialize done). */
export async function mcpClient(url: string, key: string): Promise<Client> {
  const client = new Client({ name: "gauge-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

/**
 * The MCP app over real HTTP beside a test API, and an account with the small scorecard (its
 * KPIs' GUIDs by name), set up before the suite's tests and closed after them. Fields are filled
 * in `beforeAll`.
 */
export function mcpSuite(open: () => Promise<Database>) {
  const s = {} as {
    database: Database;
    api: TestApi;
    served: Awaited<ReturnType<typeof serveFetch>>;
    owner: Awaited<ReturnType<typeof accountWithScorecards>>;
    guids: Record<string, string>;
  };
  const clients: Client[] = [];
  const keyOf = async (auth: Record<string, string>, body: Record<string, unknown>) =>
    (await (await s.api.call("/api/api-keys", jsonInit("POST", body, auth))).json()).key as string;
  const connect = async (key: string) => {
    const client = await mcpClient(s.served.url, key);
    clients.push(client);
    return client;
  };
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolAnswer;

  beforeAll(async () => {
    s.database = await open();
    s.api = createTestApi(s.database.db, undefined, { rateLimitPerHour: 1000 });
    s.owner = await accountWithScorecards(s.api, s.database.db, "assistant@example.com", [smallScorecard()]);
    const kpis = (await (await s.api.call(`/api/document/${s.owner.scorecardIds[0]}/kpi/list`, { headers: s.owner.auth })).json()).items as {
      name: string;
      guid: string;
    }[];
    s.guids = Object.fromEntries(kpis.map((k) => [k.name, k.guid]));
    s.served = await serveFetch(createMcpApp(s.api.app.deps).fetch);
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await s.served?.close();
    await s.database?.close();
  });
  return Object.assign(s, { keyOf, connect, call, clients });
}
