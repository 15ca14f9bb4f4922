import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Ctx } from "../context";
import { ApiError } from "../errors";
import { addCard, CARD_TOOL_META } from "./card";
import { addGuides } from "./guides";
import { insightTools } from "./insight-tools";
import { readTools } from "./read-tools";
import { toolError } from "./tool";
import { writeTools } from "./write-tools";

const ALL_TOOLS = [...readTools, ...insightTools, ...writeTools];

/** The names of the tools that write: a `read` key's call of one is refused before the server sees it. */
export const WRITE_TOOL_NAMES = new Set(ALL_TOOLS.filter((t) => t.writes).map((t) => t.name));

/** The MCP server for one request's caller: every tool its key's scope allows (a `read` key sees no write tool). */
export function gaugeMcpServer(ctx: Ctx): McpServer {
  const server = new McpServer(
    { name: "gauge", title: "Gauge scorecards", version: "1.0.0" },
    {
      instructions:
        "Gauge holds balanced scorecards: KPIs in a tree, each with values by date, targets, a score (1 = on target) and a status. " +
        "Start with list_scorecards, then get_scorecard. Preview a write with preview_values before write_values; revert_change undoes a change.",
    },
  );
  const readOnly = ctx.caller.scope === "read";
  for (const tool of ALL_TOOLS) {
    if (tool.writes && readOnly) continue;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: {
          title: tool.title,
          readOnlyHint: !tool.writes,
          destructiveHint: tool.writes?.destructive ?? false,
          idempotentHint: tool.writes?.idempotent ?? true,
          openWorldHint: false,
        },
        ...(tool.card ? { _meta: CARD_TOOL_META } : {}),
      },
      async (args: Record<string, unknown>) => {
        try {
          const answer = await tool.run(ctx, args);
          return { content: [{ type: "text", text: JSON.stringify(answer) }], structuredContent: answer };
        } catch (error) {
          if (error instanceof ApiError) return toolError(error.message, error.details);
          throw error;
        }
      },
    );
  }
  addGuides(server, ctx);
  addCard(server);
  return server;
}
