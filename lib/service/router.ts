import { OpenAPIHono, type Hook } from "@hono/zod-openapi";
import type { z } from "zod";
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
