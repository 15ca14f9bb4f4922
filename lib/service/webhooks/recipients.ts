import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { MAX_ROW_ID } from "@/lib/contract/constants";
import type { Db } from "@/lib/db/client";
import { scorecards, scorecardShares, users } from "@/lib/db/schema";

/**
 * Of `userIds`, the active people of the scorecard's account who may read it now (the rules of
 * domain/access.ts's accessOf, for each of them): whom an alert on it may e-mail, when it is made
 * and again when each e-mail goes out.
 */
export async function readersAmong(db: Db, docId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0 || docId > MAX_ROW_ID) return new Set();
  const shared = sql`EXISTS (SELECT 1 FROM ${scorecardShares} WHERE ${scorecardShares.scorecardId} = ${scorecards.id} AND ${scorecardShares.userId} = ${users.id})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(scorecards, and(eq(scorecards.id, docId), eq(scorecards.accountId, users.accountId)))
    .where(
      and(
        inArray(users.id, userIds),
        isNull(users.deactivatedAt),
        isNull(scorecards.deletedAt),
        sql`(${users.role} = 'admin' OR ${scorecards.ownerId} = ${users.id} OR ${scorecards.accountAccess} <> 'none' OR ${shared})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}
