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
  return Object.fromEntries(all.map((s) => [s, json(ErrorBody, errorDescriptions[s])])) as Record<
    S | 401 | 429,
    ReturnType<typeof json<typeof ErrorBody>>
  >;
}

export const secured = [{ Token: [] as string[] }];

/**
 * The least role that may call an operation (`x-gauge-role` in the OpenAPI document); routes
 * without it are open to every role. The service enforces it before the handler runs.
 */
export const needs = (role: Role) => ({ "x-gauge-role": role }) as const;

/** The header that makes a retried write safe (the service's idempotency middleware reads it). */
export const idempotencyHeader = z.object({
  "Idempotency-Key": z.string().optional().meta({ description: "Makes a retried write safe: a repeat within 24 h returns the first response" }),
});
