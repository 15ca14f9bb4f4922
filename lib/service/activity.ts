import "server-only";
import type { MiddlewareHandler } from "hono";
import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityEvent } from "@/lib/contract/activity";
import { operations, type OperationName } from "@/lib/contract/routes";
import { activityEvents } from "@/lib/db/schema";
import { namesInPath, runOutcome } from "./activity-names";
import type { AppEnv, Caller, Deps } from "./context";

type Kind = ActivityEvent["kind"];

/** The calls the activity log records, once they succeed: what kind of thing they touch and what they did. */
const LOGGED: Partial<Record<OperationName, [Kind, ActivityAction]>> = {
  logout: ["sign-in", "loggedOut"],
  changePassword: ["sign-in", "changedPassword"],
  createInvitation: ["people", "invitedPerson"],
  revokeInvitation: ["people", "withdrewInvitation"],
  updateUser: ["people", "changedPerson"],
  createApiKey: ["api-keys", "createdApiKey"],
  revokeApiKey: ["api-keys", "revokedApiKey"],
  updateSharing: ["sharing", "changedSharing"],
  createWebhook: ["webhooks", "createdWebhook"],
  updateWebhook: ["webhooks", "changedWebhook"],
  deleteWebhook: ["webhooks", "deletedWebhook"],
  createAlert: ["alerts", "createdAlert"],
  updateAlert: ["alerts", "changedAlert"],
  deleteAlert: ["alerts", "deletedAlert"],
  createDocument: ["scorecards", "createdScorecard"],
  importDocument: ["scorecards", "importedScorecard"],
  updateDocument: ["scorecards", "changedScorecard"],
  deleteDocument: ["scorecards", "deletedScorecard"],
  restoreDocument: ["scorecards", "restoredScorecard"],
  setMapLinks: ["scorecards", "changedMap"],
  createKpi: ["kpis", "addedKpi"],
  updateKpi: ["kpis", "changedKpi"],
  setKpi: ["kpis", "changedKpi"],
  deleteKpi: ["kpis", "deletedKpi"],
  balanceWeights: ["kpis", "balancedWeights"],
  createInitiative: ["kpis", "addedInitiative"],
  updateInitiative: ["kpis", "changedInitiative"],
  deleteInitiative: ["kpis", "deletedInitiative"],
  revertChange: ["values", "undidValues"],
  downloadDocument: ["exports", "exportedFile"],
  excelReport: ["exports", "exportedExcel"],
  boardPack: ["exports", "madeBoardPack"],
  updateNotificationSettings: ["settings", "changedNotifications"],
  lockPeriods: ["locks", "lockedPeriods"],
  createFeed: ["sharing", "createdFeed"],
  revokeFeed: ["sharing", "revokedFeed"],
  createConnector: ["connectors", "createdConnector"],
  updateConnector: ["connectors", "changedConnector"],
  deleteConnector: ["connectors", "deletedConnector"],
  runConnector: ["connectors", "ranConnector"],
  updateSso: ["settings", "changedSso"],
  deleteSso: ["settings", "deletedSso"],
  updateSecurity: ["settings", "changedSecurity"],
  createScimToken: ["people", "createdScimToken"],
  revokeScimToken: ["people", "revokedScimToken"],
  enableTwoFactor: ["sign-in", "twoFactorOn"],
  disableTwoFactor: ["sign-in", "twoFactorOff"],
  createResetLink: ["people", "issuedResetLink"],
};

/** Request fields worth keeping: names, roles, access, dates. Never secrets (passwords, webhook secrets, tokens). */
const KEPT_FIELDS = [
  "name",
  "role",
  "domains",
  "defaultRole",
  "enforce",
  "requireTwoFactor",
  "deactivated",
  "email",
  "account",
  "users",
  "sharedForPublic",
  "sharedForRegRW",
  "alias",
  "lockedUntil",
  "active",
  "condition",
  "reminderDays",
];

/** Who acted: a caller, or something acting for the account without a user (a SCIM token). */
type Actor = Pick<Caller, "accountId" | "tokenKind" | "keyName"> & { userId: number | null; email: string | null; via?: string };

/** A person acting for themself in the dashboard (signing in, resetting their password): the actor of their sign-in events. */
export const themselves = (user: { accountId: number; id: number; email: string }): Actor => ({
  accountId: user.accountId,
  userId: user.id,
  email: user.email,
  tokenKind: "session",
  via: "dashboard",
});

/** Writes one event; a failure to log never fails the call it logs (it is reported instead). */
export async function logActivity(deps: Deps, caller: Actor, kind: Kind, action: ActivityAction, scorecardId: number | null, details: Record<string, unknown>) {
  try {
    await deps.db.insert(activityEvents).values({
      accountId: caller.accountId,
      at: deps.now(),
      userId: caller.userId,
      email: caller.email,
      apiKeyName: caller.tokenKind === "api_key" ? (caller.keyName ?? null) : null,
      via: caller.via ?? "api",
      kind,
      action: ACTIVITY_ACTIONS[action],
      scorecardId,
      details,
    });
  } catch (error) {
    console.error("[activity] could not log", kind, action, error);
  }
}

const asNumber = (text: string | undefined) => (text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : null);

function recorder(operation: OperationName, kind: Kind, action: ActivityAction): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const params = c.req.param() as Record<string, string>;
    // What the path's IDs name, as they are before the call changes or deletes them.
    const named = await namesInPath(c.var.deps.db, c.var.caller.accountId, operation, params).catch(() => ({}));
    await next();
    if (c.res.status >= 300 || (c.req.query("dryRun") ?? "") === "true") return;
    const body = c.req.method === "GET" || c.req.method === "DELETE" ? null : await c.req.json().catch(() => null);
    const fields =
      body && typeof body === "object" && !Array.isArray(body) ? Object.fromEntries(Object.entries(body).filter(([k]) => KEPT_FIELDS.includes(k))) : {};
    // A new scorecard's number is in the answer.
    const made =
      kind === "scorecards" && params.docId === undefined
        ? (
            (await c.res
              .clone()
              .json()
              .catch(() => null)) as { id?: unknown } | null
          )?.id
        : undefined;
    const scorecardId = asNumber(params.docId) ?? (typeof made === "number" ? made : null);
    const outcome =
      operation === "runConnector"
        ? await c.res
            .clone()
            .json()
            .then((run) => runOutcome(c.var.deps.db, run))
            .catch(() => ({}))
        : {};
    await logActivity(c.var.deps, c.var.caller, kind, action, scorecardId, { ...params, ...fields, ...named, ...outcome });
  };
}

/** The logged operations as [method, Hono path, middleware], for the app to mount after authentication. */
export const activityRecorders = Object.entries(LOGGED).map(([name, [kind, action]]) => {
  const op = operations[name as OperationName];
  return { method: op.method.toUpperCase(), path: op.path.replace(/\{(\w+)\}/g, ":$1"), recorder: recorder(name as OperationName, kind, action) };
});
