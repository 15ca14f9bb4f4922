import "server-only";
import type { MiddlewareHandler } from "hono";
import type { ErrorDetail } from "@/lib/contract/common";
import type { AppEnv } from "./context";
import { invalidRequest } from "./errors";

const MESSAGE = "NUL characters (U+0000) are not allowed";

/** Every place in a JSON value holding a string with U+0000, as dotted paths. */
function nulPaths(value: unknown, path: string[] = [], out: ErrorDetail[] = []): ErrorDetail[] {
  if (typeof value === "string" && value.includes("\u0000")) out.push({ path: path.join("."), message: MESSAGE });
  else if (Array.isArray(value)) value.forEach((v, i) => nulPaths(v, [...path, String(i)], out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) nulPaths(v, [...path, k], out);
  return out;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL character that reached a query was a 500. It is
 * refused here, for every route: in the URL, or in any string of a JSON body (each one named).
 */
export const refuseNulCharacters: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  if (/%00/i.test(url.pathname + url.search)) throw invalidRequest(`The URL holds a NUL character: ${MESSAGE}`, [{ path: "url", message: MESSAGE }]);
  if (/json/i.test(c.req.header("Content-Type") ?? "") && c.req.method !== "GET" && c.req.method !== "HEAD") {
    const text = await c.req.text();
    if (text.includes("\\u0000")) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return next(); // malformed JSON: the route's validator says so
      }
      const details = nulPaths(json);
      if (details.length) throw invalidRequest(`${details.length} field(s) hold a NUL character: ${MESSAGE}`, details);
    }
  }
  await next();
};
