import * as routes from "@/lib/contract/routes/sign-in";
import { confirmPasswordReset, createResetLink, requestPasswordReset } from "../sign-in/password-reset";
import { clearTwoFactorByAdmin } from "../sign-in/recovery";
import { createScimToken, listScimTokens, revokeScimToken } from "../domain/scim-tokens";
import { finishSso, startSso } from "../sign-in/sso-login";
import { deleteSsoSettings, ssoSettings, updateSsoSettings } from "../sign-in/sso-settings";
import { disableTwoFactor, enableTwoFactor, securitySettings, setUpTwoFactor, twoFactorStatus, updateSecuritySettings } from "../sign-in/two-factor";
import { requestSource } from "../public-origin";
import { countSsoStart } from "../sign-in/start-throttle";
import { proveByDns } from "../sign-in/domain-claims";
import { newRouter } from "../router";

export const signInRoutes = newRouter()
  .openapi(routes.getSso, async (c) => c.json(await ssoSettings(c.var), 200))
  .openapi(routes.updateSso, async (c) => c.json(await updateSsoSettings(c.var, c.req.valid("json")), 200))
  .openapi(routes.proveSsoDomain, async (c) => c.json(await proveByDns(c.var, c.req.valid("param").domain), 200))
  .openapi(routes.deleteSso, async (c) => {
    await deleteSsoSettings(c.var);
    return c.body(null, 204);
  })
  .openapi(routes.startSso, async (c) => {
    countSsoStart(c.var.deps, requestSource(c.var.deps, (name) => c.req.header(name)).address);
    return c.json(await startSso(c.var.deps, c.req.valid("json").email), 200);
  })
  .openapi(routes.finishSso, async (c) => {
    const { address } = requestSource(c.var.deps, (name) => c.req.header(name));
    const { email, token } = await finishSso(c.var.deps, c.req.valid("json").query, address);
    return c.json({ email, errorMessage: "", success: true, token }, 200);
  })
  .openapi(routes.twoFactorStatus, async (c) => c.json(await twoFactorStatus(c.var), 200))
  .openapi(routes.setUpTwoFactor, async (c) => c.json(await setUpTwoFactor(c.var), 200))
  .openapi(routes.enableTwoFactor, async (c) => c.json(await enableTwoFactor(c.var, c.req.valid("json")), 200))
  .openapi(routes.disableTwoFactor, async (c) => {
    await disableTwoFactor(c.var, c.req.valid("json"));
    return c.body(null, 204);
  })
  .openapi(routes.getSecurity, async (c) => c.json(await securitySettings(c.var), 200))
  .openapi(routes.updateSecurity, async (c) => c.json(await updateSecuritySettings(c.var, c.req.valid("json")), 200))
  .openapi(routes.listScimTokens, async (c) => c.json(await listScimTokens(c.var), 200))
  .openapi(routes.createScimToken, async (c) => c.json(await createScimToken(c.var, c.req.valid("json")), 201))
  .openapi(routes.revokeScimToken, async (c) => {
    await revokeScimToken(c.var, c.req.valid("param"));
    return c.body(null, 204);
  })
  .openapi(routes.requestPasswordReset, async (c) => c.json(await requestPasswordReset(c.var.deps, c.req.valid("json").email), 202))
  .openapi(routes.confirmPasswordReset, async (c) => {
    await confirmPasswordReset(c.var.deps, c.req.valid("json"));
    return c.body(null, 204);
  })
  .openapi(routes.createResetLink, async (c) => c.json(await createResetLink(c.var, c.req.valid("param")), 201))
  .openapi(routes.clearTwoFactor, async (c) => {
    await clearTwoFactorByAdmin(c.var, c.req.valid("param"));
    return c.body(null, 204);
  });
