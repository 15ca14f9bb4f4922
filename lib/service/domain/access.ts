import "server-only";
import { MAX_ROW_ID } from "@/lib/contract/constants";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { scorecards, scorecardShares } from "@/lib/db/schema";
import type { Caller, Ctx } from "../context";
import { forbidden, notFound } from "../errors";

export type Access = "read" | "write";

/**
 * What the caller may do with each scorecard, as SQL: 'write', 'read' or NULL (nothing). Admins
 * write everything of their account; others write what they own or what is shared with them
 * (or with the whole account) for writing, and read what is shared for reading. A viewer only
 * ever reads. A public link's reader reads that one scorecard. A deleted scorecard is nobody's.
 */
export function accessOf(caller: Caller): SQL<Access | null> {
  return sql`CASE WHEN ${scorecards.deletedAt} IS NULL THEN ${grantedTo(caller)} END`;
}

function grantedTo(caller: Caller): SQL<Access | null> {
  if (caller.publicScorecardId !== undefined) return sql`CASE WHEN ${scorecards.id} = ${caller.publicScorecardId} THEN 'read' END`;
  if (caller.role === "admin") return sql`'write'`;
  const share = sql`(SELECT ${scorecardShares.access} FROM ${scorecardShares} WHERE ${scorecardShares.scorecardId} = ${scorecards.id} AND ${scorecardShares.userId} = ${caller.userId})`;
  const writes = sql`(${scorecards.ownerId} = ${caller.userId} OR ${scorecards.accountAccess} = 'write' OR ${share} = 'write')`;
  const reads = sql`(${scorecards.accountAccess} = 'read' OR ${share} = 'read')`;
  return caller.role === "viewer" ? sql`CASE WHEN ${writes} OR ${reads} THEN 'read' END` : sql`CASE WHEN ${writes} THEN 'write' WHEN ${reads} THEN 'read' END`;
}

/** Scorecards of the caller's account that it may at least read. */
export const readableBy = (caller: Caller) => and(eq(scorecards.accountId, caller.accountId), sql`${accessOf(caller)} IS NOT NULL`);

/** 404 unless the caller may read the scorecard; 403 when it needs write access and has only read. */
export function checkAccess(granted: Access | null | undefined, needed: Access): asserts granted is Access {
  if (!granted) throw notFound("Scorecard");
  if (needed === "write" && granted === "read") {
    throw forbidden("You may read this scorecard but not change it: ask its owner or an admin for write access");
  }
}

/** The caller's access to one scorecard; 404 when it has none (or it does not exist). */
export async function requireAccess({ deps, caller }: Ctx, docId: number, needed: Access): Promise<Access> {
  if (docId > MAX_ROW_ID) throw notFound("Scorecard");
  const [row] = await deps.db
    .select({ access: accessOf(caller) })
    .from(scorecards)
    .where(and(eq(scorecards.id, docId), eq(scorecards.accountId, caller.accountId)));
  checkAccess(row?.access, needed);
  return row.access;
}

export const validDocId = (docId: number) => docId <= MAX_ROW_ID;
