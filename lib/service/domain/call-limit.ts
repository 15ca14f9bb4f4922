import "server-only";
import { eq, sql } from "drizzle-orm";
import { callCounters, callSpenders, users } from "@/lib/db/schema";
import { queryRows } from "@/lib/db/query";
import type { Deps } from "../context";
import { ApiError } from "../errors";
import { operations } from "@/lib/cli/operations.mjs";

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

/**
 * Counts one call of the account's window for a caller without a token (a connector's push URL),
 * in one atomic upsert as authenticate() does: the budget, or null when the window is full and the
 * call is refused (not counted).
 */
async function spendCall(deps: Deps, accountId: number, spender: string): Promise<{ budget: CallBudget; refused: boolean }> {
  const now = deps.now().toISOString();
  const expired = sql`c.window_start <= ${now}::timestamptz - make_interval(secs => ${WINDOW_SECONDS})`;
  const perUser = deps.config.rateLimitPerHour;
  const rows = await queryRows<{ counted: number; limit: number; windowStartMs: number; used: number }>(
    deps.db,
    sql`WITH limits AS (SELECT ${perUser}::int * GREATEST(1, (SELECT count(*) FROM ${users} u WHERE u.account_id = ${accountId} AND u.role <> 'viewer' AND u.deactivated_at IS NULL)::int) AS "limit"),
      counted AS (
        INSERT INTO ${callCounters} AS c (account_id, window_start, used) VALUES (${accountId}, ${now}::timestamptz, 1)
        ON CONFLICT (account_id) DO UPDATE SET
          window_start = CASE WHEN ${expired} THEN excluded.window_start ELSE c.window_start END,
          used = CASE WHEN ${expired} THEN 1 ELSE c.used + 1 END
        WHERE ${expired} OR c.used < (SELECT "limit" FROM limits)
        RETURNING window_start, used),
      spent AS (
        INSERT INTO ${callSpenders} AS s (account_id, spender, window_start, used)
        SELECT ${accountId}, ${spender}, counted.window_start, 1 FROM counted
        ON CONFLICT (account_id, spender) DO UPDATE SET
          used = CASE WHEN s.window_start = excluded.window_start THEN s.used + 1 ELSE 1 END,
          window_start = excluded.window_start)
      SELECT (SELECT count(*) FROM counted)::int AS counted, (SELECT "limit" FROM limits) AS "limit",
        (extract(epoch FROM COALESCE((SELECT window_start FROM counted), (SELECT window_start FROM ${callCounters} WHERE account_id = ${accountId}))) * 1000)::float8 AS "windowStartMs",
        COALESCE((SELECT used FROM counted), (SELECT used FROM ${callCounters} WHERE account_id = ${accountId})) AS used`,
  );
  const row = rows[0]!;
  return { budget: callBudget(row.limit, Math.min(row.used, row.limit), new Date(row.windowStartMs)), refused: row.counted === 0 };
}

/**
 * Spends one call of the account for a request that carries no token (a push, a spreadsheet
 * link), counted against `spender` ("push:<id>", "feed:<id>"): the budget headers to answer with,
 * or 429 with Retry-After at the limit.
 */
export async function spendOrRefuse(deps: Deps, accountId: number, spender: string): Promise<Record<string, string>> {
  const { budget, refused } = await spendCall(deps, accountId, spender);
  (refused ? operations.callsRefused : operations.callsSpent).inc();
  const headers = budgetHeaders(budget, deps.now());
  if (!refused) return headers;
  const retryAfter = Math.max(1, Math.ceil((budget.resetAt.getTime() - deps.now().getTime()) / 1000));
  throw new ApiError(429, "rate_limited", `Call limit of ${budget.limit} per hour reached; try again in ${retryAfter} s`, [], {
    ...headers,
    "Retry-After": String(retryAfter),
  });
}
