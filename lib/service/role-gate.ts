import "server-only";
import type { MiddlewareHandler } from "hono";
import { roleAtLeast, type Role } from "@/lib/contract/people";
import { operations } from "@/lib/contract/routes";
import { scopeOf, type OperationScope } from "@/lib/contract/routes/helpers";
import type { AppEnv } from "./context";
import { forbidden } from "./errors";
import { operationAt } from "./operation-match";

type Declared = { "x-gauge-role"?: Role; "x-gauge-scope"?: OperationScope; method: string };

/**
 * Refuses the call with 403, before its body is read, unless the caller's role (an API key's own,
 * when lower) is at least the operation's (`x-gauge-role`), and an API key's scope allows it
 * (`x-gauge-scope`): a `read` key calls only operations that write nothing, and no key manages
 * account security. Runs after authentication, on the one operation the request calls.
 */
export const accessGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const operationId = operationAt(c.req.method === "HEAD" ? "GET" : c.req.method, c.req.path);
  if (!operationId) return next();
  const declared = operations[operationId] as Declared;
  const role = declared["x-gauge-role"];
  const scope = scopeOf(declared);
  const { role: held, tokenKind, scope: keyScope } = c.var.caller;
  if (tokenKind === "api_key" && scope === "session") {
    throw forbidden(`${operationId} manages account security: it takes a person's session (POST /rest/login), never an API key`);
  }
  if (tokenKind === "api_key" && keyScope === "read" && scope === "write") {
    throw forbidden(`This API key has the read scope: ${operationId} writes, and needs a key with the write scope`);
  }
  if (role && !roleAtLeast(held, role)) {
    throw forbidden(`This needs the ${role} role; ${held === "viewer" ? "a viewer may only read" : `you act as ${held}`}`);
  }
  await next();
};
