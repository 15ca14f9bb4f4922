import { z } from "zod";
import { IsoDate } from "./common";
import { MAX_ROW_ID } from "./constants";

export const ACTIVITY_KINDS = [
  "sign-in",
  "people",
  "api-keys",
  "sharing",
  "webhooks",
  "alerts",
  "scorecards",
  "kpis",
  "values",
  "exports",
  "settings",
  "locks",
  "connectors",
] as const;

/** Every action the log records, by a stable key; an event's `action` is its English sentence. */
export const ACTIVITY_ACTIONS = {
  loggedIn: "logged in",
  loggedOut: "logged out",
  loginWrongPassword: "failed to log in (wrong password)",
  loginWrongCode: "failed to log in (wrong two-factor code)",
  loginDeactivated: "failed to log in (deactivated)",
  loginSsoRequired: "failed to log in (single sign-on required)",
  ssoLoggedIn: "logged in with single sign-on",
  ssoFirstLogin: "signed in with single sign-on for the first time (user created)",
  ssoFailed: "failed to sign in with single sign-on",
  provedDomain: "proved an e-mail domain is the account's (single sign-on)",
  changedPassword: "changed their password",
  resetAsked: "asked for a password reset link",
  resetDone: "reset their password with a link",
  twoFactorOn: "turned two-factor codes on",
  twoFactorOff: "turned two-factor codes off",
  invitedPerson: "invited a person",
  withdrewInvitation: "withdrew an invitation",
  changedPerson: "changed a person's role or status",
  issuedResetLink: "issued a password reset link",
  scimProvisioned: "provisioned a user (SCIM)",
  scimChanged: "changed a user (SCIM)",
  passwordSetByOperator: "set a person's password from the server's command line, ending their sessions",
  twoFactorClearedByOperator: "turned a person's two-factor codes off from the server's command line, ending their sessions",
  twoFactorClearedByAdmin: "turned a person's two-factor codes off, ending their sessions",
  scimEmailChanged: "changed a user's e-mail, ending their sessions (SCIM)",
  scimDeactivated: "deactivated a user (SCIM)",
  scimDeleted: "deleted a user (SCIM)",
  createdScimToken: "created a SCIM provisioning token",
  revokedScimToken: "revoked a SCIM provisioning token",
  createdApiKey: "created an API key",
  revokedApiKey: "revoked an API key",
  changedSharing: "changed a scorecard's sharing",
  createdFeed: "created a spreadsheet link",
  revokedFeed: "revoked a spreadsheet link",
  createdWebhook: "created a webhook",
  changedWebhook: "changed a webhook",
  deletedWebhook: "deleted a webhook",
  createdAlert: "created an alert",
  changedAlert: "changed an alert",
  deletedAlert: "deleted an alert",
  createdScorecard: "created a scorecard",
  importedScorecard: "imported a scorecard",
  changedScorecard: "changed a scorecard's settings",
  deletedScorecard: "deleted a scorecard",
  restoredScorecard: "restored a scorecard",
  changedMap: "changed a strategy map",
  addedKpi: "added a KPI",
  changedKpi: "changed a KPI",
  deletedKpi: "deleted a KPI",
  balancedWeights: "balanced the KPIs' weights",
  addedInitiative: "added an initiative",
  changedInitiative: "changed an initiative",
  deletedInitiative: "deleted an initiative",
  undidValues: "undid a change to values",
  lockedPeriods: "locked or unlocked periods",
  exportedFile: "exported a scorecard file",
  exportedExcel: "exported an Excel report",
  madeBoardPack: "made a board pack",
  changedNotifications: "changed the notification settings",
  changedSso: "changed single sign-on",
  deletedSso: "turned single sign-on off",
  changedSecurity: "changed the sign-in rules",
  createdConnector: "created a connector",
  changedConnector: "changed a connector",
  deletedConnector: "deleted a connector",
  ranConnector: "ran a connector",
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

const eventExample = {
  id: 120,
  at: "2026-11-03T08:30:00.000Z",
  userId: 1,
  email: "boss@example.com",
  apiKey: null,
  via: "dashboard",
  kind: "people",
  action: "changed a person's role or status",
  scorecardId: null,
  details: { id: 7, role: "viewer" },
};
export const ActivityEvent = z
  .object({
    id: z.number().int(),
    at: z.string(),
    userId: z.number().int().nullable(),
    email: z.string().nullable().meta({ description: "Who, as they were then (null for a failed sign-in of an unknown address is never recorded)" }),
    apiKey: z.string().nullable().meta({ description: "The API key's name when a key made the call" }),
    via: z.string().meta({ description: "api, dashboard or import (the client's own label)" }),
    kind: z.enum(ACTIVITY_KINDS),
    action: z.string().meta({ description: "What they did, in English: from a fixed list of sentences (the contract README, Activity log)" }),
    scorecardId: z.number().int().nullable(),
    details: z.record(z.string(), z.unknown()).meta({ description: "What it acted on: path parameters and the request's non-secret fields" }),
  })
  .meta({ id: "ActivityEvent", example: eventExample });
export type ActivityEvent = z.infer<typeof ActivityEvent>;

export const ActivityQuery = z.object({
  person: z.coerce.number().int().positive().max(MAX_ROW_ID).optional().meta({ description: "A user's ID" }),
  scorecard: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
  kind: z.enum(ACTIVITY_KINDS).optional(),
  from: IsoDate.optional().meta({ description: "From this day (UTC), inclusive" }),
  to: IsoDate.optional().meta({ description: "To this day (UTC), inclusive" }),
  limit: z.coerce.number().int().min(1, "At least 1").max(1000, "At most 1000").default(100),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().meta({ description: "The page after the previous one: its `next`" }),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityPage = z
  .object({ items: z.array(ActivityEvent), next: z.number().int().nullable().meta({ description: "Pass as `before` for the next page; null on the last" }) })
  .meta({ id: "ActivityPage", description: "Newest first", example: { items: [eventExample], next: null } });
export type ActivityPage = z.infer<typeof ActivityPage>;
