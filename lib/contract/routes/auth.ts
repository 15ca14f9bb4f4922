import { createRoute, z } from "@hono/zod-openapi";
import { AccessInfo, ApiKeyList, CallSpending, CreateApiKeyRequest, CreatedApiKey, LoginRequest, LoginResponse } from "../auth";
import { DocId } from "../common";
import { errors, json, jsonBody, notCounted, noToken, personOnly, readsOnly, secured } from "./helpers";

const tags = ["Authentication"];

export const login = createRoute({
  operationId: "login",
  method: "post",
  path: "/login",
  tags,
  summary: "Log in and obtain a token",
  security: noToken,
  description:
    "Send the account's e-mail and password (the field is named exactly `contraseña`). Every answer has the four fields " +
    "`email`, `errorMessage`, `success` and `token`. After 10 failed logins for one e-mail within 15 minutes, logins for it get 429. " +
    "A user with two-factor codes sends the current one as `otp` (a missing or wrong code counts as a failed login).",
  request: { body: jsonBody(LoginRequest) },
  responses: {
    200: json(LoginResponse, "Logged in; `token` goes in the Token header of every other call"),
    400: json(LoginResponse, "Malformed body"),
    401: json(LoginResponse, "Invalid e-mail or password, or a two-factor code needed (`otp`) or wrong"),
    403: json(LoginResponse, "This e-mail signs in with single sign-on, which its account enforces"),
    429: json(LoginResponse, "Too many failed logins for this e-mail (see Retry-After)"),
  },
});

export const logout = createRoute({
  operationId: "logout",
  ...notCounted,
  // Any key may end itself, a read key too: revoking is always possible.
  ...readsOnly,
  method: "post",
  path: "/logout",
  tags,
  summary: "Revoke the token sent in the Token header (not counted, never refused by the call limit)",
  security: secured,
  responses: { 204: { description: "Revoked" }, ...errors() },
});

export const accessInfo = createRoute({
  operationId: "accessInfo",
  ...notCounted,
  method: "get",
  path: "/api/access/info",
  tags,
  summary: "The account's call budget and the caller's role (this call is not counted)",
  description:
    "With `docId`, also says what the caller may do with that scorecard (`scorecardAccess`), so a client can check access before serving a cached read.",
  security: secured,
  request: { query: z.object({ docId: DocId.optional() }) },
  responses: { 200: json(AccessInfo, "Calls allowed and used in the current hourly window"), ...errors() },
});

export const callSpending = createRoute({
  operationId: "callSpending",
  ...notCounted,
  method: "get",
  path: "/api/access/spending",
  tags,
  summary: "What spent the account's pooled calls this hour, and when the pool resets (this call is not counted)",
  description:
    "The pool is spent by programs: API keys, tokens from POST /rest/login, push URLs, spreadsheet links and OData. A person using the dashboard never spends it.",
  security: secured,
  responses: { 200: json(CallSpending, "The current hourly window and its spenders"), ...errors() },
});

const keyTags = ["API keys"];

export const listApiKeys = createRoute({
  operationId: "listApiKeys",
  ...personOnly,
  method: "get",
  path: "/api/api-keys",
  tags: keyTags,
  summary: "List the account's API keys",
  security: secured,
  responses: { 200: json(ApiKeyList, "Active API keys, newest first"), ...errors() },
});

export const createApiKey = createRoute({
  operationId: "createApiKey",
  ...personOnly,
  method: "post",
  path: "/api/api-keys",
  tags: keyTags,
  summary: "Create an API key (the key is shown only in this response)",
  security: secured,
  request: { body: jsonBody(CreateApiKeyRequest) },
  responses: { 201: json(CreatedApiKey, "Created; store `key` now, it is never shown again"), ...errors(400, 415) },
});

export const revokeApiKey = createRoute({
  operationId: "revokeApiKey",
  ...notCounted,
  ...personOnly,
  method: "delete",
  path: "/api/api-keys/{id}",
  tags: keyTags,
  summary: "Revoke an API key (not counted, never refused by the call limit)",
  security: secured,
  request: {
    params: z.object({
      id: z
        .string()
        .regex(/^\d{1,9}$/, "Invalid API key id")
        .transform(Number),
    }),
  },
  responses: { 204: { description: "Revoked" }, ...errors(400, 404) },
});
