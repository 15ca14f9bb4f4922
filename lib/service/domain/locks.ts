import "server-only";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Scorecard } from "@/lib/contract/scorecards";
import type { ErrorDetail } from "@/lib/contract/common";
import type { Db, Tx } from "@/lib/db/client";
import { kpiValues, scorecards } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { conflict, lockedPeriodRefusal } from "../errors";
import { requireAccess } from "./access";
import { getScorecard } from "./scorecards";

// Locked periods: a trigger on kpi_values refuses any change to a value dated on or before the
// scorecard's locked_until (migration 0019). These checks name each refused item where a caller
// deserves more than the first: a batch names them from the database's refusal, which says the
// date (a query after it could meet a transaction the refusal aborted).

/** Locks the scorecard's values dated on or before `lockedUntil` (null unlocks). */
export async function lockPeriods(ctx: Ctx, { docId, lockedUntil }: { docId: number; lockedUntil: string | null }): Promise<Scorecard> {
  await requireAccess(ctx, docId, "write");
  await ctx.deps.db.update(scorecards).set({ lockedUntil, updatedAt: ctx.deps.now() }).where(eq(scorecards.id, docId));
  return getScorecard(ctx, { docId });
}

/** The date up to which the scorecard's values are locked, or null. */
async function lockedUntilOf(db: Db | Tx, docId: number): Promise<string | null> {
  const [row] = await db.select({ lockedUntil: scorecards.lockedUntil }).from(scorecards).where(eq(scorecards.id, docId));
  return row?.lockedUntil ?? null;
}

/** The date the database's refusal of a locked period (GL001) names as locked through, if `error` is one. */
export function lockedThrough(error: unknown): string | null {
  return /^Periods up to (\d{4}-\d{2}-\d{2}) are locked/.exec(lockedPeriodRefusal(error) ?? "")?.[1] ?? null;
}

/** The 409 naming each of the items dated on or before `until`. */
export function lockedItemsConflict(until: string, items: { date: string }[], path: (index: number) => string) {
  const locked: ErrorDetail[] = items.flatMap((item, i) =>
    item.date <= until ? [{ path: [path(i), "date"].filter(Boolean).join("."), message: `Locked: periods up to ${until} cannot change` }] : [],
  );
  return conflict(`${locked.length} item(s) fall in periods locked up to ${until}; nothing was written`, locked);
}

/** Refuses (409) deleting KPIs that hold values in locked periods: the values would go with them. */
export async function refuseLockedKpiDeletion(tx: Tx, docId: number, guids: string[]): Promise<void> {
  const until = await lockedUntilOf(tx, docId);
  if (until === null || guids.length === 0) return;
  const [held] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(kpiValues)
    .where(
      and(
        sql`${kpiValues.kpiGuid} IN (${sql.join(
          guids.map((g) => sql`${g}::uuid`),
          sql`, `,
        )})`,
        lte(kpiValues.date, until),
      ),
    );
  if (held!.n > 0)
    throw conflict(`It holds ${held!.n} value(s) in periods locked up to ${until}: unlock them first`, [{ path: "guid", message: "Holds locked values" }]);
}
