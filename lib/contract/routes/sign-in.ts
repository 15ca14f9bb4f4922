import { createRoute, z } from "@hono/zod-openapi";
import { LoginResponse } from "../auth";
import { ErrorBody } from "../common";
import { PasswordResetAccepted, PasswordResetConfirm, PasswordResetRequest, ResetLink } from "../password-reset";
import { CreatedScimToken, CreateScimTokenRequest, ScimTokenList } from "../scim-tokens";
import { Domain, SsoCallbackRequest, SsoConfigRequest, SsoDomain, SsoSettings, SsoStart, SsoStartRequest } from "../sso";
import { RecoveryCodes, SecuritySettings, TwoFactorCodeRequest, TwoFactorSetup, TwoFactorStatus } from "../two-factor";
import { errors, json, jsonBody, needs, noToken, personOnly, secured } from "./helpers";

const tags = ["Sign-in"];
const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, "Invalid id")
    .transform(Number),
});

export const getSso = createRoute({
  operationId: "getSso",
  ...personOnly,
  method: "get",
  path: "/api/sso",
  ...needs("admin"),
  tags,
  summary: "The account's single sign-on (OpenID Connect) settings, without the client secret",
  security: secured,
  responses: { 200: json(SsoSettings, "The settings (sso is null until set up) and the redirect URI to register"), ...errors(403) },
});

export const updateSso = createRoute({
  operationId: "updateSso",
  ...personOnly,
  method: "put",
  path: "/api/sso",
  ...needs("admin"),
  tags,
  summary: "Set up or change single sign-on",
  description:
    "The issuer's discovery document is read first: an issuer that does not answer one is refused (400). A domain another account has proven is a 409. " +
    "Single sign-on creates people only in proven domains (see proveSsoDomain; a person of the account signing in through the provider with a verified address also proves theirs). " +
    "`emailVerifiedClaim: notSent` needs a proven domain. With `enforce`, password logins of covered e-mails are refused except the break-glass admin's.",
  security: secured,
  request: { body: jsonBody(SsoConfigRequest) },
  responses: { 200: json(SsoSettings, "The settings as stored"), ...errors(400, 403, 409, 415) },
});

export const proveSsoDomain = createRoute({
  operationId: "proveSsoDomain",
  ...personOnly,
  method: "post",
  path: "/api/sso/domains/{domain}/proof",
  ...needs("admin"),
  tags,
  summary: "Prove a single sign-on domain is the account's, by its DNS TXT record",
  description:
    "Looks up the TXT record the domain's `dnsRecord` names: holding its value, the domain is proven this account's, and no other account may claim it (409 when another already has). " +
    "400 while the record is not there; 404 for a domain the settings do not list.",
  security: secured,
  request: { params: z.object({ domain: Domain }) },
  responses: { 200: json(SsoDomain, "The domain, proven"), ...errors(400, 403, 404, 409) },
});

export const deleteSso = createRoute({
  operationId: "deleteSso",
  ...personOnly,
  method: "delete",
  path: "/api/sso",
  ...needs("admin"),
  tags,
  summary: "Turn single sign-on off (password logins work again)",
  security: secured,
  responses: { 204: { description: "Removed" }, ...errors(403, 404) },
});

export const startSso = createRoute({
  operationId: "startSso",
  method: "post",
  path: "/sso/start",
  tags,
  summary: "Begin a single sign-on: the provider's address for this e-mail (no Token, not counted)",
  description:
    "Authorization code flow with PKCE, state and nonce. 404 when no account's SSO covers the e-mail's domain. At most 60 starts a minute from one client address (per server process): 429 with Retry-After past that.",
  security: noToken,
  request: { body: jsonBody(SsoStartRequest) },
  responses: {
    200: json(SsoStart, "Where to send the browser"),
    400: json(ErrorBody, "Malformed body"),
    404: json(ErrorBody, "No SSO covers this domain"),
    429: json(ErrorBody, "Too many sign-ins started from this address this minute"),
    502: json(ErrorBody, "The provider cannot be reached"),
  },
});

export const finishSso = createRoute({
  operationId: "finishSso",
  method: "post",
  path: "/sso/callback",
  tags,
  summary: "Finish a single sign-on with what the provider sent back, and log in (no Token)",
  description:
    "The code is exchanged and the ID token checked (signature, issuer, audience, expiry, nonce); the e-mail must be verified and in a covered domain. " +
    "A first sign-in creates the user with the default role or the role its groups map to; later sign-ins update the role when groups are mapped. Each state is good once.",
  security: noToken,
  request: { body: jsonBody(SsoCallbackRequest) },
  responses: {
    200: json(LoginResponse, "Logged in"),
    400: json(ErrorBody, "Malformed body"),
    401: json(ErrorBody, "The sign-in was refused (the message says why)"),
  },
});

export const twoFactorStatus = createRoute({
  operationId: "twoFactorStatus",
  ...personOnly,
  method: "get",
  path: "/api/me/two-factor",
  tags,
  summary: "Whether the caller signs in with two-factor codes",
  security: secured,
  responses: { 200: json(TwoFactorStatus, "The caller's two-factor state"), ...errors() },
});

export const clearTwoFactor = createRoute({
  operationId: "clearTwoFactor",
  ...personOnly,
  method: "delete",
  path: "/api/users/{id}/two-factor",
  ...needs("admin"),
  tags: ["People"],
  summary: "Turn off a person's two-factor codes (they lost their authenticator and recovery codes)",
  description:
    "Their recovery codes go too and their sessions end; the person is e-mailed (with SMTP_URL) and the account's activity records it. " +
    "Your own codes are turned off on the Account page, with a code (409 here). 409 when the person has none.",
  security: secured,
  request: { params: idParams },
  responses: { 204: { description: "Turned off" }, ...errors(400, 403, 404, 409) },
});

export const setUpTwoFactor = createRoute({
  operationId: "setUpTwoFactor",
  ...personOnly,
  method: "post",
  path: "/api/me/two-factor/setup",
  tags,
  summary: "Start setting up two-factor codes: a new TOTP secret and its QR code",
  description: "Nothing changes until a code from the app confirms it (enable). A new setup replaces one not yet confirmed.",
  security: secured,
  responses: { 200: json(TwoFactorSetup, "Scan the QR code, then confirm with a code"), ...errors(409) },
});

export const enableTwoFactor = createRoute({
  operationId: "enableTwoFactor",
  ...personOnly,
  method: "post",
  path: "/api/me/two-factor/enable",
  tags,
  summary: "Confirm the setup with a code from the app: two-factor codes are on, and ten recovery codes are shown once",
  security: secured,
  request: { body: jsonBody(TwoFactorCodeRequest) },
  responses: { 200: json(RecoveryCodes, "On; keep the recovery codes somewhere safe"), ...errors(400, 409, 415) },
});

export const disableTwoFactor = createRoute({
  operationId: "disableTwoFactor",
  ...personOnly,
  method: "post",
  path: "/api/me/two-factor/disable",
  tags,
  summary: "Turn two-factor codes off, with a current code or a recovery code",
  description: "409 while the account requires two-factor codes.",
  security: secured,
  request: { body: jsonBody(TwoFactorCodeRequest) },
  responses: { 204: { description: "Off" }, ...errors(400, 409, 415) },
});

export const getSecurity = createRoute({
  operationId: "getSecurity",
  ...personOnly,
  method: "get",
  path: "/api/security",
  ...needs("admin"),
  tags,
  summary: "The account's sign-in rules",
  security: secured,
  responses: { 200: json(SecuritySettings, "The rules"), ...errors(403) },
});

export const updateSecurity = createRoute({
  operationId: "updateSecurity",
  ...personOnly,
  method: "put",
  path: "/api/security",
  ...needs("admin"),
  tags,
  summary: "Require two-factor codes for every user of the account, or stop requiring them",
  description: "409 when the admin making the change has no two-factor codes yet: set them up first.",
  security: secured,
  request: { body: jsonBody(SecuritySettings) },
  responses: { 200: json(SecuritySettings, "The rules as stored"), ...errors(400, 403, 409, 415) },
});

export const listScimTokens = createRoute({
  operationId: "listScimTokens",
  ...personOnly,
  method: "get",
  path: "/api/scim-tokens",
  ...needs("admin"),
  tags,
  summary: "SCIM provisioning: the base URL and the active bearer tokens",
  security: secured,
  responses: { 200: json(ScimTokenList, "Active tokens, newest first"), ...errors(403) },
});

export const createScimToken = createRoute({
  operationId: "createScimToken",
  ...personOnly,
  method: "post",
  path: "/api/scim-tokens",
  ...needs("admin"),
  tags,
  summary: "Create a SCIM bearer token for the identity provider (shown only in this answer)",
  security: secured,
  request: { body: jsonBody(CreateScimTokenRequest) },
  responses: { 201: json(CreatedScimToken, "Created"), ...errors(400, 403, 415) },
});

export const revokeScimToken = createRoute({
  operationId: "revokeScimToken",
  ...personOnly,
  method: "delete",
  path: "/api/scim-tokens/{id}",
  ...needs("admin"),
  tags,
  summary: "Revoke a SCIM bearer token",
  security: secured,
  request: { params: idParams },
  responses: { 204: { description: "Revoked" }, ...errors(400, 403, 404) },
});

export const requestPasswordReset = createRoute({
  operationId: "requestPasswordReset",
  method: "post",
  path: "/password-reset",
  tags,
  summary: "Forgot password: e-mail a single-use reset link valid one hour (no Token, not counted)",
  description: "The answer is the same whether or not the e-mail belongs to a user. At most 3 links per user per hour are sent.",
  security: noToken,
  request: { body: jsonBody(PasswordResetRequest) },
  responses: { 202: json(PasswordResetAccepted, "Accepted"), 400: json(ErrorBody, "Malformed body") },
});

export const confirmPasswordReset = createRoute({
  operationId: "confirmPasswordReset",
  method: "post",
  path: "/password-reset/confirm",
  tags,
  summary: "Choose a new password with a reset link's token (no Token)",
  description: "Every session of the user ends; API keys keep working. An unknown, used or expired token is a 404.",
  security: noToken,
  request: { body: jsonBody(PasswordResetConfirm) },
  responses: {
    204: { description: "Changed: log in with the new password" },
    400: json(ErrorBody, "Malformed body or too short a password"),
    404: json(ErrorBody, "No such open reset link"),
  },
});

export const createResetLink = createRoute({
  operationId: "createResetLink",
  ...personOnly,
  method: "post",
  path: "/api/users/{id}/reset-link",
  ...needs("admin"),
  tags: ["People"],
  summary: "Issue a password reset link for a user of the account (shown only in this answer, valid one hour)",
  security: secured,
  request: { params: idParams },
  responses: { 201: json(ResetLink, "Hand the link to the person"), ...errors(400, 403, 404) },
});
