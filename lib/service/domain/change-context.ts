import "server-only";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import type { Ctx } from "../context";
import { touchScorecard } from "./scorecard-changes";

/** Through what a change came: the API (scripts), the dashboard, an import, the CLI, the system, or a connector. */
export type Via = "api" | "dashboard" | "import" | "cli" | "system" | "connector" | "mcp";

export interface ChangeAuthor {
  accountId?: number;
  scorecardId?: number;
  userId?: number;
  email?: string;
  keyId?: number;
  keyName?: string | null;
  via: Via;
  at: string;
  /** The change set a revert undoes. */
  reverts?: number;
  /** "off": the transaction's changes are not history (a purge erasing a scorecard with its history). */
  history?: "off";
}

/**
 * The author of a caller's change to a scorecard's values, as the triggers on kpi_values record
 * it in the change set (migration 0018): who, with which API key, through what, when.
 */
export function authorOf(ctx: Ctx, docId: number | undefined, extra: Partial<ChangeAuthor> = {}): ChangeAuthor {
  const { caller, deps } = ctx;
  return {
    accountId: caller.accountId,
    scorecardId: docId,
    userId: caller.userId,
    email: caller.email,
    ...(caller.tokenKind === "api_key" ? { keyId: caller.tokenId, keyName: caller.keyName ?? null } : {}),
    via: caller.via ?? "api",
    at: deps.now().toISOString(),
    ...extra,
  };
}

/** Names the author of the transaction's changes to values (one author per transaction). */
export async function setChangeAuthor(db: Db | Tx, author: ChangeAuthor): Promise<void> {
  await db.execute(sql`SELECT set_config('gauge.context', ${JSON.stringify(author)}, true)`);
}

/**
 * Starts a caller's change to a scorecard's values in a transaction: names its author, then marks
 * the scorecard changed (which locks it first, see touchScorecard).
 */
export async function beginChange(tx: Tx, ctx: Ctx, docId: number, extra: Partial<ChangeAuthor> = {}): Promise<void> {
  await setChangeAuthor(tx, authorOf(ctx, docId, extra));
  await touchScorecard(tx, docId, ctx.deps.now());
}
