// One JSON line per request (pino), with the request's ID, which the answer carries in X-Request-Id
// and errors name; the same request counted in the Prometheus metrics, served at /metrics to whoever
// holds METRICS_TOKEN (and to nobody when it is unset).
import { timingSafeEqual } from "node:crypto";
import { CLIENT_ADDRESS_HEADER } from "./public-origin.mjs";
import { operations, requestIdOf, routeLabel } from "./operations.mjs";

/** Gives the request its ID (on the request for the app, on the answer for the client) and logs and counts it once answered. */
export function observe(req, res) {
  const started = process.hrtime.bigint();
  const id = requestIdOf(req);
  req.headers["x-request-id"] = id;
  res.setHeader("X-Request-Id", id);
  const path = req.url;
  operations.logger.debug({ reqId: id, method: req.method, route: routeLabel(path) }, "started");
  res.once("finish", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const labels = { method: req.method, route: routeLabel(path, res.statusCode), status: String(res.statusCode) };
    operations.requests.inc(labels);
    operations.durations.observe(labels, seconds);
    operations.logger.info({ reqId: id, ...labels, status: res.statusCode, ms: Math.round(seconds * 10_000) / 10, client: req.headers[CLIENT_ADDRESS_HEADER] });
  });
  return id;
}

const sameSecret = (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Answers GET /metrics and returns true; false for any other request. */
export function serveMetrics(req, res, token = process.env.METRICS_TOKEN) {
  if (req.url.split("?")[0] !== "/metrics") return false;
  const json = { "Content-Type": "application/json", "Cache-Control": "no-store" };
  const refuse = (status, code, errorMessage, headers = {}) => {
    res.writeHead(status, { ...json, ...headers });
    res.end(JSON.stringify({ success: false, errorMessage, code, details: [] }));
  };
  if (!token) refuse(404, "not_found", "Metrics are off: set METRICS_TOKEN to serve them");
  else if (!sameSecret(Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? ""), Buffer.from(token)))
    refuse(401, "unauthorized", "Send the METRICS_TOKEN as Authorization: Bearer <token>", { "WWW-Authenticate": 'Bearer realm="Gauge metrics"' });
  else
    operations.registry.metrics().then(
      (text) => (res.writeHead(200, { "Content-Type": operations.registry.contentType, "Cache-Control": "no-store" }), res.end(text)),
      (error) => refuse(500, "internal", `Metrics could not be read: ${error.message}`),
    );
  return true;
}
