import "server-only";
import type { Period } from "@/lib/contract/constants";
import {
  FindKpisArgs,
  FoundKpis,
  GroupedSeries,
  ListChangesArgs,
  ChangePage,
  ReadGroupedArgs,
  ReadValuesArgs,
  ScorecardArgs,
  ScorecardKpis,
  ScorecardSummaries,
  ValueRecords,
} from "@/lib/contract/mcp";
import type { Ctx } from "../context";
import { groupedAnswer, groupedValues } from "../domain/grouped";
import { listChanges } from "../domain/history";
import { addDays } from "../domain/periods";
import { getScorecard, inTreeOrder, listScorecards, scorecardKpis, type StoredKpi } from "../domain/scorecards";
import { listValues } from "../domain/values";
import { defineTool } from "./tool";

const today = (ctx: Ctx) => ctx.deps.now().toISOString().slice(0, 10);

/** Each KPI's latest period with a value, in its own update interval, over the last 400 days (YEAR: five years). */
async function latestOf(ctx: Ctx, docId: number, kpis: StoredKpi[]) {
  const byInterval = new Map<Period, string[]>();
  for (const kpi of kpis) byInterval.set(kpi.updateInterval as Period, [...(byInterval.get(kpi.updateInterval as Period) ?? []), kpi.guid]);
  const latest = new Map<string, ReturnType<typeof pointOf> | null>();
  const end = today(ctx);
  for (const [period, guids] of byInterval) {
    const start = addDays(end, period === "YEAR" || period === "HALF_YEAR" ? -5 * 366 : -400);
    const grouped = await groupedValues(ctx, { docId, period, startDate: start, endDate: end, guids });
    for (const series of grouped.items) {
      const point = series.points.findLast((p) => p.value !== null);
      latest.set(series.guid, point ? pointOf(point) : null);
    }
  }
  return latest;
}

const pointOf = (p: { start: string; end: string; value: number | null; target: number | null; score: number | null; status: string; complete: boolean }) => ({
  start: p.start,
  end: p.end,
  value: p.value,
  target: p.target,
  score: p.score,
  status: p.status,
  complete: p.complete,
});

export const readTools = [
  defineTool({
    name: "list_scorecards",
    title: "List scorecards",
    description: "The scorecards this key may read, with how many KPIs each holds and whether the key may write it.",
    input: {},
    output: ScorecardSummaries,
    run: async (ctx) => {
      const { documents, sharedToUser } = await listScorecards(ctx);
      return {
        scorecards: [...documents, ...sharedToUser].map((s) => ({
          id: s.id,
          name: s.name,
          description: s.description,
          kpiCount: s.kpiCount,
          access: s.access,
        })),
      };
    },
  }),
  defineTool({
    name: "get_scorecard",
    title: "Get a scorecard",
    description:
      "A scorecard's KPIs in tree order (perspectives, objectives, indicators), each with its latest period's value, target, score and status, " +
      "as the dashboard shows them. Status is ON_TRACK, AT_RISK, OFF_TRACK or NONE (no value or no target).",
    input: ScorecardArgs,
    output: ScorecardKpis,
    card: true,
    run: async (ctx, { scorecardId }) => {
      const card = await getScorecard(ctx, { docId: scorecardId });
      const kpis = await scorecardKpis(ctx, scorecardId);
      const latest = await latestOf(ctx, scorecardId, kpis);
      return {
        scorecard: { id: card.id, name: card.name, lockedUntil: card.lockedUntil ?? null },
        kpis: inTreeOrder(kpis).map(({ kpi, depth }) => ({
          guid: kpi.guid,
          name: kpi.name,
          parentGuid: kpi.parentGuid,
          depth,
          kind: kpi.formula !== null && kpi.indicatorType === "INDICATOR" ? "CALCULATED" : kpi.indicatorType,
          updateInterval: kpi.updateInterval,
          measure: kpi.measure,
          latest: latest.get(kpi.guid) ?? null,
        })),
      };
    },
  }),
  defineTool({
    name: "find_kpis",
    title: "Find KPIs",
    description: "KPIs whose name holds the text given (any case), across every scorecard this key may read, with their scorecard.",
    input: FindKpisArgs,
    output: FoundKpis,
    run: async (ctx, { query }) => {
      const { documents, sharedToUser } = await listScorecards(ctx);
      const needle = query.toLowerCase();
      const found = [];
      for (const card of [...documents, ...sharedToUser]) {
        for (const kpi of await scorecardKpis(ctx, card.id)) {
          if (kpi.name.toLowerCase().includes(needle) || card.alias?.toLowerCase() === needle)
            found.push({ scorecardId: card.id, scorecardName: card.name, guid: kpi.guid, name: kpi.name, alias: card.alias });
          if (found.length >= 200) return { kpis: found };
        }
      }
      return { kpis: found };
    },
  }),
  defineTool({
    name: "read_values",
    title: "Read a KPI's records",
    description: "A KPI's stored records (value, target, baseline, min, max, entered score) by date, oldest first, within an optional date range.",
    input: ReadValuesArgs,
    output: ValueRecords,
    run: async (ctx, { scorecardId, kpiGuid, from, to }) => ({ records: await listValues(ctx, { docId: scorecardId, guid: kpiGuid, from, to }) }),
  }),
  defineTool({
    name: "read_grouped",
    title: "Read grouped values",
    description:
      "A scorecard's KPIs grouped by period (DAY to YEAR) over a date range: each period's value, target, score and status, " +
      "calculated and container KPIs included, with the notes of the range.",
    input: ReadGroupedArgs,
    output: GroupedSeries,
    card: true,
    // The REST read's own answer (notes included), already JSON: read back as the object it writes.
    run: async (ctx, { scorecardId, period, from, to, kpiGuids }) =>
      JSON.parse(
        Buffer.concat((await groupedAnswer(ctx, { docId: scorecardId, period, startDate: from, endDate: to, guids: kpiGuids })).pieces).toString("utf8"),
      ),
  }),
  defineTool({
    name: "list_changes",
    title: "List changes",
    description: "Who changed a scorecard's values, when, through which channel (api, dashboard, import, connector, mcp), newest first.",
    input: ListChangesArgs,
    output: ChangePage,
    run: async (ctx, { scorecardId, limit, before }) => listChanges(ctx, { docId: scorecardId, limit, before }),
  }),
];
