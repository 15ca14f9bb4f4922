import "server-only";
import { ForecastArgs, Forecasts, KpiHistoryArgs, KpiRevisions, WhatIfArgs, WhatIfOutcome } from "@/lib/contract/mcp";
import { WhatIf } from "@/lib/contract/forecast";
import { forecastScorecard } from "../forecast/scorecard";
import { whatIf } from "../forecast/what-if";
import { kpiRevisions } from "../domain/history";
import { invalidRequest } from "../errors";
import { defineTool } from "./tool";

/** Tools that look back at a KPI's revisions and ahead at its forecast, storing nothing. */
export const insightTools = [
  defineTool({
    name: "kpi_history",
    title: "A KPI's revisions",
    description: "Every revision of a KPI's records, newest first: the figures before and after, who made it, when and through which channel.",
    input: KpiHistoryArgs,
    output: KpiRevisions,
    run: (ctx, { scorecardId, kpiGuid, from, to, limit, before }) => kpiRevisions(ctx, { docId: scorecardId, guid: kpiGuid, from, to, limit, before }),
  }),
  defineTool({
    name: "forecast",
    title: "Forecast",
    description:
      "Each KPI's projected value to the horizon, period by period, with its 80 % interval and the score and status it would have: " +
      "which KPIs will miss their targets, and by how much.",
    input: ForecastArgs,
    output: Forecasts,
    run: (ctx, { scorecardId, period, horizon, kpiGuids }) => forecastScorecard(ctx, { docId: scorecardId, period, horizon, guids: kpiGuids }),
  }),
  defineTool({
    name: "what_if",
    title: "What if",
    description:
      "Overrides in (a KPI's value in a period, or a growth per period from its last value), the KPIs and periods that would move out, " +
      "with their statuses, through formulas and containers; for a KPI given a growth, the growth that would meet its target. Nothing is stored.",
    input: WhatIfArgs,
    output: WhatIfOutcome,
    run: async (ctx, { scorecardId, ...request }) => {
      const checked = WhatIf.safeParse(request);
      if (!checked.success)
        throw invalidRequest(
          "The what-if is not valid",
          checked.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        );
      const { period, start, end, moved, verdicts } = await whatIf(ctx, scorecardId, checked.data);
      return { period, start, end, moved, verdicts };
    },
  }),
];
