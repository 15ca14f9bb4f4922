import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { CreateDocument, DeletedDocument, DocumentTree, Scorecard, UpdateDocument } from "@/lib/contract/scorecards";
import type { ScorecardFile } from "@/lib/contract/scorecard-file";
import { importScorecard } from "@/lib/db/import";
import { authorOf, setChangeAuthor } from "./change-context";
import { kpis, scorecards } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { ApiError, conflict, forbidden, notFound } from "../errors";
import { requireAccess } from "./access";
import { getScorecard, listScorecards } from "./scorecards";
import { updateSharing } from "./sharing";
import { keptTranslations } from "@/lib/contract/translations";

/** How long a deleted scorecard can be restored; after that it is purged. */
export const RESTORE_DAYS = 30;
const DAY_MS = 86_400_000;

export async function documentTree(ctx: Ctx): Promise<DocumentTree> {
  const { documents, sharedToUser } = await listScorecards(ctx);
  return { root: { id: 0, name: "Scorecards", type: "GROUP", items: documents }, sharedToUser };
}

const isAliasTaken = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === "23505";
};
const aliasTaken = () =>
  conflict("Another scorecard of the account has this alias (a deleted one keeps it until it is purged)", [{ path: "alias", message: "Already in use" }]);

/** An empty scorecard owned by the caller: its root container only. */
export async function createDocument(ctx: Ctx, input: CreateDocument): Promise<Scorecard> {
  const { deps, caller } = ctx;
  if (input.parentGroupId !== undefined && input.parentGroupId !== 0) throw notFound("Folder (Gauge keeps one folder per account: 0)");
  const name = input.name ?? "New scorecard";
  const id = await deps.db
    .transaction(async (tx) => {
      const [card] = await tx
        .insert(scorecards)
        .values({
          accountId: caller.accountId,
          ownerId: caller.userId,
          name,
          description: input.description ?? "",
          alias: input.alias ?? null,
          icon: input.icon ?? "",
          translations: keptTranslations(input.translations),
        })
        .returning({ id: scorecards.id });
      await tx.insert(kpis).values({
        guid: randomUUID(),
        scorecardId: card!.id,
        parentGuid: null,
        position: 0,
        name,
        description: input.description ?? "",
        translations: keptTranslations(input.translations),
        indicatorType: "CONTAINER",
        updateInterval: "MONTH",
        optimization: "MAXIMIZE",
      });
      return card!.id;
    })
    .catch((error) => {
      throw isAliasTaken(error) ? aliasTaken() : error;
    });
  return getScorecard(ctx, { docId: id });
}

/** Only the owner or an admin may delete, restore or change sharing. */
function requireOwner(ctx: Ctx, ownerId: number | null, what: string) {
  if (ctx.caller.role !== "admin" && ownerId !== ctx.caller.userId) throw forbidden(`Only the scorecard's owner or an admin may ${what}`);
}

export async function updateDocument(ctx: Ctx, { docId, input }: { docId: number; input: UpdateDocument }): Promise<Scorecard> {
  const { deps } = ctx;
  await requireAccess(ctx, docId, "write");
  const current = await getScorecard(ctx, { docId });
  const wantsPublic = input.sharedForPublic !== undefined && input.sharedForPublic !== current.sharedForPublic;
  const wantsAccount = input.sharedForRegRW !== undefined && input.sharedForRegRW !== current.sharedForRegRW;
  if (wantsPublic || wantsAccount) requireOwner(ctx, current.ownerId, "change who it is shared with");
  const changes: Partial<typeof scorecards.$inferInsert> = { name: input.name, updatedAt: deps.now() };
  if (input.alias !== undefined) changes.alias = input.alias;
  if (input.description !== undefined) changes.description = input.description;
  if (input.icon !== undefined) changes.icon = input.icon;
  if (input.translations !== undefined) changes.translations = keptTranslations(input.translations);
  await deps.db
    .transaction(async (tx) => {
      await tx.update(scorecards).set(changes).where(eq(scorecards.id, docId));
      // The root container carries the scorecard's name (the tree's and the map's title).
      await tx
        .update(kpis)
        .set({
          name: input.name,
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.translations !== undefined ? { translations: changes.translations } : {}),
        })
        .where(and(eq(kpis.scorecardId, docId), isNull(kpis.parentGuid)));
    })
    .catch((error) => {
      throw isAliasTaken(error) ? aliasTaken() : error;
    });
  if (wantsPublic || wantsAccount) {
    await updateSharing(ctx, {
      docId,
      input: {
        ...(wantsPublic ? { public: input.sharedForPublic } : {}),
        ...(wantsAccount ? { account: input.sharedForRegRW ? "write" : "none" } : {}),
      },
    });
  }
  return getScorecard(ctx, { docId });
}

const toDeleted = (row: { id: number; name: string; deletedAt: Date | null }): DeletedDocument => ({
  id: row.id,
  name: row.name,
  deletedAt: row.deletedAt!.toISOString(),
  restorableUntil: new Date(row.deletedAt!.getTime() + RESTORE_DAYS * DAY_MS).toISOString(),
});

/** Hides the scorecard from every route; it can be restored for 30 days. Purges the account's older deletions. */
export async function deleteDocument(ctx: Ctx, { docId }: { docId: number }): Promise<DeletedDocument> {
  const { deps, caller } = ctx;
  await requireAccess(ctx, docId, "write");
  const [card] = await deps.db.select({ ownerId: scorecards.ownerId }).from(scorecards).where(eq(scorecards.id, docId));
  requireOwner(ctx, card!.ownerId, "delete it");
  const now = deps.now();
  const [row] = await deps.db
    .update(scorecards)
    .set({ deletedAt: now })
    .where(and(eq(scorecards.id, docId), isNull(scorecards.deletedAt)))
    .returning({ id: scorecards.id, name: scorecards.name, deletedAt: scorecards.deletedAt });
  if (!row) throw notFound("Scorecard");
  // A purge erases the scorecard with its history: its values' deletions are not history to keep.
  await deps.db.transaction(async (tx) => {
    await setChangeAuthor(tx, { via: "system", at: now.toISOString(), history: "off" });
    const expired = and(eq(scorecards.accountId, caller.accountId), lt(scorecards.deletedAt, new Date(now.getTime() - RESTORE_DAYS * DAY_MS)));
    // Revisions have no foreign key to their change sets (see history.ts): they go first, by hand.
    await tx.execute(
      sql`DELETE FROM value_revisions WHERE change_set_id IN (SELECT cs.id FROM change_sets cs JOIN scorecards ON scorecards.id = cs.scorecard_id WHERE ${expired})`,
    );
    await tx.delete(scorecards).where(expired);
  });
  return toDeleted(row);
}

/** Deleted scorecards the caller may restore (its own; an admin's: the account's), newest first. */
const restorableBy = (ctx: Ctx) =>
  and(
    eq(scorecards.accountId, ctx.caller.accountId),
    isNotNull(scorecards.deletedAt),
    sql`${scorecards.deletedAt} > ${new Date(ctx.deps.now().getTime() - RESTORE_DAYS * DAY_MS).toISOString()}::timestamptz`,
    ctx.caller.role === "admin" ? undefined : eq(scorecards.ownerId, ctx.caller.userId),
  );

export async function listDeletedDocuments(ctx: Ctx): Promise<DeletedDocument[]> {
  const rows = await ctx.deps.db
    .select({ id: scorecards.id, name: scorecards.name, deletedAt: scorecards.deletedAt })
    .from(scorecards)
    .where(restorableBy(ctx))
    .orderBy(sql`${scorecards.deletedAt} DESC`, asc(scorecards.id));
  return rows.map(toDeleted);
}

export async function restoreDocument(ctx: Ctx, { docId }: { docId: number }): Promise<Scorecard> {
  const [row] = await ctx.deps.db
    .update(scorecards)
    .set({ deletedAt: null })
    .where(and(eq(scorecards.id, docId), restorableBy(ctx)))
    .returning({ id: scorecards.id });
  if (!row) throw new ApiError(404, "not_found", "No deleted scorecard with this ID that you may restore (after 30 days it is gone)");
  return getScorecard(ctx, { docId });
}

/** A new scorecard from a scorecard file, owned by the caller (all or nothing). */
export async function importDocument(ctx: Ctx, file: ScorecardFile): Promise<Scorecard> {
  const id = await ctx.deps.db.transaction(async (tx) => {
    await setChangeAuthor(tx, authorOf(ctx, undefined, { via: "import" }));
    return importScorecard(tx, ctx.caller.accountId, file, { ownerId: ctx.caller.userId });
  });
  return getScorecard(ctx, { docId: id });
}
