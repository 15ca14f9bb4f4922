import { OpenAPIHono, type Hook, type RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "./context";
import { invalidRequest, zodDetails } from "./errors";
import { operationDescription, scopeOf, withNotModified } from "@/lib/contract/routes/helpers";

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

/**
 * The schema, its async parse trying a synchronous one first. @hono/zod-openapi's validators
 * always parse asynchronously, and zod runs its compiled fast path for objects only in
 * synchronous parses, which validate a large batch markedly faster. A schema with
 * an async refinement (none today) makes the synchronous parse throw, and is parsed as before.
 */
export function syncFirst<T extends z.ZodType>(schema: T): T {
  const safeParseAsync: T["safeParseAsync"] = async (data, params) => {
    try {
      return schema.safeParse(data, params);
    } catch (error) {
      if (error instanceof z.core.$ZodAsyncError) return schema.safeParseAsync(data, params);
      throw error;
    }
  };
  // A child object, not a copy: the OpenAPI document finds the schema's metadata by identity.
  return Object.create(schema, { safeParseAsync: { value: safeParseAsync } }) as T;
}

/** The route with each JSON body schema validated by syncFirst. */
function withSyncBodies<R extends RouteConfig>(route: R): R {
  const body = route.request?.body;
  if (!body) return route;
  const content = Object.fromEntries(
    Object.entries(body.content).map(([type, media]) => [
      type,
      media && "schema" in media && media.schema instanceof z.ZodType ? { ...media, schema: syncFirst(media.schema) } : media,
    ]),
  );
  return { ...route, request: { ...route.request, body: { ...body, content } } };
}

/**
 * OpenAPIHono registering each route as declared (for the document) and validating its bodies
 * with syncFirst (see there why).
 */
class Router extends OpenAPIHono<AppEnv> {
  constructor() {
    super({ defaultHook });
    const openapi = this.openapi;
    this.openapi = ((route, handler, hook) => {
      const { middleware: _middleware, hide, ...declared } = route;
      const scope = declared.security?.length ? { "x-gauge-scope": scopeOf(declared) } : {};
      // An operation the call limit never refuses lists no 429.
      const responses =
        (declared as { "x-gauge-counted"?: boolean })["x-gauge-counted"] === false
          ? Object.fromEntries(Object.entries(declared.responses).filter(([status]) => status !== "429"))
          : declared.responses;
      if (!hide) this.openAPIRegistry.registerPath(withNotModified({ ...declared, ...scope, responses, description: operationDescription(declared) }));
      return openapi({ ...withSyncBodies(route), hide: true }, handler, hook);
    }) as typeof openapi;
  }
}

export const newRouter = () => new Router();
