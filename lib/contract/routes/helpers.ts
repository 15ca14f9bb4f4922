import { z } from "zod";
import { ErrorBody } from "../common";
import type { Role } from "../people";

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

const errorDescriptions = {
  400: "Invalid request (details lists each field)",
  401: "Token missing, unknown, revoked or expired",
  403: "The caller's role, or its access to this scorecard, allows reading only",
  404: "No such resource for this account",
  409: "Conflict",
  413: "Body over 1 MiB or batch over 5000 items",
  415: "Body is not JSON",
  429: "Call limit reached (see Retry-After)",
} as const;

/** OpenAPI responses for the given error statuses; 401 and 429 apply to every Token route. */
export function errors<S extends keyof typeof errorDescriptions>(...statuses: S[]) {
  const all = [...new Set([...statuses, 401, 429] as (keyof typeof errorDescriptions)[])];
  return Object.fromEntries(all.map((s) => [s, json(ErrorBody, errorDescriptions[s])])) as Record<S | 401 | 429, ReturnType<typeof json<typeof ErrorBody>>>;
}

export const secured = [{ Token: [] as string[] }];
/** Operations that take no Token (login, first start, invitations, public links): declared as such. */
export const noToken: { [scheme: string]: string[] }[] = [];

/** Every tag the operations use, with what it holds: the document declares them all. */
export const TAGS = [
  { name: "Authentication", description: "Log in and out, the call budget, and API keys for scripts" },
  { name: "API keys", description: "Long-lived keys for scripts, each with a role no higher than its user's" },
  { name: "Scorecards and KPIs", description: "Find scorecard IDs and KPI GUIDs; read and edit KPIs and their tree" },
  { name: "Documents", description: "Scorecards as the vendor's documents: create, import, rename, delete and restore" },
  { name: "KPI value controller", description: "Write and read KPI values, one at a time or in batches of up to 5000" },
  { name: "Grouped values controller", description: "Values grouped by period: entered, calculated and inherited, with scores and statuses" },
  { name: "Alerts and webhooks", description: "Alerts on KPI values, and the signed webhooks and e-mails they send" },
  { name: "Notes and notifications", description: "Notes that explain a KPI's period, reminders and digests" },
  { name: "History", description: "Every change to KPI values: revisions with before and after, change sets, undo, and locked periods" },
  { name: "Activity log", description: "Who did what in the account: sign-ins, people, keys, sharing, webhooks, alerts, scorecards, exports (admins)" },
  { name: "Initiatives", description: "Projects meant to move a KPI" },
  { name: "Strategy maps", description: "Objectives as a map, with cause-and-effect links" },
  { name: "Reports", description: "The board pack and the Excel report of a scorecard" },
  { name: "Sharing", description: "Who may read and write a scorecard, and its public link" },
  { name: "People", description: "An account's people and roles, invitations and passwords (admins)" },
  { name: "Organization", description: "The account's folder of scorecards, as the vendor's organization" },
  { name: "Sign-in", description: "Single sign-on (OpenID Connect), SCIM provisioning tokens, two-factor codes and password resets" },
  { name: "First start", description: "Creating an installation's first admin" },
  { name: "Public scorecards", description: "Published scorecards, read without a Token and not counted" },
  { name: "Connectors", description: "Values that arrive by themselves: SQL databases, JSON and CSV URLs on a schedule, and push URLs" },
  { name: "Spreadsheet links", description: "A scorecard's figures as CSV at an unguessable address, for Google Sheets and Excel" },
];

/**
 * An operation's description: its own, or one that says who may call it and what it costs, the
 * two things every client of an operation needs before its first call.
 */
export function operationDescription(route: {
  method: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  "x-gauge-role"?: string;
  "x-gauge-scope"?: OperationScope;
  "x-gauge-counted"?: boolean;
}): string {
  if (route.description) return route.description;
  const cost =
    route["x-gauge-counted"] === false ? "Not counted against the call limit, and never refused by it." : "Counts as one call against the hourly limit.";
  const who = !route.security?.length
    ? "No Token needed, and not counted against the call limit."
    : route["x-gauge-role"]
      ? `Needs the ${route["x-gauge-role"]} role or higher (an API key's own role counts when lower). ${cost}`
      : `Open to every role, within the caller's access to the scorecard. ${cost}`;
  const scope = { read: "", write: " An API key needs the write scope.", session: " A person's session only, never an API key." }[scopeOf(route)];
  return `${route.summary ?? ""}. ${who}${route.security?.length ? scope : ""}`.replace(/^\. /, "");
}

/**
 * The least role that may call an operation (`x-gauge-role` in the OpenAPI document); routes
 * without it are open to every role. The service enforces it before the handler runs.
 */
export const needs = (role: Role) => ({ "x-gauge-role": role }) as const;

/**
 * What an API key's scope must be to call an operation (`x-gauge-scope` in the OpenAPI
 * document): `read` for one that writes nothing (every GET, and the POSTs marked so), `write`
 * otherwise, and `session` for account security, which a person's session alone may manage.
 */
export type OperationScope = "read" | "write" | "session";
export const readsOnly = { "x-gauge-scope": "read" } as const;
/** Neither counted nor refused at the call limit (`x-gauge-counted: false`): reading the budget, and revoking credentials. */
export const notCounted = { "x-gauge-counted": false } as const;
export const personOnly = { "x-gauge-scope": "session" } as const;
export const scopeOf = (route: { method: string; "x-gauge-scope"?: OperationScope }): OperationScope =>
  route["x-gauge-scope"] ?? (route.method === "get" || route.method === "head" ? "read" : "write");

/** The header that makes a retried write safe (the service's idempotency middleware reads it). */
export const idempotencyHeader = z.object({
  "Idempotency-Key": z.string().optional().meta({ description: "Makes a retried write safe: a repeat within 24 h returns the first response" }),
});

const NOT_MODIFIED = {
  description:
    "Not modified: the request's If-None-Match names the answer's ETag. No body, and not counted against the call limit; access is checked first (a caller who may not read the answer gets its 404).",
  headers: { ETag: { description: "The answer's entity tag", schema: { type: "string" as const } } },
};

/** A read's responses with the conditional answer every GET gives (304), beside its own. */
export function withNotModified<R extends { method: string; responses: Record<string | number, unknown> }>(route: R): R {
  return route.method === "get" ? { ...route, responses: { ...route.responses, 304: NOT_MODIFIED } } : route;
}
