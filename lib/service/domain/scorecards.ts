import "server-only";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { SCORING_DEFAULTS, type Kpi, type KpiNode, type UpdateKpi } from "@/lib/contract/kpis";
import type { Scorecard } from "@/lib/contract/scorecards";
import { kpis, scorecards } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";

// Scorecard IDs are int4; a larger number cannot exist, so it is simply not found.
const MAX_ID = 2_147_483_647;

const scorecardColumns = {
  id: scorecards.id,
  name: scorecards.name,
  description: scorecards.description,
  updatedAt: scorecards.updatedAt,
  kpiCount: sql<number>`(SELECT count(*) FROM ${kpis} WHERE ${kpis.scorecardId} = ${scorecards.id})::int`,
};

const toScorecard = (row: { id: number; name: string; description: string; kpiCount: number; updatedAt: Date }): Scorecard => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listScorecards({ deps, caller }: Ctx): Promise<Scorecard[]> {
  const rows = await deps.db
    .select(scorecardColumns)
    .from(scorecards)
    .where(eq(scorecards.accountId, caller.accountId))
    .orderBy(asc(scorecards.id));
  return rows.map(toScorecard);
}

export async function getScorecard({ deps, caller }: Ctx, { docId }: { docId: number }): Promise<Scorecard> {
  if (docId > MAX_ID) throw notFound("Scorecard");
  const [row] = await deps.db
    .select(scorecardColumns)
    .from(scorecards)
    .where(and(eq(scorecards.id, docId), eq(scorecards.accountId, caller.accountId)));
  if (!row) throw notFound("Scorecard");
  return toScorecard(row);
}

/** Throws 404 unless the scorecard exists and the caller's account owns it. */
export async function assertScorecard({ deps, caller }: Ctx, docId: number): Promise<void> {
  if (docId > MAX_ID) throw notFound("Scorecard");
  const [row] = await deps.db
    .select({ n: count() })
    .from(scorecards)
    .where(and(eq(scorecards.id, docId), eq(scorecards.accountId, caller.accountId)));
  if (!row?.n) throw notFound("Scorecard");
}

/** A KPI as stored (the API's `Kpi` is derived from it). */
export type StoredKpi = typeof kpis.$inferSelect;

export function toKpi(row: StoredKpi): Kpi {
  return {
    guid: row.guid,
    name: row.name,
    description: row.description,
    parentGuid: row.parentGuid,
    indicatorType: row.indicatorType,
    measure: row.measure,
    updateInterval: row.updateInterval,
    acceptValueData: row.indicatorType === "INDICATOR" && row.formula === null,
    grouping: row.grouping,
    inheritance: row.inheritance,
    optimization: row.optimization,
    formula: row.formula,
    weight: row.weight,
    min: row.min,
    max: row.max,
    target: row.target,
    baseline: row.baseline,
    thresholds: {
      onTrack: row.onTrackThreshold ?? SCORING_DEFAULTS.onTrack,
      atRisk: row.atRiskThreshold ?? SCORING_DEFAULTS.atRisk,
    },
    scoreCap: row.scoreCap ?? SCORING_DEFAULTS.cap,
  };
}

/** The scorecard's KPIs in stored order; 404 unless the caller's account owns it. One query. */
export async function scorecardKpis({ deps, caller }: Ctx, docId: number): Promise<StoredKpi[]> {
  if (docId > MAX_ID) throw notFound("Scorecard");
  const rows = await deps.db
    .select({ kpi: kpis })
    .from(scorecards)
    .leftJoin(kpis, eq(kpis.scorecardId, scorecards.id))
    .where(and(eq(scorecards.id, docId), eq(scorecards.accountId, caller.accountId)))
    .orderBy(asc(kpis.position));
  if (rows.length === 0) throw notFound("Scorecard");
  return rows.flatMap((r) => (r.kpi ? [r.kpi] : []));
}

/** Every KPI of the scorecard as a tree, children in their stored order. */
export async function kpiTree(ctx: Ctx, { docId }: { docId: number }): Promise<KpiNode> {
  const rows = await scorecardKpis(ctx, docId);
  const nodes = new Map(rows.map((r) => [r.guid, { ...toKpi(r), children: [] as KpiNode[] }]));
  let root: KpiNode | undefined;
  for (const node of nodes.values()) {
    const parent = node.parentGuid ? nodes.get(node.parentGuid) : undefined;
    if (parent) parent.children.push(node);
    else root ??= node;
  }
  if (!root) throw notFound("Scorecard");
  return root;
}

/** Every KPI, flat, in depth-first tree order. */
export async function listKpis(ctx: Ctx, input: { docId: number }): Promise<Kpi[]> {
  const out: Kpi[] = [];
  const walk = ({ children, ...kpi }: KpiNode) => {
    out.push(kpi);
    children.forEach(walk);
  };
  walk(await kpiTree(ctx, input));
  return out;
}

export async function getKpi(ctx: Ctx, { docId, guid }: { docId: number; guid: string }): Promise<Kpi> {
  await assertScorecard(ctx, docId);
  const [row] = await ctx.deps.db
    .select()
    .from(kpis)
    .where(and(eq(kpis.guid, guid), eq(kpis.scorecardId, docId)));
  if (!row) throw notFound("KPI");
  return toKpi(row);
}

export async function updateKpi(ctx: Ctx, { docId, guid, input }: { docId: number; guid: string; input: UpdateKpi }): Promise<Kpi> {
  await assertScorecard(ctx, docId);
  const changes: Partial<StoredKpi> = {};
  if (input.thresholds !== undefined) {
    changes.onTrackThreshold = input.thresholds?.onTrack ?? null;
    changes.atRiskThreshold = input.thresholds?.atRisk ?? null;
  }
  if (input.scoreCap !== undefined) changes.scoreCap = input.scoreCap;
  const [row] = await ctx.deps.db.update(kpis).set(changes).where(and(eq(kpis.guid, guid), eq(kpis.scorecardId, docId))).returning();
  if (!row) throw notFound("KPI");
  return toKpi(row);
}

