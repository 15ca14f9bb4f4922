import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Initiative, InitiativeBody } from "@/lib/contract/initiatives";
import type { Db } from "@/lib/db/client";
import { initiatives, kpis, users } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { requireAccess, type Access } from "./access";
import { touchScorecard } from "./scorecard-changes";
import { keptTranslations, translationsOf } from "@/lib/contract/translations";

type KpiRef = { docId: number; guid: string };
type InitiativeRef = KpiRef & { initiativeGuid: string };

const columns = { initiative: initiatives, author: users.email };

function toInitiative({ initiative: i, author }: { initiative: typeof initiatives.$inferSelect; author: string | null }): Initiative {
  return {
    guid: i.guid,
    name: i.name,
    description: i.description,
    status: i.status,
    initiativeType: i.initiativeType,
    showOnMap: i.showOnMap,
    budget: i.budget,
    actualBudget: i.actualBudget,
    currency: i.currency,
    duration: i.duration,
    durationUnit: (i.durationUnit || null) as Initiative["durationUnit"],
    intervalStart: i.intervalStart,
    intervalEnd: i.intervalEnd,
    author,
    responsible: JSON.parse(i.responsible) as string[],
    alignedKpiGuid: i.kpiGuid,
    alignedInitiativesGuids: [],
    documents: [],
    ...translationsOf(i.translations),
  };
}

/** The initiatives of these KPIs, oldest first (no access check: the caller has made it). */
export async function initiativesOf(db: Db, guids: string[]): Promise<Initiative[]> {
  if (guids.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(initiatives)
    .leftJoin(users, eq(users.id, initiatives.authorId))
    .where(inArray(initiatives.kpiGuid, guids))
    .orderBy(asc(initiatives.createdAt), asc(initiatives.guid));
  return rows.map(toInitiative);
}

/** 404 unless the KPI belongs to the scorecard and the caller may read it (403 when writing read-only). */
async function requireKpi(ctx: Ctx, { docId, guid }: KpiRef, needed: Access) {
  await requireAccess(ctx, docId, needed);
  const [kpi] = await ctx.deps.db
    .select({ guid: kpis.guid })
    .from(kpis)
    .where(and(eq(kpis.guid, guid), eq(kpis.scorecardId, docId)));
  if (!kpi) throw notFound("KPI");
}

export async function listInitiatives(ctx: Ctx, ref: KpiRef): Promise<Initiative[]> {
  await requireKpi(ctx, ref, "read");
  return initiativesOf(ctx.deps.db, [ref.guid]);
}

export async function getInitiative(ctx: Ctx, ref: InitiativeRef): Promise<Initiative> {
  await requireKpi(ctx, ref, "read");
  const [row] = await ctx.deps.db
    .select(columns)
    .from(initiatives)
    .leftJoin(users, eq(users.id, initiatives.authorId))
    .where(and(eq(initiatives.guid, ref.initiativeGuid), eq(initiatives.kpiGuid, ref.guid)));
  if (!row) throw notFound("Initiative");
  return toInitiative(row);
}

const stored = (body: InitiativeBody) => ({
  name: body.name,
  status: body.status,
  initiativeType: body.initiativeType,
  description: body.description ?? "",
  currency: body.currency ?? "",
  durationUnit: body.durationUnit ?? "",
  intervalStart: body.intervalStart ?? null,
  intervalEnd: body.intervalEnd ?? null,
  showOnMap: body.showOnMap ?? false,
  budget: body.budget ?? null,
  actualBudget: body.actualBudget ?? null,
  duration: body.duration ?? null,
  responsible: JSON.stringify(body.responsible ?? []),
  translations: keptTranslations(body.translations),
});

const touch = (ctx: Ctx, docId: number) => touchScorecard(ctx.deps.db, docId, ctx.deps.now());

export async function createInitiative(ctx: Ctx, { body, ...ref }: KpiRef & { body: InitiativeBody }): Promise<Initiative> {
  await requireKpi(ctx, ref, "write");
  const guid = randomUUID();
  await ctx.deps.db.insert(initiatives).values({ guid, kpiGuid: ref.guid, authorId: ctx.caller.userId || null, ...stored(body), createdAt: ctx.deps.now() });
  await touch(ctx, ref.docId);
  return getInitiative(ctx, { ...ref, initiativeGuid: guid });
}

/** PUT: the body replaces the initiative (fields left out return to their defaults). */
export async function updateInitiative(ctx: Ctx, { body, ...ref }: InitiativeRef & { body: InitiativeBody }): Promise<Initiative> {
  await requireKpi(ctx, ref, "write");
  const [row] = await ctx.deps.db
    .update(initiatives)
    .set(stored(body))
    .where(and(eq(initiatives.guid, ref.initiativeGuid), eq(initiatives.kpiGuid, ref.guid)))
    .returning({ guid: initiatives.guid });
  if (!row) throw notFound("Initiative");
  await touch(ctx, ref.docId);
  return getInitiative(ctx, ref);
}

export async function deleteInitiative(ctx: Ctx, ref: InitiativeRef): Promise<void> {
  await requireKpi(ctx, ref, "write");
  const [row] = await ctx.deps.db
    .delete(initiatives)
    .where(and(eq(initiatives.guid, ref.initiativeGuid), eq(initiatives.kpiGuid, ref.guid)))
    .returning({ guid: initiatives.guid });
  if (!row) throw notFound("Initiative");
  await touch(ctx, ref.docId);
}
