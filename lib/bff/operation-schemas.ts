import "server-only";
import type { z } from "zod";
import { operations } from "@/lib/contract/routes";
import type { AnyEndpoint } from "./endpoint-spec";

type RouteConfig = {
  method: string;
  path: string;
  request?: { params?: z.ZodType; query?: z.ZodType; body?: { required?: boolean; content: { "application/json": { schema: z.ZodType } } } };
  responses: Record<string, { content?: { "application/json": { schema: z.ZodType } } }>;
};

export interface OperationSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body may be left out (a connector's run: a backfill's range, or nothing to run now). */
  bodyOptional?: boolean;
  /** The success answer's schema; undefined for 204. */
  response?: z.ZodType;
}

const cache = new Map<string, OperationSchemas>();

/** The zod schemas of an endpoint's contract operation; throws if the entry's method or path disagree with it. */
export function schemasOf(endpoint: AnyEndpoint): OperationSchemas {
  const known = cache.get(endpoint.op);
  if (known) return known;
  const route = operations[endpoint.op] as unknown as RouteConfig;
  if (route.method.toUpperCase() !== endpoint.method || route.path !== endpoint.path) {
    throw new Error(`Endpoint ${endpoint.op}: ${endpoint.method} ${endpoint.path} is not the operation's ${route.method.toUpperCase()} ${route.path}`);
  }
  const success = Object.entries(route.responses).find(([status]) => status.startsWith("2"))?.[1];
  const schemas = {
    params: route.request?.params,
    query: route.request?.query,
    body: route.request?.body?.content["application/json"].schema,
    bodyOptional: route.request?.body?.required === false,
    response: success?.content?.["application/json"].schema,
  };
  cache.set(endpoint.op, schemas);
  return schemas;
}
