import * as routes from "@/lib/contract/routes/people";
import { singleSignOnOffered } from "../sign-in/sso-settings";
import {
  acceptInvitation,
  changePassword,
  createInvitation,
  invitationDetails,
  listInvitations,
  listUsers,
  revokeInvitation,
  updateUser,
} from "../domain/people";
import { preferencesOf, updatePreferences } from "../domain/preferences";
import { newRouter } from "../router";
import { conflict } from "../errors";
import { createFirstAdmin, setupNeeded } from "../domain/accounts";
import { issueSessionToken } from "../domain/tokens";

export const peopleRoutes = newRouter()
  .openapi(routes.listUsers, async (c) => c.json({ items: await listUsers(c.var) }, 200))
  .openapi(routes.updateUser, async (c) => c.json(await updateUser(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200))
  .openapi(routes.listInvitations, async (c) => c.json({ items: await listInvitations(c.var) }, 200))
  .openapi(routes.createInvitation, async (c) => c.json(await createInvitation(c.var, c.req.valid("json")), 201))
  .openapi(routes.revokeInvitation, async (c) => {
    await revokeInvitation(c.var, c.req.valid("param"));
    return c.body(null, 204);
  })
  .openapi(routes.lookupInvitation, async (c) => c.json(await invitationDetails(c.var.deps, c.req.valid("json").token), 200))
  .openapi(routes.acceptInvitation, async (c) => {
    const { email, token } = await acceptInvitation(c.var.deps, c.req.valid("json"));
    return c.json({ email, errorMessage: "", success: true, token }, 200);
  })
  .openapi(routes.setupStatus, async (c) => c.json({ needed: await setupNeeded(c.var.deps.db), singleSignOn: await singleSignOnOffered(c.var.deps.db) }, 200))
  .openapi(routes.setup, async (c) => {
    const { deps } = c.var;
    const { email, password } = c.req.valid("json");
    const created = await createFirstAdmin(deps.db, email, password, deps.config.passwordCost);
    if (!created) throw conflict("Gauge is already set up: log in, or ask an admin for an invitation");
    const token = await issueSessionToken(deps, { id: created.userId, accountId: created.accountId });
    return c.json({ email, errorMessage: "", success: true, token }, 200);
  })
  .openapi(routes.getPreferences, async (c) => c.json(await preferencesOf(c.var), 200))
  .openapi(routes.updatePreferences, async (c) => c.json(await updatePreferences(c.var, c.req.valid("json")), 200))
  .openapi(routes.changePassword, async (c) => {
    await changePassword(c.var, c.req.valid("json"));
    return c.body(null, 204);
  });
