import "server-only";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { ApiError, forbidden, unauthorized } from "./errors";
import { budgetHeaders, refundCall } from "./domain/call-limit";
import { spendPersonCall } from "./domain/person-rate";
import { authenticate } from "./domain/tokens";
import { DASHBOARD_PROOF_HEADER, isDashboardProof } from "@/lib/dashboard-proof";
import { oneOfOperations } from "./operation-match";
import { operations } from "@/lib/cli/operations.mjs";

/** What a session may still call while its account requires two-factor codes it has not set up. */
const settingUpTwoFactor = oneOfOperations(["accessInfo", "logout", "twoFactorStatus", "setUpTwoFactor", "enableTwoFactor", "changePassword"]);

/**
 * Authenticates the Token header and, when counted, spends one call of the hourly budget (given
 * back for a 304), or, for a person's call proven to come from the dashboard's server, one of
 * their per-person rate. Past the limit a call is refused (429) and not counted, except a conditional read
 * that is answered 304.
 */
export function requireToken({ counted }: { counted: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { deps } = c.var;
    const token = c.req.header("Token");
    if (!token) throw unauthorized("Missing Token header: log in with POST /rest/login and send the token in the Token header");
    // A person's call made by the dashboard's server is held to the per-person rate, not the pool.
    const person = isDashboardProof(deps.config.dashboardKey, token, c.req.header(DASHBOARD_PROOF_HEADER));
    const found = await authenticate(deps, token, counted && !person);
    if (!found) throw unauthorized("Invalid, revoked or expired token");
    if (person && counted) await spendPersonCall(deps, found.caller.userId);
    if (found.budget) (found.refused ? operations.callsRefused : operations.callsSpent).inc();
    if (found.twoFactorMissing && !settingUpTwoFactor(c.req.method, c.req.path)) {
      throw forbidden("This account requires two-factor codes: set yours up first (POST /rest/api/me/two-factor/setup)");
    }
    const client = c.req.header("X-Gauge-Client");
    c.set("caller", { ...found.caller, twoFactorMissing: found.twoFactorMissing, via: client === "dashboard" || client === "import" ? client : "api" });
    const { budget } = found;
    if (!budget) return next();

    const headers = budgetHeaders(budget, deps.now());
    if (found.refused) {
      // A conditional read costs nothing when it is answered 304, so at the limit it still may be.
      if (c.req.header("If-None-Match") !== undefined && (c.req.method === "GET" || c.req.method === "HEAD")) {
        await next();
        if (c.res.status === 304) {
          for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
          return;
        }
      }
      const retryAfter = Math.max(1, Math.ceil((budget.resetAt.getTime() - deps.now().getTime()) / 1000));
      throw new ApiError(
        429,
        "rate_limited",
        `Call limit of ${budget.limit} per hour reached; try again in ${retryAfter} s`,
        [],
        { ...headers, "Retry-After": String(retryAfter) },
      );
    }
    await next();
    // A 304 told the caller nothing new: it costs nothing.
    const spent = c.res.status === 304 ? await refundCall(deps, found.caller.accountId, budget, `token:${found.caller.tokenId}`) : budget;
    for (const [name, value] of Object.entries(spent === budget ? headers : budgetHeaders(spent, deps.now()))) c.res.headers.set(name, value);
  };
}
