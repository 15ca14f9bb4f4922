import "server-only";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Hono, type Context } from "hono";
import type { AppEnv, Caller, Deps } from "../context";
import { budgetHeaders } from "../domain/call-limit";
import { authenticate } from "../domain/tokens";
import { depsForRequest } from "../public-origin";
import { gaugeMcpServer, WRITE_TOOL_NAMES } from "./server";
import { toolError } from "./tool";

// The Model Context Protocol server at /mcp: Streamable HTTP, stateless (each POST carries one
// JSON-RPC message and is answered in JSON), authenticated by an API key as a bearer token. This
// wrapper owns what every surface's does: the key, its scope and the call limit, one call per tool
// call; the SDK's server answers the protocol.

const MAX_BODY_BYTES = 4 * 1024 * 1024;

const baseOf = (c: Context<AppEnv>) => (c.var.deps.config.dashboardUrl ?? new URL(c.req.url).origin).replace(/\/$/, "");

/** RFC 9728: what a client needs to know to call /mcp (a key from the API keys page, sent as a bearer token). */
const resourceMetadata = (c: Context<AppEnv>) => ({
  resource: `${baseOf(c)}/mcp`,
  resource_name: "Gauge scorecards (MCP)",
  bearer_methods_supported: ["header"],
  scopes_supported: ["read", "write"],
  resource_documentation: `${baseOf(c)}/api-keys`,
});

const jsonRpcError = (
  c: Context<AppEnv>,
  status: 400 | 401 | 403 | 405 | 413 | 500,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  id: unknown = null,
) => c.json({ jsonrpc: "2.0", id, error: { code, message } }, status, headers);

type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: { name?: unknown; uri?: unknown } };

/** A tool call, or the read of a resource holding data (the card, `ui://`, is the server's own page). */
const readsData = (message: Message) =>
  message.method === "tools/call" || (message.method === "resources/read" && !String(message.params?.uri ?? "").startsWith("ui://"));

/** The MCP app, on the same deps as the REST API. */
export function createMcpApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.onError((error, c) => {
    console.error("[mcp] unexpected error:", error);
    return jsonRpcError(c, 500, -32603, "Internal error");
  });
  app.use("*", async (c, next) => {
    c.set(
      "deps",
      depsForRequest(deps, (name) => c.req.header(name)),
    );
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  });
  for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]) app.get(path, (c) => c.json(resourceMetadata(c)));

  // Stateless: no stream of the server's own to open, no session to end.
  app.on(["GET", "DELETE"], "/mcp", (c) => jsonRpcError(c, 405, -32000, "Method not allowed: this server is stateless; POST each message", { Allow: "POST" }));

  app.post("/mcp", async (c) => {
    const { deps } = c.var;
    // MCP clients send no Origin; a browser does, and one from another site (a page whose name
    // was rebound to this address) is refused before anything else is read.
    const origin = c.req.header("Origin");
    if (origin !== undefined && origin !== baseOf(c)) return jsonRpcError(c, 403, -32000, `Requests from ${origin} are not accepted`);
    const challenge = (error: string, description: string) => ({
      "WWW-Authenticate": `Bearer error="${error}", error_description="${description}", resource_metadata="${baseOf(c)}/.well-known/oauth-protected-resource/mcp"`,
    });
    const token = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("Authorization") ?? "")?.[1];
    if (!token) {
      const why = "Send an API key of Gauge (API keys page) as Authorization: Bearer <key>";
      return jsonRpcError(c, 401, -32001, why, challenge("invalid_request", why));
    }
    if (Number(c.req.header("Content-Length") ?? 0) > MAX_BODY_BYTES) return jsonRpcError(c, 413, -32600, "The message is larger than 4 MiB");
    const body = (await c.req.json().catch(() => undefined)) as Message | Message[] | undefined;
    if (body === undefined || body === null || typeof body !== "object") return jsonRpcError(c, 400, -32700, "Parse error: the body is not a JSON-RPC message");
    // A tool call or a read of data is a call of the account's pool, counted as the key is looked
    // up (one query); listing, prompts and the card are free.
    const call = !Array.isArray(body) && readsData(body) ? body : null;
    const found = await authenticate(deps, token, call !== null);
    if (found?.caller.tokenKind !== "api_key") {
      const why = "This is not an active API key of Gauge: create one on the API keys page";
      return jsonRpcError(c, 401, -32001, why, challenge("invalid_token", why));
    }
    const caller: Caller = { ...found.caller, via: "mcp" };
    const budget = call && found.budget ? budgetHeaders(found.budget, deps.now()) : {};
    if (call && found.refused && found.budget) {
      const { limit, resetAt } = found.budget;
      const message = `The account's call limit of ${limit} per hour is reached: it resets at ${resetAt.toISOString()}`;
      const answer = call.method === "tools/call" ? { result: toolError(message) } : { error: { code: -32000, message } };
      return c.json({ jsonrpc: "2.0", id: call.id ?? null, ...answer }, 200, budget);
    }
    const name = String(call?.params?.name ?? "");
    if (call?.method === "tools/call" && WRITE_TOOL_NAMES.has(name) && caller.scope === "read") {
      const refusal = toolError(`${name} writes: it needs an API key with the write scope, and this key's scope is read`);
      return c.json({ jsonrpc: "2.0", id: call.id ?? null, result: refusal }, 200, budget);
    }

    const server = gaugeMcpServer({ deps, caller });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      const answer = await transport.handleRequest(c.req.raw, { parsedBody: body });
      for (const [header, value] of Object.entries(budget)) answer.headers.set(header, value);
      return answer;
    } finally {
      await server.close();
    }
  });
  return app;
}
