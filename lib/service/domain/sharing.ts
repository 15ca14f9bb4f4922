import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { PublicScorecard, Sharing, UpdateSharing } from "@/lib/contract/scorecards";
import type { KpiNode, Period } from "@/lib/contract/kpis";
import { scorecards, scorecardShares, users } from "@/lib/db/schema";
import type { Ctx, Deps } from "../context";
import { forbidden, invalidRequest, notFound } from "../errors";
import { requireAccess } from "./access";
import { groupedValues } from "./grouped";
import { kpiTree } from "./scorecards";

export async function getSharing(ctx: Ctx, { docId }: { docId: number }): Promise<Sharing> {
  await requireAccess(ctx, docId, "read");
  const { db } = ctx.deps;
  const [card] = await db
    .select({ ownerId: scorecards.ownerId, ownerEmail: users.email, account: scorecards.accountAccess, publicId: scorecards.publicId })
    .from(scorecards)
    .leftJoin(users, eq(users.id, scorecards.ownerId))
    .where(eq(scorecards.id, docId));
  const shares = await db
    .select({ userId: scorecardShares.userId, email: users.email, access: scorecardShares.access })
    .from(scorecardShares)
    .innerJoin(users, eq(users.id, scorecardShares.userId))
    .where(eq(scorecardShares.scorecardId, docId))
    .orderBy(asc(users.email));
  return { ...card!, users: shares };
}

/** Only the owner or an admin changes sharing; the named users must belong to the account. */
export async function updateSharing(ctx: Ctx, { docId, input }: { docId: number; input: UpdateSharing }): Promise<Sharing> {
  const { deps, caller } = ctx;
  await requireAccess(ctx, docId, "read");
  const [card] = await deps.db.select({ ownerId: scorecards.ownerId }).from(scorecards).where(eq(scorecards.id, docId));
  if (caller.role !== "admin" && card?.ownerId !== caller.userId) {
    throw forbidden("Only the scorecard's owner or an admin may change who it is shared with");
  }
  const wanted = input.users ?? [];
  const ids = [...new Set(wanted.map((u) => u.userId))];
  if (ids.length !== wanted.length) throw invalidRequest("A user is listed twice", [{ path: "users", message: "Each user once" }]);
  const members = ids.length
    ? await deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.accountId, caller.accountId), inArray(users.id, ids)))
    : [];
  const known = new Set(members.map((m) => m.id));
  const unknown = wanted.flatMap((u, i) => (known.has(u.userId) ? [] : [{ path: `users.${i}.userId`, message: "No such user in this account" }]));
  if (unknown.length) throw invalidRequest("Every user shared with must belong to the account; nothing was changed", unknown);

  await deps.db.transaction(async (tx) => {
    const changes: Partial<typeof scorecards.$inferInsert> = {};
    if (input.account !== undefined) changes.accountAccess = input.account;
    if (input.public === false) changes.publicId = null;
    if (input.public === true) changes.publicId = randomBytes(18).toString("base64url");
    if (Object.keys(changes).length) await tx.update(scorecards).set(changes).where(eq(scorecards.id, docId));
    if (input.users !== undefined) {
      await tx.delete(scorecardShares).where(eq(scorecardShares.scorecardId, docId));
      if (wanted.length) await tx.insert(scorecardShares).values(wanted.map((u) => ({ scorecardId: docId, userId: u.userId, access: u.access })));
    }
  });
  return getSharing(ctx, { docId });
}

/** The reader of a public link: it may read that one scorecard and nothing else. */
async function publicReader(deps: Deps, publicId: string): Promise<{ ctx: Ctx; docId: number; card: typeof scorecards.$inferSelect }> {
  const [card] = await deps.db.select().from(scorecards).where(eq(scorecards.publicId, publicId));
  if (!card) throw notFound("Published scorecard");
  const caller = {
    accountId: card.accountId,
    userId: 0,
    email: "",
    role: "viewer" as const,
    tokenId: 0,
    tokenKind: "session" as const,
    countedUsers: 0,
    publicScorecardId: card.id,
  };
  return { ctx: { deps, caller }, docId: card.id, card };
}

/** A KPI node as a public link shows it: no people (who owns a KPI, who wrote or runs an initiative). */
function withoutPeople(node: KpiNode): KpiNode {
  return {
    ...node,
    ownerId: null,
    initiatives: node.initiatives.map((i) => ({ ...i, author: null, responsible: [] })),
    children: node.children.map(withoutPeople),
  };
}

export async function publicScorecard(deps: Deps, publicId: string): Promise<PublicScorecard> {
  const { ctx, docId, card } = await publicReader(deps, publicId);
  return { name: card.name, description: card.description, updatedAt: card.updatedAt.toISOString(), root: withoutPeople(await kpiTree(ctx, { docId })) };
}

export async function publicGroupedValues(deps: Deps, publicId: string, range: { period: Period; startDate: string; endDate: string }) {
  const { ctx, docId } = await publicReader(deps, publicId);
  // Notes name their authors: a public link shows the figures only.
  return groupedValues(ctx, { docId, ...range });
}
