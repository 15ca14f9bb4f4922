import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { ErrorDetail } from "@/lib/contract/common";
import type { CreateKpi, Kpi, KpiInfo, SetKpi, UpdateKpi } from "@/lib/contract/kpis";
import type { Tx } from "@/lib/db/client";
import { kpis, kpiValues, scorecards, users } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { conflict, invalidRequest, notFound } from "../errors";
import { requireAccess } from "./access";
import { formulaProblems, parseFormula, references } from "@/lib/contract/formula";
import { initiativesOf } from "./initiatives";
import { touchScorecard } from "./scorecard-changes";
import { authorOf, setChangeAuthor } from "./change-context";
import { refuseLockedKpiDeletion } from "./locks";
import { toKpi, type StoredKpi } from "./scorecards";
import { keptTranslations } from "@/lib/contract/translations";

type KpiRef = { docId: number; guid: string };
type Changes = Partial<typeof kpis.$inferInsert>;

/**
 * Runs a change to a scorecard's KPIs with the scorecard row locked, so structural edits of one
 * scorecard (moves, deletes, formulas) apply one after the other and are checked against the
 * tree as it is. Returns what `change` returns.
 */
async function editTree<T>(ctx: Ctx, docId: number, change: (tx: Tx, tree: StoredKpi[]) => Promise<T>): Promise<T> {
  await requireAccess(ctx, docId, "write");
  return ctx.deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${scorecards} WHERE ${scorecards.id} = ${docId} FOR UPDATE`);
    // Deleting a KPI deletes its values: the history names who did it.
    await setChangeAuthor(tx, authorOf(ctx, docId));
    const tree = await tx.select().from(kpis).where(eq(kpis.scorecardId, docId)).orderBy(asc(kpis.position));
    const result = await change(tx, tree);
    await touchScorecard(tx, docId, ctx.deps.now());
    return result;
  });
}

const find = (tree: StoredKpi[], guid: string) => {
  const kpi = tree.find((k) => k.guid === guid);
  if (!kpi) throw notFound("KPI");
  return kpi;
};

const descendantsOf = (tree: StoredKpi[], guid: string): Set<string> => {
  const out = new Set<string>([guid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const k of tree) if (k.parentGuid && out.has(k.parentGuid) && !out.has(k.guid)) out.add(k.guid), (grew = true);
  }
  return out;
};

/** 400 unless the formula parses, names only KPIs of the scorecard, and makes no cycle. */
function checkFormula(tree: StoredKpi[], guid: string, formula: string): string {
  const problems = formulaProblems(tree, guid, formula);
  if (problems.length === 0) return formula;
  const [first] = problems;
  const message =
    first!.kind === "syntax"
      ? `The formula does not parse: ${first!.message}`
      : first!.kind === "unknown"
        ? `The formula names ${problems.length} KPI(s) not in this scorecard`
        : first!.message;
  throw invalidRequest(
    message,
    problems.map((p) => ({ path: "formula", message: p.message })),
  );
}

/** Places `guid` among the children of `parentGuid` at `position` and renumbers the scorecard in tree order. */
async function placeAndRenumber(tx: Tx, tree: StoredKpi[], guid: string, parentGuid: string | null, position: number | undefined) {
  const children = new Map<string | null, string[]>();
  for (const k of tree) {
    if (k.guid === guid) continue;
    const list = children.get(k.parentGuid) ?? [];
    list.push(k.guid);
    children.set(k.parentGuid, list);
  }
  const siblings = children.get(parentGuid) ?? [];
  siblings.splice(Math.min(position ?? siblings.length, siblings.length), 0, guid);
  children.set(parentGuid, siblings);
  const parentOf = new Map<string, string | null>(tree.map((k) => [k.guid, k.parentGuid]));
  parentOf.set(guid, parentGuid);
  const order: string[] = [];
  const walk = (g: string) => (order.push(g), (children.get(g) ?? []).forEach(walk));
  (children.get(null) ?? []).forEach(walk);
  const rows = order.map((g, i) => sql`(${g}::uuid, ${i}::int, ${parentOf.get(g) ?? null}::uuid)`);
  await tx.execute(
    sql`UPDATE ${kpis} SET position = v.p, parent_guid = v.parent FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(g, p, parent) WHERE ${kpis.guid} = v.g`,
  );
}

/** Settings and consistency rules shared by create and update. */
async function settingsOf(tx: Tx, tree: StoredKpi[], kpi: StoredKpi | null, guid: string, input: UpdateKpi | CreateKpi): Promise<Changes> {
  const { thresholds, scoreCap, parentGuid: _p, position: _q, translations, ...plain } = input;
  const changes: Changes = { ...plain };
  if (translations !== undefined) changes.translations = keptTranslations(translations);
  if (thresholds !== undefined) {
    changes.onTrackThreshold = thresholds?.onTrack ?? null;
    changes.atRiskThreshold = thresholds?.atRisk ?? null;
  }
  if (scoreCap !== undefined) changes.scoreCap = scoreCap;
  const type = changes.indicatorType ?? kpi?.indicatorType ?? "INDICATOR";
  const problems: ErrorDetail[] = [];
  if (kpi && kpi.parentGuid === null && type !== "CONTAINER") problems.push({ path: "indicatorType", message: "The root stays a CONTAINER" });
  if (kpi && type === "INDICATOR" && tree.some((k) => k.parentGuid === kpi.guid))
    problems.push({ path: "indicatorType", message: "It has child KPIs: move or delete them first" });
  if (type === "CONTAINER" && (changes.formula ?? kpi?.formula))
    problems.push({ path: "formula", message: "A container is its children's score: it has no formula" });
  if (problems.length) throw conflict(problems.map((p) => p.message).join("; "), problems);
  if (kpi && type === "CONTAINER" && kpi.indicatorType === "INDICATOR") {
    const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(kpiValues).where(eq(kpiValues.kpiGuid, kpi.guid));
    if (held!.n > 0)
      throw conflict(`It holds ${held!.n} entered value(s): a container cannot; delete them first`, [{ path: "indicatorType", message: "Has values" }]);
  }
  if (changes.formula) changes.formula = checkFormula(tree, guid, changes.formula);
  if (changes.ownerId != null) {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(scorecards, eq(scorecards.accountId, users.accountId))
      .where(and(eq(users.id, changes.ownerId), eq(scorecards.id, tree[0]!.scorecardId), isNull(users.deactivatedAt)));
    if (!owner)
      throw invalidRequest("The owner must be an active person of this account", [{ path: "ownerId", message: "No such active person in this account" }]);
  }
  const min = changes.min !== undefined ? changes.min : kpi?.min;
  const max = changes.max !== undefined ? changes.max : kpi?.max;
  if (min != null && max != null && min >= max) throw invalidRequest("min must be below max", [{ path: "max", message: "Must be above min" }]);
  const validMin = changes.validMin !== undefined ? changes.validMin : kpi?.validMin;
  const validMax = changes.validMax !== undefined ? changes.validMax : kpi?.validMax;
  if (validMin != null && validMax != null && validMin >= validMax)
    throw invalidRequest("validMin must be below validMax", [{ path: "validMax", message: "Must be above validMin" }]);
  return changes;
}

/** A container of the scorecard that `guid` may be put under (not itself or its own descendant). */
function checkParent(tree: StoredKpi[], guid: string, parentGuid: string) {
  const parent = tree.find((k) => k.guid === parentGuid);
  if (!parent) throw invalidRequest("parentGuid is not a KPI of this scorecard", [{ path: "parentGuid", message: "No such KPI in this scorecard" }]);
  if (parent.indicatorType !== "CONTAINER") throw invalidRequest("KPIs go under containers only", [{ path: "parentGuid", message: "Not a container" }]);
  if (descendantsOf(tree, guid).has(parentGuid))
    throw invalidRequest("A KPI cannot go under itself or its own children", [{ path: "parentGuid", message: "Inside the KPI moved" }]);
}

export async function createKpi(ctx: Ctx, { docId, input }: { docId: number; input: CreateKpi }): Promise<Kpi> {
  return editTree(ctx, docId, async (tx, tree) => {
    const guid = randomUUID();
    const parentGuid = input.parentGuid ?? tree.find((k) => k.parentGuid === null)!.guid;
    checkParent(tree, guid, parentGuid);
    const changes = await settingsOf(tx, tree, null, guid, input);
    const [row] = await tx
      .insert(kpis)
      .values({
        indicatorType: "INDICATOR",
        updateInterval: "MONTH",
        optimization: "MAXIMIZE",
        ...changes,
        name: input.name,
        guid,
        scorecardId: docId,
        parentGuid,
        position: tree.length,
      })
      .returning();
    await placeAndRenumber(tx, [...tree, row!], guid, parentGuid, input.position);
    return toKpi(row!);
  });
}

export async function updateKpi(ctx: Ctx, { docId, guid, input }: KpiRef & { input: UpdateKpi }): Promise<Kpi> {
  return editTree(ctx, docId, async (tx, tree) => {
    const kpi = find(tree, guid);
    const changes = await settingsOf(tx, tree, kpi, guid, input);
    if (input.parentGuid !== undefined || input.position !== undefined) {
      if (kpi.parentGuid === null) throw conflict("The root cannot move", [{ path: "parentGuid", message: "The root stays the root" }]);
      const parentGuid = input.parentGuid ?? kpi.parentGuid;
      checkParent(tree, guid, parentGuid);
      await placeAndRenumber(tx, tree, guid, parentGuid, input.position);
    }
    const [row] = Object.keys(changes).length
      ? await tx.update(kpis).set(changes).where(eq(kpis.guid, guid)).returning()
      : await tx.select().from(kpis).where(eq(kpis.guid, guid));
    return toKpi(row!);
  });
}

/** The vendor's PUT: name, type and (optionally) description; answers the KPI as its GET does. */
export async function setKpi(ctx: Ctx, { input, ...ref }: KpiRef & { input: SetKpi }): Promise<KpiInfo> {
  await updateKpi(ctx, { ...ref, input });
  return kpiInfo(ctx, ref);
}

/** Deletes a KPI with its children, values, initiatives, alerts and map links. */
export async function deleteKpi(ctx: Ctx, { docId, guid }: KpiRef): Promise<void> {
  await editTree(ctx, docId, async (tx, tree) => {
    const kpi = find(tree, guid);
    if (kpi.parentGuid === null) throw conflict("The root cannot be deleted: delete the scorecard instead");
    const gone = descendantsOf(tree, guid);
    const users = tree.filter((k) => !gone.has(k.guid) && k.formula && [...references(parseFormula(k.formula))].some((r) => gone.has(r)));
    if (users.length) {
      const names = users.map((k) => k.name).join(", ");
      throw conflict(
        `${names} ${users.length === 1 ? "uses" : "use"} it in a formula: change ${users.length === 1 ? "that formula" : "those formulas"} first`,
        users.map((k) => ({ path: "formula", message: `${k.name} (${k.guid}) uses it` })),
      );
    }
    await refuseLockedKpiDeletion(tx, docId, [...gone]);
    await tx.delete(kpis).where(eq(kpis.guid, guid));
  });
}

/** Under each container, every child gets the same weight, the children's weights summing to 100. */
export async function balanceWeights(ctx: Ctx, { docId }: { docId: number }) {
  return editTree(ctx, docId, async (tx, tree) => {
    const changed: { indicatorGuid: string; indicatorName: string; oldWeight: number; newWeight: number }[] = [];
    for (const parent of tree) {
      const children = tree.filter((k) => k.parentGuid === parent.guid);
      const weight = 100 / children.length;
      for (const k of children) if (k.weight !== weight) changed.push({ indicatorGuid: k.guid, indicatorName: k.name, oldWeight: k.weight, newWeight: weight });
    }
    if (changed.length) {
      const rows = changed.map((c) => sql`(${c.indicatorGuid}::uuid, ${c.newWeight}::float8)`);
      await tx.execute(sql`UPDATE ${kpis} SET weight = v.w FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(g, w) WHERE ${kpis.guid} = v.g`);
    }
    return changed;
  });
}

/** One KPI with its initiatives and its children (the vendor's KPI info). */
export async function kpiInfo(ctx: Ctx, { docId, guid }: KpiRef): Promise<KpiInfo> {
  await requireAccess(ctx, docId, "read");
  const rows = await ctx.deps.db
    .select()
    .from(kpis)
    .where(and(eq(kpis.scorecardId, docId), sql`(${kpis.guid} = ${guid} OR ${kpis.parentGuid} = ${guid})`))
    .orderBy(asc(kpis.position));
  const kpi = rows.find((k) => k.guid === guid);
  if (!kpi) throw notFound("KPI");
  return { ...toKpi(kpi), initiatives: await initiativesOf(ctx.deps.db, [guid]), items: rows.filter((k) => k.guid !== guid).map(toKpi) };
}

export const INDICATOR_TYPES = [
  { value: "INDICATOR" as const, name: "Indicator", description: "A measure that takes values, or computes them with a formula" },
  { value: "CONTAINER" as const, name: "Container", description: "A group of KPIs (a perspective or an objective): its score is its children's, weighted" },
];
