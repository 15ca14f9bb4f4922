import "server-only";
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { SCORING_DEFAULTS, type FeedingConnector, type Kpi, type KpiNode, type KpiTree } from "@/lib/contract/kpis";
import type { Scorecard, ScorecardList } from "@/lib/contract/scorecards";
import { preparedRows, queryRows } from "@/lib/db/query";
import { kpis, scorecards } from "@/lib/db/schema";
import type { Caller, Ctx } from "../context";
import { accessOf, checkAccess, readableBy, requireAccess, validDocId, type Access } from "./access";
import { notFound } from "../errors";
import { initiativesOf } from "./initiatives";
import { translationsOf, type Translations } from "@/lib/contract/translations";

const scorecardColumns = (caller: Caller) => ({
  id: scorecards.id,
  name: scorecards.name,
  description: scorecards.description,
  updatedAt: scorecards.updatedAt,
  ownerId: scorecards.ownerId,
  accountAccess: scorecards.accountAccess,
  publicId: scorecards.publicId,
  alias: scorecards.alias,
  guid: scorecards.guid,
  icon: scorecards.icon,
  lockedUntil: scorecards.lockedUntil,
  translations: scorecards.translations,
  access: accessOf(caller),
  kpiCount: sql<number>`(SELECT count(*) FROM ${kpis} WHERE ${kpis.scorecardId} = ${scorecards.id})::int`,
});

type ScorecardRow = {
  id: number;
  name: string;
  description: string;
  kpiCount: number;
  updatedAt: Date;
  ownerId: number | null;
  accountAccess: string;
  publicId: string | null;
  alias: string | null;
  guid: string;
  icon: string;
  lockedUntil: string | null;
  translations: Translations | null;
  access: Access | null;
};

const toScorecard = ({ accountAccess, publicId, access, updatedAt, translations, ...row }: ScorecardRow): Scorecard => ({
  ...row,
  ...translationsOf(translations),
  updatedAt: updatedAt.toISOString(),
  sharedForPublic: publicId !== null,
  sharedForRegRW: accountAccess === "write",
  access: access ?? "read",
  type: "DOCUMENT",
  treeGroupId: 0,
  items: [],
});

/** The caller's own scorecards, and the others it may read. */
export async function listScorecards({ deps, caller }: Ctx): Promise<ScorecardList> {
  const rows = await deps.db.select(scorecardColumns(caller)).from(scorecards).where(readableBy(caller)).orderBy(asc(scorecards.id));
  const all = rows.map((row) => ({ own: row.ownerId === caller.userId, card: toScorecard(row) }));
  return { documents: all.filter((r) => r.own).map((r) => r.card), sharedToUser: all.filter((r) => !r.own).map((r) => r.card) };
}

export async function getScorecard({ deps, caller }: Ctx, { docId }: { docId: number }): Promise<Scorecard> {
  if (!validDocId(docId)) throw notFound("Scorecard");
  const [row] = await deps.db
    .select(scorecardColumns(caller))
    .from(scorecards)
    .where(and(eq(scorecards.id, docId), readableBy(caller)));
  if (!row) throw notFound("Scorecard");
  return toScorecard(row);
}

/** Throws 404 unless the caller may read the scorecard, 403 when it must write and may only read. */
export async function assertScorecard(ctx: Ctx, docId: number, needed: Access = "read"): Promise<void> {
  await requireAccess(ctx, docId, needed);
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
    measureNames: row.measure ? [row.measure] : [],
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
    ownerId: row.ownerId,
    noteRequiredOffTrack: row.noteRequiredOffTrack,
    validMin: row.validMin,
    validMax: row.validMax,
    ...translationsOf(row.translations),
  };
}

/** KPIs in tree order (each after its parent, siblings by position) with their depth, the root 0. */
export function inTreeOrder(tree: StoredKpi[]): { kpi: StoredKpi; depth: number }[] {
  const children = new Map<string | null, StoredKpi[]>();
  for (const k of [...tree].sort((a, b) => a.position - b.position)) children.set(k.parentGuid, [...(children.get(k.parentGuid) ?? []), k]);
  const out: { kpi: StoredKpi; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => (children.get(parent) ?? []).forEach((k) => (out.push({ kpi: k, depth }), walk(k.guid, depth + 1)));
  walk(null, 0);
  return out;
}

/**
 * Every column of a KPI under its property name. Rows come back as they are: Drizzle's row mapping
 * checked each of the ~25 fields of each row against several entity kinds, a tenth of a single
 * value read's CPU (every column here is a plain uuid, integer, text, boolean or double; the
 * bigint data version comes as a double, as its Drizzle column maps it: exact below 2^53).
 */
const KPI_COLUMNS = sql.raw(
  Object.entries(getTableColumns(kpis))
    .map(([property, column]) => `"kpis"."${column.name}"${column.columnType === "PgBigInt53" ? "::float8" : ""} AS "${property}"`)
    .join(", "),
);

/** The scorecard's KPIs in stored order, after checking the caller's access (404/403). One query. */
export async function scorecardKpis({ deps, caller }: Ctx, docId: number, needed: Access = "read"): Promise<StoredKpi[]> {
  if (!validDocId(docId)) throw notFound("Scorecard");
  const rows = await preparedRows<StoredKpi & { access: Access | null }>(
    deps.db,
    sql`SELECT ${accessOf(caller)} AS access, ${KPI_COLUMNS}
        FROM ${scorecards} LEFT JOIN ${kpis} ON ${kpis.scorecardId} = ${scorecards.id}
        WHERE ${scorecards.id} = ${docId} AND ${scorecards.accountId} = ${caller.accountId}
        ORDER BY ${kpis.position}`,
  );
  checkAccess(rows[0]?.access, needed);
  if (rows[0]!.guid === null) return []; // a scorecard without KPIs: the join's one empty row
  return rows.map(({ access: _access, ...kpi }) => kpi);
}

/** Every KPI of the scorecard as a tree, children in their stored order. */
export async function kpiTree(ctx: Ctx, { docId }: { docId: number }): Promise<KpiNode> {
  const rows = await scorecardKpis(ctx, docId);
  const plans = await initiativesOf(
    ctx.deps.db,
    rows.map((r) => r.guid),
  );
  const nodes = new Map(rows.map((r) => [r.guid, { ...toKpi(r), initiatives: plans.filter((p) => p.alignedKpiGuid === r.guid), children: [] as KpiNode[] }]));
  let root: KpiNode | undefined;
  for (const node of nodes.values()) {
    const parent = node.parentGuid ? nodes.get(node.parentGuid) : undefined;
    if (parent) parent.children.push(node);
    else root ??= node;
  }
  if (!root) throw notFound("Scorecard");
  return root;
}

/**
 * The connectors feeding one KPI each, with their last run that wrote values: it changes only
 * when they change a value (or are renamed), so the tree stays cached between runs.
 */
const feedingConnectors = (db: Ctx["deps"]["db"], docId: number) =>
  queryRows<FeedingConnector>(
    db,
    sql`SELECT c.id, c.name, c.mapping->>'kpiGuid' AS "kpiGuid",
          to_char(w.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastWrittenAt", w.values_written AS "lastWritten"
        FROM connectors c
        LEFT JOIN LATERAL (SELECT r.started_at, r.values_written FROM connector_runs r WHERE r.connector_id = c.id AND r.values_written > 0 ORDER BY r.id DESC LIMIT 1) w ON true
        WHERE c.scorecard_id = ${docId} AND c.mapping->>'kpiGuid' IS NOT NULL ORDER BY c.name, c.id`,
  );

/** The tree, who owns the scorecard and what feeds it (the same for every reader, so it may be cached for all). */
export async function scorecardTree(ctx: Ctx, { docId }: { docId: number }): Promise<KpiTree> {
  const [root, [card], connectors] = await Promise.all([
    kpiTree(ctx, { docId }),
    ctx.deps.db.select({ ownerId: scorecards.ownerId, lockedUntil: scorecards.lockedUntil }).from(scorecards).where(eq(scorecards.id, docId)),
    feedingConnectors(ctx.deps.db, docId),
  ]);
  return { root, ownerId: card?.ownerId ?? null, lockedUntil: card?.lockedUntil ?? null, connectors };
}

/**
 * A fingerprint of everything the caller may read and write: its role and each scorecard of the
 * account with its access. It changes exactly when a share, a role or a deletion changes what the
 * caller sees, whichever path changed it.
 */
export async function accessVersion({ deps, caller }: Ctx): Promise<string> {
  const [row] = await deps.db
    .select({ grants: sql<string>`md5(coalesce(string_agg(${scorecards.id}::text || ':' || ${accessOf(caller)}, ',' ORDER BY ${scorecards.id}), ''))` })
    .from(scorecards)
    .where(readableBy(caller));
  return `${caller.role}:${row?.grants ?? ""}`;
}

/** The caller's access to a scorecard, or null (for access/info: never a 404). */
export async function accessTo({ deps, caller }: Ctx, docId: number): Promise<Access | null> {
  if (!validDocId(docId)) return null;
  const [row] = await deps.db
    .select({ access: accessOf(caller) })
    .from(scorecards)
    .where(and(eq(scorecards.id, docId), eq(scorecards.accountId, caller.accountId)));
  return row?.access ?? null;
}

/** Every KPI, flat, in depth-first tree order. */
export async function listKpis(ctx: Ctx, input: { docId: number }): Promise<Kpi[]> {
  const out: Kpi[] = [];
  const walk = ({ children, initiatives: _plans, ...kpi }: KpiNode) => {
    out.push(kpi);
    children.forEach(walk);
  };
  walk(await kpiTree(ctx, input));
  return out;
}
