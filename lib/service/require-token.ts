import "server-only";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { forbidden, unauthorized } from "./errors";
import { budgetHeaders } from "./domain/call-limit";
import { callLimitReached, isConditionalRead, spendForConditionalRead } from "./conditional-spend";
import { spendPersonCall } from "./domain/person-rate";
import { authenticate } from "./domain/tokens";
import { DASHBOARD_PROOF_HEADER, isDashboardProof } from "@/lib/dashboard-proof";
import { oneOfOperations } from "./operation-match";
import { operations } from "@/lib/cli/operations.mjs";

/** What a session may still call while its account requires two-factor codes it has not set up. */
const settingUpTwoFactor = oneOfOperations(["accessInfo", "logout", "twoFactorStatus", "setUpTwoFactor", "enableTwoFactor", "changePassword"]);

/**
 * Authenticates the Token header and, when counted, spends one call of the hourly budget (a
 * conditional read only when it is not answered 304), or, for a person's call proven to come from
 * the dashboard's server, one of their per-person rate. Past the limit a call is refused (429)
 * and not counted; a conditional read still gets its 304.
 */
export function requireToken({ counted }: { counted: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { deps } = c.var;
    const token = c.req.header("Token");
    if (!token) throw unauthorized("Missing Token header: log in with POST /rest/login and send the token in the Token header");
    // A person's call made by the dashboard's server is held to the per-person rate, not the pool.
    const person = isDashboardProof(deps.config.dashboardKey, token, c.req.header(DASHBOARD_PROOF_HEADER));
    const conditional = counted && !person && isConditionalRead(c);
    const found = await authenticate(deps, token, counted && !person && !conditional);
    if (!found) throw unauthorized("Invalid, revoked or expired token");
    if (person && counted) await spendPersonCall(deps, found.caller.userId);
    if (found.budget) (found.refused ? operations.callsRefused : operations.callsSpent).inc();
    if (found.twoFactorMissing && !settingUpTwoFactor(c.req.method, c.req.path)) {
      throw forbidden("This account requires two-factor codes: set yours up first (POST /rest/api/me/two-factor/setup)");
    }
    const client = c.req.header("X-Gauge-Client");
    c.set("caller", { ...found.caller, twoFactorMissing: found.twoFactorMissing, via: client === "dashboard" || client === "import" ? client : "api" });
    if (conditional) return spendForConditionalRead(c, found.caller, next);
    const { budget } = found;
    if (!budget) return next();
    if (found.refused) throw callLimitReached(deps, budget);
    await next();
    for (const [name, value] of Object.entries(budgetHeaders(budget, deps.now()))) c.res.headers.set(name, value);
  };
}
