// What an operator watches a process by: one JSON log line per request (pino) carrying the request's
// ID, Prometheus metrics (prom-client), and the hooks that run when the process is asked to stop.
// One set per process: the HTTP server creates it first and the app's bundled code finds the same
// one on globalThis, so counters the API increments are the ones /metrics reads.
import { randomUUID } from "node:crypto";
import pino from "pino";
import client from "prom-client";

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createOperations() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "gauge_" });
  const labelNames = ["method", "route", "status"];
  return {
    registry,
    logger: pino({ level: process.env.LOG_LEVEL || "info", base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }),
    requests: new client.Counter({ name: "gauge_http_requests_total", help: "HTTP requests answered, by route and status", labelNames, registers: [registry] }),
    durations: new client.Histogram({
      name: "gauge_http_request_duration_seconds",
      help: "Time to answer a request, by route and status",
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    callsSpent: new client.Counter({
      name: "gauge_pooled_calls_spent_total",
      help: "Calls counted against accounts' hourly pools (programs: tokens, API keys, links, pushes)",
      registers: [registry],
    }),
    callsRefused: new client.Counter({
      name: "gauge_pooled_calls_refused_total",
      help: "Calls refused at an account's hourly pool limit",
      registers: [registry],
    }),
    personRequests: new client.Counter({
      name: "gauge_person_requests_total",
      help: "People's dashboard requests, which never spend the pool",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    connectorRuns: new client.Counter({
      name: "gauge_connector_runs_total",
      help: "Connector runs recorded, by trigger and outcome",
      labelNames: ["trigger", "outcome"],
      registers: [registry],
    }),
    /** Set once the app has started (settings checked, database migrated, workers running): until then the process is not ready. */
    started: false,
    /** Run in order when the process stops, after the last request in flight has been answered. */
    shutdownHooks: [],
    /** A gauge read when scraped (the outbox's depth, the database pool): `read` gives its value. */
    addGauge(name, help, read) {
      if (registry.getSingleMetric(name)) registry.removeSingleMetric(name);
      new client.Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
  };
}

const shared = (globalThis.gaugeOperations ??= createOperations());

/** The process's logger, metrics and stop hooks. */
export const operations = shared;

// A request ID a client or proxy sent is kept when it looks like one; otherwise one is made.
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's ID: the one an upstream proxy sent in X-Request-Id, or a new one. */
export function requestIdOf(req) {
  const sent = req.headers["x-request-id"];
  return typeof sent === "string" && REQUEST_ID.test(sent) ? sent : randomUUID();
}

// Segments that name one thing among many (IDs, GUIDs, dates, tokens in links) are replaced, so
// that a route label names a route, never a secret, and the metrics stay a bounded set.
const SEGMENT_RULES = [
  [/^\d+$/, ":id"],
  [/^\d{4}-\d{2}-\d{2}$/, ":date"],
  [/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, ":guid"],
  [/^[a-z]{2,4}_[A-Za-z0-9_-]{8,}$/, ":token"],
  [/^[A-Za-z0-9_-]{24,}$/, ":token"],
  // A route's own words are letters, dashes and dots (documents, grouped-value, openapi.json, $metadata).
  [/[^A-Za-z$.-]|^.{41,}$/, ":value"],
];

/** The route a path belongs to, for logs and metrics: /rest/api/document/:id/kpi/:guid, never its query. */
export function routeLabel(url, status) {
  if (status === 404) return "(no route)";
  const path = (url ?? "/").split("?")[0];
  if (path.startsWith("/_next/")) return "/_next/*";
  const segments = path
    .split("/")
    .slice(1, 13)
    .map((segment) => SEGMENT_RULES.find(([rule]) => rule.test(segment))?.[1] ?? segment);
  return `/${segments.join("/")}`;
}
