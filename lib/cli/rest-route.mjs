// The API's requests go straight to its Hono app instead of through Next's router, whose route
// handler path cost more CPU per request than a single value read itself; the app is the same
// instance the route handler would call (lib/service/instance.ts keeps it on globalThis once
// instrumentation has built it).
import { getRequestListener } from "@hono/node-server";
import { compressAnswer } from "./compress-answer.mjs";
import { securityHeaders } from "./security-headers.mjs";

// Only plain paths: Next answers the rest (its trailing-slash redirect, and dot segments, which
// the URL parser would resolve before Hono sees them).
const PLAIN_REST_PATH = /^\/rest(?:\/(?!\.|%2e)[^/?#]+)+(?:\?|$)/i;

const failure = () =>
  new Response(JSON.stringify({ success: false, errorMessage: "Internal server error", code: "internal", details: [] }), {
    status: 500,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

const BODY = Symbol("gauge.body");
/** The API refuses bodies over 1 MiB (app.ts); it is handed at most this, and knows to refuse. */
const MAX_BODY_BYTES = 1024 * 1024;
/** How much of a refused body is read and dropped to keep the connection; past it, the connection goes. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * Reads a request's whole body before the app sees it: up to one byte over the API's limit is
 * kept (so the app refuses it with its own 413), the rest is read and dropped. The connection
 * then stays usable whatever the app answers: a body stream the app stopped reading would leave
 * it half-read, and its adapter closes such a connection without saying so, which keep-alive
 * clients met as "socket hang up" on their next request.
 */
function readBody(req) {
  return new Promise((resolve, reject) => {
    const kept = [];
    let keptBytes = 0;
    let seen = 0;
    req.on("data", (chunk) => {
      seen += chunk.length;
      if (seen > MAX_DRAIN_BYTES) return req.destroy(new Error("body too large to drain"));
      if (keptBytes > MAX_BODY_BYTES) return;
      const part = chunk.subarray(0, MAX_BODY_BYTES + 1 - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    });
    req.on("end", () => resolve(Buffer.concat(kept)));
    req.on("error", reject);
  });
}

// A request with a body goes to the app as a real Request holding the body read above (Hono's
// body limit re-wraps a body with new Request(request, ...), which Node's Request refuses for the
// adapter's lightweight one).
const withBody = (request, incoming) =>
  request.method === "GET" || request.method === "HEAD"
    ? request
    : new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body: incoming[BODY].length ? incoming[BODY] : null,
        signal: request.signal,
      });

/**
 * Returns a handler that answers an API request (compressed, see compress-answer.mjs) and returns
 * true, or returns false for anything else (and while the app is not built yet), so that Next serves it.
 */
export function restRoute(getApp = () => globalThis.gaugeApi) {
  // overrideGlobalObjects: false keeps Node's own Request and Response for Next in this process.
  const listener = getRequestListener(async (request, { incoming }) => compressAnswer(request, await (await getApp()).fetch(withBody(request, incoming))), {
    overrideGlobalObjects: false,
    errorHandler: failure,
  });
  return (req, res) => {
    if (!PLAIN_REST_PATH.test(req.url ?? "") || !getApp()) return false;
    for (const { key, value } of securityHeaders) res.setHeader(key, value);
    if (req.method === "GET" || req.method === "HEAD") listener(req, res);
    else {
      readBody(req).then(
        (body) => {
          req[BODY] = body;
          listener(req, res);
        },
        () => res.destroy(),
      );
    }
    return true;
  };
}
