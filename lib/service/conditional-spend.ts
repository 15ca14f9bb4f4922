import "server-only";
import type { Context } from "hono";
import type { AppEnv, Caller, Deps } from "./context";
import { accountLimit, budgetHeaders, readBudget, spendOrRefuse, type CallBudget } from "./domain/call-limit";
import { ApiError } from "./errors";

/** A read the caller already holds an answer to (If-None-Match): it costs a call only when the answer changed. */
export const isConditionalRead = (c: Context<AppEnv>) => (c.req.method === "GET" || c.req.method === "HEAD") && c.req.header("If-None-Match") !== undefined;

/** 429 with Retry-After, from the window's budget. */
export function callLimitReached(deps: Deps, budget: CallBudget): ApiError {
  const retryAfter = Math.max(1, Math.ceil((budget.resetAt.getTime() - deps.now().getTime()) / 1000));
  return new ApiError(429, "rate_limited", `Call limit of ${budget.limit} per hour reached; try again in ${retryAfter} s`, [], {
    ...budgetHeaders(budget, deps.now()),
    "Retry-After": String(retryAfter),
  });
}

/**
 * Runs a conditional read and spends its call only if the answer is not 304: a 304 is decided
 * before anything is spent, so conditional reads never hold calls that plain ones need, and at the
 * limit an unchanged answer still gets its 304 (the contract's "Conditional reads"). An answer
 * that changed spends one call then, and is refused (429) when the window is full.
 */
export async function spendForConditionalRead(c: Context<AppEnv>, caller: Caller, next: () => Promise<void>): Promise<void> {
  const { deps } = c.var;
  const held = await readBudget(deps, caller.accountId, accountLimit(deps, caller.countedUsers));
  await next();
  const headers = c.res.status === 304 ? budgetHeaders(held, deps.now()) : await spendOrRefuse(deps, caller.accountId, `token:${caller.tokenId}`);
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
}
