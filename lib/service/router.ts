import { OpenAPIHono, type Hook } from "@hono/zod-openapi";
import type { z } from "zod";
import { ErrorBody } from "@/lib/contract/common";
import type { AppEnv } from "./context";
import { invalidRequest, zodDetails } from "./errors";

// Every zod failure (path, query, body) becomes the contract's 400 with one detail per field.
const defaultHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (result.success) return;
  const details = zodDetails(result.error as z.ZodError);
  const summary = details
    .slice(0, 3)
    .map((d) => `${d.path || "body"}: ${d.message}`)
    .join("; ");
  throw invalidRequest(`Invalid request: ${summary}${details.length > 3 ? "; ..." : ""}`, details);
};

export const newRouter = () => new OpenAPIHono<AppEnv>({ defaultHook });

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
