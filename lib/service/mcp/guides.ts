import "server-only";
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Ctx } from "../context";
import { listScorecards, scorecardTree } from "../domain/scorecards";

const Month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "A month as YYYY-MM")
  .describe("The month, as YYYY-MM");
const ScorecardId = z
  .string()
  .regex(/^\d{1,9}$/, "A scorecard's id")
  .describe("The scorecard's id, as list_scorecards gives it");

/** The prompts that guide an assistant through a scorecard's month, each asking for the tools in their order. */
const PROMPTS: { name: string; title: string; description: string; text: (args: { scorecardId: string; month: string }) => string }[] = [
  {
    name: "monthly_review",
    title: "Monthly review",
    description: "Review a scorecard's month: what moved, what is off track and why, and what the forecasts say about the year's targets",
    text: ({ scorecardId, month }) =>
      `Review scorecard ${scorecardId} for ${month}. Call get_scorecard for its KPIs, then read_grouped with period MONTH from the month before ${month} ` +
      `to the end of ${month} to see what moved, with its notes. List the KPIs OFF_TRACK or AT_RISK with their value, target and the note that explains them, ` +
      "then call forecast with period MONTH to the end of the year and say which KPIs will miss their targets there, and by how much. Be brief and cite figures.",
  },
  {
    name: "enter_figures",
    title: "Enter this month's figures",
    description: "Enter a month's figures for a scorecard: preview them, confirm, then write them as one change that can be undone",
    text: ({ scorecardId, month }) =>
      `I will give you ${month}'s figures for scorecard ${scorecardId}. Call get_scorecard to match each figure to its KPI (skip containers and CALCULATED KPIs: ` +
      `their values come from others) and date each on the first day of its KPI's period. Call preview_values with all of them and show me what is new, ` +
      "what changes and what would be refused, with the reasons. Only when I confirm, call write_values with the same items and tell me the change's id: " +
      "revert_change undoes it.",
  },
];

/** Each scorecard the key may read as a resource (its KPI tree as JSON), and the two prompts that guide a review and a month's entry. */
export function addGuides(server: McpServer, ctx: Ctx) {
  server.registerResource(
    "scorecard",
    new ResourceTemplate("gauge://scorecards/{id}", {
      list: async () => {
        const { documents, sharedToUser } = await listScorecards(ctx);
        return {
          resources: [...documents, ...sharedToUser].map((s) => ({
            uri: `gauge://scorecards/${s.id}`,
            name: s.name,
            title: s.name,
            description: s.description || undefined,
            mimeType: "application/json",
          })),
        };
      },
    }),
    { title: "Scorecard", description: "A scorecard's KPI tree: perspectives, objectives and KPIs with their settings", mimeType: "application/json" },
    async (uri, { id }) => ({
      contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(await scorecardTree(ctx, { docId: Number(id) })) }],
    }),
  );
  for (const prompt of PROMPTS)
    server.registerPrompt(
      prompt.name,
      { title: prompt.title, description: prompt.description, argsSchema: { scorecardId: ScorecardId, month: Month } },
      (args) => ({
        messages: [{ role: "user", content: { type: "text", text: prompt.text(args) } }],
      }),
    );
}
