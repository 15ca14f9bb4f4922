import "server-only";
import { SCORING_DEFAULTS, type Period } from "@/lib/contract/constants";
import { Explanation, ExplainArgs, ForecastArgs, Forecasts, KpiHistoryArgs, KpiRevisions, WhatIfArgs, WhatIfOutcome } from "@/lib/contract/mcp";
import { WhatIf } from "@/lib/contract/forecast";
import { forecastScorecard } from "../forecast/scorecard";
import { whatIf } from "../forecast/what-if";
import { groupedValues } from "../domain/grouped";
import { kpiRevisions } from "../domain/history";
import { periodStart } from "../domain/periods";
import { scorecardKpis } from "../domain/scorecards";
import { invalidRequest, notFound } from "../errors";
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
  defineTool({
    name: "explain_status",
    title: "Explain a status",
    description:
      "Why a KPI, objective or perspective has its colour in a period: its value, target, baseline, score and the thresholds that turn the score " +
      "into ON_TRACK, AT_RISK or OFF_TRACK; for a container, each child's score, weight and share of the weighted score.",
    input: ExplainArgs,
    output: Explanation,
    run: async (ctx, { scorecardId, kpiGuid, date, period }) => {
      const kpis = await scorecardKpis(ctx, scorecardId);
      const kpi = kpis.find((k) => k.guid === kpiGuid);
      if (!kpi) throw notFound("KPI");
      const interval = (period ?? kpi.updateInterval) as Period;
      const day = date ?? ctx.deps.now().toISOString().slice(0, 10);
      const children = kpis.filter((k) => k.parentGuid === kpi.guid);
      const start = periodStart(day, interval);
      const guids = [kpi.guid, ...children.map((c) => c.guid)];
      const grouped = await groupedValues(ctx, { docId: scorecardId, period: interval, startDate: start, endDate: day, guids });
      const pointOf = (guid: string) => grouped.items.find((series) => series.guid === guid)?.points[0];
      const point = pointOf(kpi.guid)!;
      const thresholds = { onTrack: kpi.onTrackThreshold ?? SCORING_DEFAULTS.onTrack, atRisk: kpi.atRiskThreshold ?? SCORING_DEFAULTS.atRisk };
      const scored = children.map((child) => ({ child, point: pointOf(child.guid) }));
      const weighed = scored.filter((c) => typeof c.point?.score === "number").reduce((sum, c) => sum + c.child.weight, 0);
      return {
        kpi: {
          guid: kpi.guid,
          name: kpi.name,
          kind: kpi.formula !== null && kpi.indicatorType === "INDICATOR" ? "CALCULATED" : kpi.indicatorType,
          measure: kpi.measure,
          optimization: kpi.optimization,
          formula: kpi.formula,
        },
        period: { start: point.start, end: point.end, complete: point.complete },
        value: point.value,
        target: point.target,
        baseline: point.baseline,
        score: point.score,
        status: point.status,
        thresholds,
        because: becauseOf(point.score, point.status, thresholds),
        children: scored.map(({ child, point: p }) => ({
          guid: child.guid,
          name: child.name,
          value: p?.value ?? null,
          score: p?.score ?? null,
          status: p?.status ?? "NONE",
          weight: child.weight,
          share: typeof p?.score === "number" && weighed > 0 ? child.weight / weighed : 0,
        })),
      };
    },
  }),
];

/** The rule that gives a score its status, in a sentence. */
function becauseOf(score: number | null, status: string, t: { onTrack: number; atRisk: number }): string {
  if (score === null) return "No score: the period has no value, or the KPI has no target or scale to score it on";
  const shown = score.toFixed(2);
  if (status === "ON_TRACK") return `ON_TRACK: its score ${shown} is at least ${t.onTrack}`;
  if (status === "AT_RISK") return `AT_RISK: its score ${shown} is below ${t.onTrack} and at least ${t.atRisk}`;
  return `OFF_TRACK: its score ${shown} is below ${t.atRisk}`;
}
