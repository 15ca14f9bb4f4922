import "server-only";
import type { MiddlewareHandler } from "hono";
import type { ActivityEvent } from "@/lib/contract/activity";
import { operations, type OperationName } from "@/lib/contract/routes";
import { activityEvents } from "@/lib/db/schema";
import type { AppEnv, Caller, Deps } from "./context";

type Kind = ActivityEvent["kind"];

/** The calls the activity log records, once they succeed: what kind of thing they touch and what they did. */
const LOGGED: Partial<Record<OperationName, [Kind, string]>> = {
  logout: ["sign-in", "logged out"],
  changePassword: ["sign-in", "changed their password"],
  createInvitation: ["people", "invited a person"],
  revokeInvitation: ["people", "withdrew an invitation"],
  updateUser: ["people", "changed a person's role or status"],
  createApiKey: ["api-keys", "created an API key"],
  revokeApiKey: ["api-keys", "revoked an API key"],
  updateSharing: ["sharing", "changed a scorecard's sharing"],
  createWebhook: ["webhooks", "created a webhook"],
  updateWebhook: ["webhooks", "changed a webhook"],
  deleteWebhook: ["webhooks", "deleted a webhook"],
  createAlert: ["alerts", "created an alert"],
  updateAlert: ["alerts", "changed an alert"],
  deleteAlert: ["alerts", "deleted an alert"],
  createDocument: ["scorecards", "created a scorecard"],
  importDocument: ["scorecards", "imported a scorecard"],
  updateDocument: ["scorecards", "changed a scorecard's settings"],
  deleteDocument: ["scorecards", "deleted a scorecard"],
  restoreDocument: ["scorecards", "restored a scorecard"],
  setMapLinks: ["scorecards", "changed a strategy map"],
  createKpi: ["kpis", "added a KPI"],
  updateKpi: ["kpis", "changed a KPI"],
  setKpi: ["kpis", "changed a KPI"],
  deleteKpi: ["kpis", "deleted a KPI"],
  balanceWeights: ["kpis", "balanced the KPIs' weights"],
  createInitiative: ["kpis", "added an initiative"],
  updateInitiative: ["kpis", "changed an initiative"],
  deleteInitiative: ["kpis", "deleted an initiative"],
  revertChange: ["values", "undid a change to values"],
  downloadDocument: ["exports", "exported a scorecard file"],
  excelReport: ["exports", "exported an Excel report"],
  boardPack: ["exports", "made a board pack"],
  updateNotificationSettings: ["settings", "changed the notification settings"],
  lockPeriods: ["locks", "locked or unlocked periods"],
  createFeed: ["sharing", "created a spreadsheet link"],
  revokeFeed: ["sharing", "revoked a spreadsheet link"],
  createConnector: ["connectors", "created a connector"],
  updateConnector: ["connectors", "changed a connector"],
  deleteConnector: ["connectors", "deleted a connector"],
  runConnector: ["connectors", "ran a connector"],
  updateSso: ["settings", "changed single sign-on"],
  deleteSso: ["settings", "turned single sign-on off"],
  updateSecurity: ["settings", "changed the sign-in rules"],
  createScimToken: ["people", "created a SCIM provisioning token"],
  revokeScimToken: ["people", "revoked a SCIM provisioning token"],
  enableTwoFactor: ["sign-in", "turned two-factor codes on"],
  disableTwoFactor: ["sign-in", "turned two-factor codes off"],
  createResetLink: ["people", "issued a password reset link"],
};

/** Request fields worth keeping: names, roles, access, dates. Never secrets (passwords, webhook secrets, tokens). */
const KEPT_FIELDS = ["name", "role", "domains", "defaultRole", "enforce", "requireTwoFactor", "deactivated", "email", "account", "users", "sharedForPublic", "sharedForRegRW", "alias", "lockedUntil", "active", "condition", "reminderDays"];

/** Who acted: a caller, or something acting for the account without a user (a SCIM token). */
type Actor = Pick<Caller, "accountId" | "tokenKind" | "keyName"> & { userId: number | null; email: string | null; via?: string };

/** Writes one event; a failure to log never fails the call it logs (it is reported instead). */
export async function logActivity(deps: Deps, caller: Actor, kind: Kind, action: string, scorecardId: number | null, details: Record<string, unknown>) {
  try {
    await deps.db.insert(activityEvents).values({
      accountId: caller.accountId,
      at: deps.now(),
      userId: caller.userId,
      email: caller.email,
      apiKeyName: caller.tokenKind === "api_key" ? (caller.keyName ?? null) : null,
      via: caller.via ?? "api",
      kind,
      action,
      scorecardId,
      details,
    });
  } catch (error) {
    console.error("[activity] could not log", kind, action, error);
  }
}

const asNumber = (text: string | undefined) => (text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : null);

function recorder(kind: Kind, action: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status >= 300 || (c.req.query("dryRun") ?? "") === "true") return;
    const params = c.req.param() as Record<string, string>;
    const body = c.req.method === "GET" || c.req.method === "DELETE" ? null : await c.req.json().catch(() => null);
    const fields = body && typeof body === "object" && !Array.isArray(body) ? Object.fromEntries(Object.entries(body).filter(([k]) => KEPT_FIELDS.includes(k))) : {};
    // A new scorecard's number is in the answer.
    const made = kind === "scorecards" && params.docId === undefined ? ((await c.res.clone().json().catch(() => null)) as { id?: unknown } | null)?.id : undefined;
    const scorecardId = asNumber(params.docId) ?? (typeof made === "number" ? made : null);
    await logActivity(c.var.deps, c.var.caller, kind, action, scorecardId, { ...params, ...fields });
  };
}

/** The logged operations as [method, Hono path, middleware], for the app to mount after authentication. */
export const activityRecorders = Object.entries(LOGGED).map(([name, [kind, action]]) => {
  const op = operations[name as OperationName];
  return { method: op.method.toUpperCase(), path: op.path.replace(/\{(\w+)\}/g, ":$1"), recorder: recorder(kind, action) };
});
