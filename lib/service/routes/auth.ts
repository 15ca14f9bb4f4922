import * as routes from "@/lib/contract/routes/auth";
import { ApiError } from "../errors";
import { accountLimit, readBudget } from "../domain/call-limit";
import { callSpending } from "../domain/call-spending";
import { login } from "../sign-in/login";
import { requestSource } from "../public-origin";
import { accessTo, accessVersion } from "../domain/scorecards";
import { createApiKey, listApiKeys, revokeApiKey, revokeOwnToken } from "../domain/tokens";
import { preferencesOf } from "../domain/preferences";
import { newRouter } from "../router";

export const authRoutes = newRouter()
  .openapi(routes.login, async (c) => {
    const { email, contraseña, otp } = c.req.valid("json");
    const { address } = requestSource(c.var.deps, (name) => c.req.header(name));
    const outcome = await login(c.var.deps, email, contraseña, c.req.header("X-Gauge-Client") === "dashboard" ? "dashboard" : "api", otp, address);
    if (outcome.kind === "ok") return c.json({ email, errorMessage: "", success: true, token: outcome.token }, 200);
    if (outcome.kind === "invalid") throw new ApiError(401, "unauthorized", "Invalid e-mail or password");
    if (outcome.kind === "otp_required")
      throw new ApiError(401, "unauthorized", "A two-factor code is needed: send it as otp (scripts should use an API key)", [
        { path: "otp", message: "Required" },
      ]);
    if (outcome.kind === "otp_invalid")
      throw new ApiError(401, "unauthorized", "That two-factor code is wrong or was already used", [{ path: "otp", message: "Wrong code" }]);
    if (outcome.kind === "sso_required") throw new ApiError(403, "forbidden", "This e-mail signs in with single sign-on (scripts: use an API key)");
    throw new ApiError(429, "rate_limited", "Too many failed logins for this e-mail; try again later", [], {
      "Retry-After": String(outcome.retryAfterSeconds),
    });
  })
  .openapi(routes.logout, async (c) => {
    await revokeOwnToken(c.var);
    return c.body(null, 204);
  })
  .openapi(routes.accessInfo, async (c) => {
    const { deps, caller } = c.var;
    const { docId } = c.req.valid("query");
    const [budget, scorecard, version, { language }] = await Promise.all([
      readBudget(deps, caller.accountId, accountLimit(deps, caller.countedUsers)),
      docId === undefined ? {} : accessTo(c.var, docId).then((scorecardAccess) => ({ scorecardAccess })),
      accessVersion(c.var),
      preferencesOf(c.var),
    ]);
    return c.json(
      {
        allowedCount: budget.limit,
        usedCount: budget.used,
        resetAt: budget.resetAt.toISOString(),
        email: caller.email,
        error: null,
        userId: caller.userId,
        accountId: caller.accountId,
        role: caller.role,
        scope: caller.scope ?? null,
        limitPerUser: deps.config.rateLimitPerHour,
        countedUsers: caller.countedUsers,
        ...scorecard,
        accessVersion: version,
        language,
        ...(caller.twoFactorMissing ? { twoFactorSetupNeeded: true } : {}),
      },
      200,
    );
  })
  .openapi(routes.callSpending, async (c) => c.json(await callSpending(c.var), 200))
  .openapi(routes.listApiKeys, async (c) => c.json({ items: await listApiKeys(c.var) }, 200))
  .openapi(routes.createApiKey, async (c) => c.json(await createApiKey(c.var, c.req.valid("json")), 201))
  .openapi(routes.revokeApiKey, async (c) => {
    await revokeApiKey(c.var, c.req.valid("param"));
    return c.body(null, 204);
  });
