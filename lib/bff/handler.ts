import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ZodError, type z } from "zod";
import { zodDetails, type ErrorCode, type ErrorDetail } from "@/lib/contract/common";
import { originOf } from "@/lib/request-origin";
import { getSession } from "@/lib/session";
import { endpoints, type EndpointName } from "./endpoints";
import type { AnyEndpoint } from "./endpoint-spec";
import { ApiCallError } from "./http";
import { schemasOf, type OperationSchemas } from "./operation-schemas";
import { NoSessionError, sessionClient } from "./session-client";

/** An error in the contract's shape, never cached. */
export const errorJson = (status: number, code: ErrorCode, errorMessage: string, details: ErrorDetail[] = [], headers?: HeadersInit) =>
  NextResponse.json({ success: false, errorMessage, code, details }, { status, headers: { "Cache-Control": "no-store", ...headers } });

class BadRequest extends Error {
  constructor(
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
}

class TooLarge extends Error {}

/**
 * A request body of at most `maxBytes`: refused from its Content-Length before anything is read,
 * and while it streams when it has none (or lies about it).
 */
export async function readLimitedBody(request: NextRequest, maxBytes: number): Promise<ArrayBuffer> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw new TooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new TooLarge();
    chunks.push(chunk);
  }
  const body = new Uint8Array(size);
  chunks.reduce((at, chunk) => (body.set(chunk, at), at + chunk.byteLength), 0);
  return body.buffer;
}

/** The dashboard's own origin: the public address the HTTP server derived for this request. */
const ownOrigin = (request: NextRequest): string | null => {
  try {
    return new URL(originOf(request)).origin;
  } catch {
    return null;
  }
};

/**
 * State-changing requests must come from this site's own pages: the same scheme, host and port.
 * Null when this one does; else the 403, which names the setting when the page's address differs
 * from the server's view only by its scheme (a TLS proxy the server does not trust).
 */
export function crossOriginRefusal(request: NextRequest): NextResponse | null {
  const own = ownOrigin(request);
  let origin: URL | null = null;
  try {
    origin = new URL(request.headers.get("origin") ?? "");
  } catch {}
  if (origin && own && origin.origin === own) return null;
  if (origin && own && origin.host === new URL(own).host) {
    return errorJson(
      403,
      "forbidden",
      `Cross-origin request refused: this page is at ${origin.origin} but the server sees ${own}; behind a proxy that terminates TLS, set TRUST_PROXY (for example loopback) or PUBLIC_URL`,
    );
  }
  return errorJson(403, "forbidden", "Cross-origin request refused");
}

type Route = { name: EndpointName; endpoint: AnyEndpoint; pattern: RegExp; names: string[] };
const routes: Route[] = Object.entries(endpoints as Record<EndpointName, AnyEndpoint>)
  .filter(([, e]) => !(e.kind === "write" && e.serverOnly))
  .map(([name, endpoint]) => {
    const names: string[] = [];
    const source = endpoint.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{(\w+)\\?\}/g, (_, n: string) => (names.push(n), "([^/]+)"));
    return { name: name as EndpointName, endpoint, pattern: new RegExp(`^${source}$`), names };
  });

function match(method: string, pathname: string) {
  for (const route of routes) {
    if (route.endpoint.method !== method) continue;
    const found = route.pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    route.names.forEach((n, i) => {
      try {
        params[n] = decodeURIComponent(found[i + 1]!);
      } catch {
        throw new BadRequest(`Invalid request: ${n} is not a valid URL segment`, [{ path: n, message: "Malformed percent-encoding" }]);
      }
    });
    return { route, params };
  }
  return null;
}

const parse = (schema: z.ZodType | undefined, value: unknown): object => (schema ? (schema.parse(value) as object) : {});

async function readBody(request: NextRequest, { body: schema, bodyOptional }: OperationSchemas): Promise<unknown> {
  if (!schema) return undefined;
  const text = await request.text();
  if (bodyOptional && !text.trim()) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BadRequest("Malformed JSON in request body");
  }
  return schema.parse(json);
}

/**
 * The BFF: every endpoint of the table at the same path as the API's, for the browser. It checks
 * the origin of writes, validates params, query and body with the operation's own schemas, calls
 * the API with the session's token (which never leaves the server), and passes errors on in the
 * contract's shape (a dead token also ends the session).
 */
export async function handleBff(request: NextRequest): Promise<NextResponse> {
  const refused = request.method === "GET" ? null : crossOriginRefusal(request);
  if (refused) return refused;
  try {
    const found = match(request.method, request.nextUrl.pathname);
    if (!found) return errorJson(404, "not_found", `No route for ${request.method} ${request.nextUrl.pathname}`);
    const { route, params } = found;
    const schemas = schemasOf(route.endpoint);
    const input = { ...parse(schemas.params, params), ...parse(schemas.query, Object.fromEntries(request.nextUrl.searchParams)) };
    const body = await readBody(request, schemas);
    const headers = Object.fromEntries((route.endpoint.headers ?? []).flatMap((h) => (request.headers.has(h) ? [[h, request.headers.get(h)!]] : [])));
    const { client } = await sessionClient();
    const data = await client.call(route.name, input as never, { body: body as never, headers });
    // A read the cache answered at the call limit says since when its figures are.
    const [stale] = client.staleReads();
    const staleHeaders = stale ? { "X-Gauge-As-Of": stale.asOf, ...(stale.liveAgainAt ? { "X-Gauge-Live-Again-At": stale.liveAgainAt } : {}) } : {};
    return NextResponse.json(data ?? { success: true }, { headers: { "Cache-Control": "no-store", ...staleHeaders } });
  } catch (error) {
    return bffError(error);
  }
}

/** Any error of a dashboard route as its answer in the contract's shape; a dead token also ends the session. */
export async function bffError(error: unknown): Promise<NextResponse> {
  if (error instanceof ZodError) {
    const details = zodDetails(error);
    const summary = details
      .slice(0, 3)
      .map((d) => `${d.path || "body"}: ${d.message}`)
      .join("; ");
    return errorJson(400, "invalid_request", `Invalid request: ${summary}`, details);
  }
  if (error instanceof BadRequest) return errorJson(400, "invalid_request", error.message, error.details);
  if (error instanceof NoSessionError) return errorJson(401, "unauthorized", "Your session has ended; please log in again");
  if (error instanceof TooLarge) return errorJson(413, "payload_too_large", "The request body is over 1 MiB");
  if (error instanceof ApiCallError) {
    if (error.status === 401) (await getSession()).destroy();
    const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return NextResponse.json(error.body, { status: error.status, headers: { "Cache-Control": "no-store", ...headers } });
  }
  console.error("[bff] unexpected error:", error);
  return errorJson(500, "internal", "Something went wrong; please try again");
}
