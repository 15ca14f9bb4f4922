import { createRoute, z } from "@hono/zod-openapi";
import {
  AccessInfo,
  ApiKeyList,
  CreateApiKeyRequest,
  CreatedApiKey,
  LoginRequest,
  LoginResponse,
} from "@/lib/contract/auth";
import { ApiError } from "../errors";
import { readBudget } from "../domain/call-limit";
import { login } from "../domain/login";
import { createApiKey, listApiKeys, revokeApiKey, revokeToken } from "../domain/tokens";
import { errors, json, jsonBody, newRouter, secured } from "../router";

const loginRoute = createRoute({
  method: "post",
  path: "/login",
  tags: ["Authentication"],
  summary: "Log in and obtain a token",
  description:
    "Send the account's e-mail and password (the field is named exactly `contraseña`). Every answer has the four fields " +
    "`email`, `errorMessage`, `success` and `token`. After 10 failed logins for one e-mail within 15 minutes, logins for it get 429.",
  middleware: [
    async (c, next) => {
      c.set("loginShape", true);
      await next();
    },
  ] as const,
  request: { body: jsonBody(LoginRequest) },
  responses: {
    200: json(LoginResponse, "Logged in; `token` goes in the Token header of every other call"),
    400: json(LoginResponse, "Malformed body"),
    401: json(LoginResponse, "Invalid e-mail or password"),
    429: json(LoginResponse, "Too many failed logins for this e-mail (see Retry-After)"),
  },
});

const logoutRoute = createRoute({
  method: "post",
  path: "/logout",
  tags: ["Authentication"],
  summary: "Revoke the token sent in the Token header",
  security: secured,
  responses: { 204: { description: "Revoked" }, ...errors() },
});

const accessInfoRoute = createRoute({
  method: "get",
  path: "/api/access/info",
  tags: ["Authentication"],
  summary: "The account's call budget (this call is not counted)",
  security: secured,
  responses: { 200: json(AccessInfo, "Calls allowed and used in the current hourly window"), ...errors() },
});

const listKeysRoute = createRoute({
  method: "get",
  path: "/api/api-keys",
  tags: ["API keys"],
  summary: "List the account's API keys",
  security: secured,
  responses: { 200: json(ApiKeyList, "Active API keys, newest first"), ...errors() },
});

const createKeyRoute = createRoute({
  method: "post",
  path: "/api/api-keys",
  tags: ["API keys"],
  summary: "Create an API key (the key is shown only in this response)",
  security: secured,
  request: { body: jsonBody(CreateApiKeyRequest) },
  responses: { 201: json(CreatedApiKey, "Created; store `key` now, it is never shown again"), ...errors(400, 415) },
});

const revokeKeyRoute = createRoute({
  method: "delete",
  path: "/api/api-keys/{id}",
  tags: ["API keys"],
  summary: "Revoke an API key",
  security: secured,
  request: { params: z.object({ id: z.string().regex(/^\d{1,9}$/, "Invalid API key id").transform(Number) }) },
  responses: { 204: { description: "Revoked" }, ...errors(400, 404) },
});

export const authRoutes = newRouter()
  .openapi(loginRoute, async (c) => {
    const { email, contraseña } = c.req.valid("json");
    const outcome = await login(c.var.deps, email, contraseña);
    if (outcome.kind === "ok") return c.json({ email, errorMessage: "", success: true, token: outcome.token }, 200);
    if (outcome.kind === "invalid") throw new ApiError(401, "unauthorized", "Invalid e-mail or password");
    throw new ApiError(429, "rate_limited", "Too many failed logins for this e-mail; try again later", [], {
      "Retry-After": String(outcome.retryAfterSeconds),
    });
  })
  .openapi(logoutRoute, async (c) => {
    await revokeToken(c.var.deps, c.var.caller.tokenId);
    return c.body(null, 204);
  })
  .openapi(accessInfoRoute, async (c) => {
    const { accountId, email } = c.var.caller;
    const budget = await readBudget(c.var.deps, accountId);
    return c.json(
      { allowedCount: budget.limit, usedCount: budget.used, resetAt: budget.resetAt.toISOString(), email, error: null },
      200,
    );
  })
  .openapi(listKeysRoute, async (c) => c.json({ items: await listApiKeys(c.var.deps, c.var.caller.accountId) }, 200))
  .openapi(createKeyRoute, async (c) => {
    const { name } = c.req.valid("json");
    return c.json(await createApiKey(c.var.deps, c.var.caller.accountId, name), 201);
  })
  .openapi(revokeKeyRoute, async (c) => {
    await revokeApiKey(c.var.deps, c.var.caller.accountId, c.req.valid("param").id);
    return c.body(null, 204);
  });
