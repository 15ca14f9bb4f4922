// The address people reach Gauge at, derived once per request by the HTTP server and handed to
// everything behind it (Next's routes and pages, the API) in headers that a client cannot set:
// whatever a client sends under these names is replaced.
import proxyaddr from "proxy-addr";

/** The request's public address: PUBLIC_URL (without a trailing slash), else the origin the request came in by. */
export const ORIGIN_HEADER = "x-gauge-origin";
/** The client's address: the peer's, or the one a trusted proxy says it forwarded for. */
export const CLIENT_ADDRESS_HEADER = "x-gauge-client-address";

// A host as a Host or X-Forwarded-Host header may carry it: a name or IPv4 address, or an IPv6
// literal in brackets, with an optional port. Anything else is not used to build links.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * TRUST_PROXY as Express names it: unset or "false" trusts no proxy; "true" trusts any; otherwise
 * a comma-separated list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 * Throws on anything else (an unknown name, a malformed address).
 */
export function parseTrustProxy(value) {
  const text = (value ?? "").trim();
  if (text === "" || text === "false") return () => false;
  if (text === "true") return () => true;
  return proxyaddr.compile(
    text
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

const first = (header) => (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim().toLowerCase();

/**
 * Returns (request) => { origin, clientAddress }. With `publicUrl` the origin is always that
 * address; otherwise it is http://<Host>, or the scheme and host a trusted proxy forwarded
 * (X-Forwarded-Proto, X-Forwarded-Host), and `fallback` when the request names no usable host.
 */
export function originResolver({ publicUrl, trustProxy, fallback }) {
  const trust = parseTrustProxy(trustProxy);
  const pinned = publicUrl ? publicUrl.replace(/\/+$/, "") : null;
  return (req) => {
    const clientAddress = proxyaddr(req, trust);
    if (pinned) return { origin: pinned, clientAddress };
    const proxied = trust(req.socket.remoteAddress ?? "", 0);
    const forwardedHost = proxied ? first(req.headers["x-forwarded-host"]) : undefined;
    const forwardedProto = proxied ? first(req.headers["x-forwarded-proto"]) : undefined;
    const host = forwardedHost && HOST.test(forwardedHost) ? forwardedHost : (req.headers.host ?? "").toLowerCase();
    if (!HOST.test(host)) return { origin: fallback, clientAddress };
    const scheme = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : "http";
    return { origin: new URL(`${scheme}://${host}`).origin, clientAddress };
  };
}

/** Replaces whatever the client sent under the derived headers with the derived values. */
export function stampOrigin(req, resolve) {
  const { origin, clientAddress } = resolve(req);
  req.headers[ORIGIN_HEADER] = origin;
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddress;
  return origin;
}
