import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { scorecards } from "@/lib/db/schema";

/**
 * Marks the scorecard changed at `now`. In a transaction that also writes its values or KPIs,
 * call it first (or lock the row first, as editing the tree does): every writer then locks the
 * scorecard before values and their rollups, so two writers never wait on each other crosswise.
 * The batch upsert does the same inside its one statement (see upsertSorted).
 */
export async function touchScorecard(db: Db | Tx, docId: number, now: Date): Promise<void> {
  await db.update(scorecards).set({ updatedAt: now }).where(eq(scorecards.id, docId));
}
