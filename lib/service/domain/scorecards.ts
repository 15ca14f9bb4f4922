import "server-only";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Kpi, KpiNode } from "@/lib/contract/kpis";
import type { Scorecard } from "@/lib/contract/scorecards";
import { kpis, scorecards } from "@/lib/db/schema";
import type { Deps } from "../context";
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

export async function listScorecards(deps: Deps, accountId: number): Promise<Scorecard[]> {
  const rows = await deps.db
    .select(scorecardColumns)
    .from(scorecards)
    .where(eq(scorecards.accountId, accountId))
    .orderBy(asc(scorecards.id));
  return rows.map(toScorecard);
}

export async function getScorecard(deps: Deps, accountId: number, docId: number): Promise<Scorecard> {
  if (docId > MAX_ID) throw notFound("Scorecard");
  const [row] = await deps.db
    .select(scorecardColumns)
    .from(scorecards)
    .where(and(eq(scorecards.id, docId), eq(scorecards.accountId, accountId)));
  if (!row) throw notFound("Scorecard");
  return toScorecard(row);
}

/** Throws 404 unless the scorecard exists and belongs to the account. */
export async function assertScorecard(deps: Deps, accountId: number, docId: number): Promise<void> {
  if (docId > MAX_ID) throw notFound("Scorecard");
  const [row] = await deps.db
    .select({ n: count() })
    .from(scorecards)
    .where(and(eq(scorecards.id, docId), eq(scorecards.accountId, accountId)));
  if (!row?.n) throw notFound("Scorecard");
}

export type KpiRow = typeof kpis.$inferSelect;

export function toKpi(row: KpiRow): Kpi {
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
  };
}

/** The scorecard's KPI rows in stored order; 404 unless the account owns the scorecard. One query. */
export async function scorecardKpis(deps: Deps, accountId: number, docId: number): Promise<KpiRow[]> {
  if (docId > MAX_ID) throw notFound("Scorecard");
  const rows = await deps.db
    .select({ kpi: kpis })
    .from(scorecards)
    .leftJoin(kpis, eq(kpis.scorecardId, scorecards.id))
    .where(and(eq(scorecards.id, docId), eq(scorecards.accountId, accountId)))
    .orderBy(asc(kpis.position));
  if (rows.length === 0) throw notFound("Scorecard");
  return rows.flatMap((r) => (r.kpi ? [r.kpi] : []));
}

/** Every KPI of the scorecard as a tree, children in their stored order. */
export async function kpiTree(deps: Deps, accountId: number, docId: number): Promise<KpiNode> {
  const rows = await scorecardKpis(deps, accountId, docId);
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
export async function listKpis(deps: Deps, accountId: number, docId: number): Promise<Kpi[]> {
  const out: Kpi[] = [];
  const walk = ({ children, ...kpi }: KpiNode) => {
    out.push(kpi);
    children.forEach(walk);
  };
  walk(await kpiTree(deps, accountId, docId));
  return out;
}

export async function getKpi(deps: Deps, accountId: number, docId: number, guid: string): Promise<Kpi> {
  await assertScorecard(deps, accountId, docId);
  const [row] = await deps.db
    .select()
    .from(kpis)
    .where(and(eq(kpis.guid, guid), eq(kpis.scorecardId, docId)));
  if (!row) throw notFound("KPI");
  return toKpi(row);
}
