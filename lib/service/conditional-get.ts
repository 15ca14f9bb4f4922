import "server-only";
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";

/** Whether If-None-Match names this entity tag (or is "*"); weak tags compare by their opaque part. */
function matches(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === etag);
}

/**
 * Validators on every read: a GET's 200 answer carries a strong ETag, the SHA-256 of its bytes,
 * so it changes exactly when the answer would. A request whose If-None-Match names it gets 304
 * with no body, after authentication and access ran as for any read (a caller who may not read
 * the scorecard gets its 404, never a 304); requireToken gives the call back to the budget.
 */
export const conditionalGet: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if ((c.req.method !== "GET" && c.req.method !== "HEAD") || c.res.status !== 200) return;
  const bytes = new Uint8Array(await c.res.clone().arrayBuffer());
  const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 32)}"`;
  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, etag)) {
    const headers = new Headers(c.res.headers);
    for (const name of ["Content-Type", "Content-Length", "Content-Encoding"]) headers.delete(name);
    headers.set("ETag", etag);
    c.res = new Response(null, { status: 304, headers });
    return;
  }
  c.res = new Response(bytes, { status: 200, headers: c.res.headers });
  c.res.headers.set("ETag", etag);
};
