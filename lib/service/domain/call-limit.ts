import "server-only";
import { eq, sql } from "drizzle-orm";
import { callCounters } from "@/lib/db/schema";
import type { Deps } from "../context";

export const WINDOW_SECONDS = 3600;

export interface CallBudget {
  limit: number;
  used: number;
  remaining: number;
  resetAt: Date;
}

function budget(limit: number, used: number, windowStart: Date): CallBudget {
  return {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    resetAt: new Date(windowStart.getTime() + WINDOW_SECONDS * 1000),
  };
}

/** The per-user limit times the account's active admins and experts (viewers add nothing). */
export const accountLimit = (deps: Deps, countedUsers: number) => deps.config.rateLimitPerHour * Math.max(1, countedUsers);

/**
 * Counts one call in the account's fixed hourly window with a single atomic upsert, so that
 * any number of processes sharing the database together allow exactly `limit` calls.
 */
export async function countCall(deps: Deps, accountId: number, limit: number): Promise<CallBudget> {
  const now = deps.now().toISOString();
  const expired = sql`${callCounters.windowStart} <= ${now}::timestamptz - make_interval(secs => ${WINDOW_SECONDS})`;
  const [row] = await deps.db
    .insert(callCounters)
    .values({ accountId, windowStart: sql`${now}::timestamptz`, used: 1 })
    .onConflictDoUpdate({
      target: callCounters.accountId,
      set: {
        windowStart: sql`CASE WHEN ${expired} THEN excluded.window_start ELSE ${callCounters.windowStart} END`,
        used: sql`CASE WHEN ${expired} THEN 1 ELSE ${callCounters.used} + 1 END`,
      },
    })
    .returning({ windowStart: callCounters.windowStart, used: callCounters.used });
  return budget(limit, row!.used, row!.windowStart);
}

/** The budget without counting a call (for access/info). */
export async function readBudget(deps: Deps, accountId: number, limit: number): Promise<CallBudget> {
  const now = deps.now();
  const [row] = await deps.db.select().from(callCounters).where(eq(callCounters.accountId, accountId));
  const active = row && now.getTime() - row.windowStart.getTime() < WINDOW_SECONDS * 1000;
  return active ? budget(limit, row.used, row.windowStart) : budget(limit, 0, now);
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
