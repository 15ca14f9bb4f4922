import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { callCounters } from "@/lib/db/schema";
import type { Deps } from "../context";

export const WINDOW_SECONDS = 3600;

export interface CallBudget {
  limit: number;
  used: number;
  remaining: number;
  resetAt: Date;
}

export function callBudget(limit: number, used: number, windowStart: Date): CallBudget {
  return {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    resetAt: new Date(windowStart.getTime() + WINDOW_SECONDS * 1000),
  };
}

/** The per-user limit times the account's active admins and experts (viewers add nothing). */
export const accountLimit = (deps: Deps, countedUsers: number) => deps.config.rateLimitPerHour * Math.max(1, countedUsers);

/** The budget without counting a call (for access/info). */
export async function readBudget(deps: Deps, accountId: number, limit: number): Promise<CallBudget> {
  const now = deps.now();
  const [row] = await deps.db.select().from(callCounters).where(eq(callCounters.accountId, accountId));
  const active = row && now.getTime() - row.windowStart.getTime() < WINDOW_SECONDS * 1000;
  return active ? callBudget(limit, row.used, row.windowStart) : callBudget(limit, 0, now);
}

/**
 * Gives back one counted call of the window it was counted in (an answer that cost the caller
 * nothing: 304 Not Modified). One atomic statement, so concurrent refunds and counts stay exact;
 * a window that has ended since is left alone.
 */
export async function refundCall(deps: Deps, accountId: number, budget: CallBudget): Promise<CallBudget> {
  const windowStart = new Date(budget.resetAt.getTime() - WINDOW_SECONDS * 1000);
  await deps.db
    .update(callCounters)
    .set({ used: sql`${callCounters.used} - 1` })
    .where(and(eq(callCounters.accountId, accountId), eq(callCounters.windowStart, windowStart), gt(callCounters.used, 0)));
  return callBudget(budget.limit, Math.max(0, budget.used - 1), windowStart);
}

export function budgetHeaders(b: CallBudget, now: Date): Record<string, string> {
  const resetSeconds = Math.max(0, Math.ceil((b.resetAt.getTime() - now.getTime()) / 1000));
  return {
    "RateLimit-Policy": `"hourly";q=${b.limit};w=${WINDOW_SECONDS}`,
    RateLimit: `"hourly";r=${b.remaining};t=${resetSeconds}`,
    "X-RateLimit-Limit": String(b.limit),
    "X-RateLimit-Remaining": String(b.remaining),
    "X-RateLimit-Reset": String(Math.ceil(b.resetAt.getTime() / 1000)),
  };
}
