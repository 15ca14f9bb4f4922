// The API's requests go straight to its Hono app instead of through Next's router. Next's route
// handler path cost about 4.5 ms of CPU per request here (a bare /rest/health: 4.7 ms through
// Next), more than a single value read itself; the app is the same instance the route handler
// would call (lib/service/instance.ts keeps it on globalThis once instrumentation has built it).
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

// A request with a body goes to the app as a real Request: Hono's body limit re-wraps a chunked
// body with new Request(request, ...), which Node's Request refuses for the adapter's lightweight
// one (a 500 for any chunked POST or body-less DELETE).
const withRealBody = (request) =>
  request.method === "GET" || request.method === "HEAD"
    ? request
    : new Request(request.url, { method: request.method, headers: request.headers, body: request.body, duplex: "half", signal: request.signal });

/**
 * Returns a handler that answers an API request (compressed, see compress-answer.mjs) and returns
 * true, or returns false for anything else (and while the app is not built yet), so that Next serves it.
 */
export function restRoute(getApp = () => globalThis.gaugeApi) {
  // overrideGlobalObjects: false keeps Node's own Request and Response for Next in this process.
  const listener = getRequestListener(async (request) => compressAnswer(request, await (await getApp()).fetch(withRealBody(request))), {
    overrideGlobalObjects: false,
    errorHandler: failure,
  });
  return (req, res) => {
    if (!PLAIN_REST_PATH.test(req.url ?? "") || !getApp()) return false;
    for (const { key, value } of securityHeaders) res.setHeader(key, value);
    listener(req, res);
    return true;
  };
}
