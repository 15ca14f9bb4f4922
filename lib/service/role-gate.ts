import "server-only";
import type { MiddlewareHandler } from "hono";
import { roleAtLeast, type Role } from "@/lib/contract/people";
import { operations } from "@/lib/contract/routes";
import type { AppEnv } from "./context";
import { forbidden } from "./errors";

const ROLE_KEY = "x-gauge-role";

/** Every operation that needs more than the viewer role, from the contract's `x-gauge-role`. */
export const gatedOperations = Object.values(operations).flatMap((op) => {
  const role = (op as { [ROLE_KEY]?: Role })[ROLE_KEY];
  return role ? [{ method: op.method.toUpperCase(), path: op.path.replace(/\{(\w+)\}/g, ":$1"), role }] : [];
});

/** Refuses the call with 403 unless the caller's role (an API key's own, when lower) is at least `role`. */
export const requireRole =
  (role: Role): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const { role: held } = c.var.caller;
    if (!roleAtLeast(held, role)) {
      throw forbidden(`This needs the ${role} role; ${held === "viewer" ? "a viewer may only read" : `you act as ${held}`}`);
    }
    await next();
  };
