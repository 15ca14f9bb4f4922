import "server-only";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { LoginResponse } from "@/lib/contract/auth";
import { operations, type OperationName } from "@/lib/contract/routes";
import type { AppEnv, Deps } from "./context";
import { ApiError, toApiError } from "./errors";
import { jsonBody } from "./json-body";
import { decodeBody, normalizeKeys } from "./body-text";
import { refuseNulCharacters } from "./nul-guard";
import { readinessProblem } from "@/lib/db/readiness";
import { depsForRequest } from "./public-origin";
import { requireToken } from "./require-token";
import { oneOfOperations } from "./operation-match";
import { conditionalGet } from "./conditional-get";
import { accessGate } from "./role-gate";
import { activityRecorders } from "./activity";
import { getCookie } from "hono/cookie";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { resolveLocale } from "@/lib/i18n/negotiate";
import { renderDocsPage } from "./docs-page";
import { noteRoutes } from "./routes/notes";
import { historyRoutes } from "./routes/history";
import { activityRoutes } from "./routes/activity";
import { connectorRoutes, pushRoutes } from "./routes/connectors";
import { feedRoutes } from "./routes/feeds";
import { forecastRoutes } from "./routes/forecast";
import { signInRoutes } from "./routes/sign-in";
import { newRouter } from "./router";
import { TAGS } from "@/lib/contract/routes/helpers";
import { resolveAlias } from "./aliases";
import { authRoutes } from "./routes/auth";
import { alertRoutes } from "./routes/alerts";
import { peopleRoutes } from "./routes/people";
import { publicRoutes } from "./routes/public";
import { groupedRoutes } from "./routes/grouped";
import { scorecardRoutes } from "./routes/scorecards";
import { kpiRoutes } from "./routes/kpis";
import { valueRoutes } from "./routes/values";
import { webhookRoutes } from "./routes/webhooks";
import { initiativeRoutes } from "./routes/initiatives";
import { mapAndReportRoutes } from "./routes/maps-and-reports";

export const MAX_BODY_BYTES = 1024 * 1024;
// The reference page has no script at all: inline styles only.
const DOCS_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
/**
 * Calls that are neither counted nor refused at the limit: reading the budget, and revoking
 * credentials (logging out, revoking an API key), which must work even when a leaked token has
 * burnt the account's budget.
 */
const uncounted = oneOfOperations(
  (Object.entries(operations) as [OperationName, { "x-gauge-counted"?: boolean }][]).filter(([, op]) => op["x-gauge-counted"] === false).map(([name]) => name),
);
const isCounted = (method: string, path: string) => !uncounted(method, path);

/** The KPI API as a Hono app under /rest: testable in-process with app.request(). */
export function createApi(deps: Deps) {
  const app = newRouter().basePath("/rest");

  app.onError(async (error, c) => {
    const apiError = toApiError(error, c.req.header("x-request-id"));
    for (const [name, value] of Object.entries(apiError.headers)) c.header(name, value);
    // The login call keeps its own answer shape for every error, including those raised
    // before its route runs (a body over MAX_BODY_BYTES, for one).
    if (c.req.path === "/rest/login" && c.req.method === "POST") return c.json(await loginFailure(c, apiError), apiError.status);
    return c.json(apiError.body(), apiError.status);
  });
  app.notFound((c) => c.json(new ApiError(404, "not_found", `No route for ${c.req.method} ${c.req.path}`).body(), 404));

  app.use("*", async (c, next) => {
    c.set(
      "deps",
      depsForRequest(deps, (name) => c.req.header(name)),
    );
    c.json = jsonAnswers(c);
    Object.assign(c.req, bodyReadOnce(c));
    await next();
    // Every answer, errors included: JSON is never cached, sniffed, framed or allowed to load anything.
    const headers = c.res.headers;
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Referrer-Policy", "no-referrer");
    headers.set("Content-Security-Policy", c.req.path === "/rest/docs" ? DOCS_CSP : "default-src 'none'; frame-ancestors 'none'");
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  });
  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, "payload_too_large", "Request body is larger than 1 MiB");
      },
    }),
  );
  app.use("*", refuseNulCharacters);
  for (const path of ["/api/*", "/logout"]) {
    app.use(path, (c, next) => requireToken({ counted: isCounted(c.req.method, c.req.path) })(c, next));
    app.use(path, accessGate);
  }
  for (const { method, path, recorder } of activityRecorders) app.on(method, path, recorder);
  // Inside authentication and the call limit: a read's 304 comes after its access check, and is given back.
  app.use("*", conditionalGet);

  // For load balancers and supervisors: alive (the process answers), and ready (it can serve).
  app.get("/health", (c) => c.json({ ok: true }));
  app.get("/ready", async (c) => {
    const problem = await readinessProblem(deps.db);
    return problem ? c.json(new ApiError(503, "unavailable", problem).body(), 503) : c.json({ ok: true });
  });
  app.route("/", authRoutes);
  app.route("/", scorecardRoutes);
  app.route("/", kpiRoutes);
  app.route("/", valueRoutes);
  app.route("/", groupedRoutes);
  app.route("/", webhookRoutes);
  app.route("/", alertRoutes);
  app.route("/", peopleRoutes);
  app.route("/", publicRoutes);
  app.route("/", initiativeRoutes);
  app.route("/", mapAndReportRoutes);
  app.route("/", noteRoutes);
  app.route("/", historyRoutes);
  app.route("/", activityRoutes);
  app.route("/", connectorRoutes);
  app.route("/", pushRoutes);
  app.route("/", feedRoutes);
  app.route("/", forecastRoutes);
  app.route("/", signInRoutes);

  app.openAPIRegistry.registerComponent("securitySchemes", "Token", { type: "apiKey", in: "header", name: "Token" });
  const openApiConfig = {
    openapi: "3.1.0",
    info: {
      title: "Gauge KPI API",
      version: "1.0.0",
      contact: { name: "Your Gauge installation's administrators" },
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      description:
        "Read and write KPI data held in scorecards. Log in with POST /rest/login, then send the token in the `Token` " +
        "header. Each account may make 100 calls per hour for each of its active admins and experts, pooled; batch calls count once.",
    },
    servers: [{ url: "/" }],
    tags: TAGS,
  };
  app.doc31("/openapi.json", openApiConfig);
  const dispatch = app.fetch;
  app.fetch = async (request, env, executionContext) => dispatch(await resolveAlias(request, deps), env, executionContext);
  // The filter is a plain GET form: the page runs no script at all.
  app.get("/docs", (c) => {
    // The dashboard's language cookie, else the browser's: the page's own words follow the reader.
    const locale = resolveLocale(getCookie(c, LOCALE_COOKIE), c.req.header("accept-language"));
    return c.html(renderDocsPage(app.getOpenAPI31Document(openApiConfig), (c.req.query("q") ?? "").slice(0, 200), locale));
  });
  return Object.assign(app, { deps });
}

export type Api = ReturnType<typeof createApi>;

/** `c.json` with the answer encoded by jsonChunks (see there why); same arguments, same headers. */
function jsonAnswers(c: Context<AppEnv>): Context<AppEnv>["json"] {
  const body = c.body as (data: Uint8Array | ReadableStream<Uint8Array>, arg?: unknown, headers?: Record<string, string>) => Response;
  const json = (object: unknown, arg?: unknown, headers?: Record<string, string>) =>
    body(jsonBody(object), arg, { "Content-Type": "application/json", ...headers });
  return json as unknown as Context<AppEnv>["json"];
}

/**
 * `c.req.text` and `c.req.json` reading the body once: the NUL guard, the idempotency hash, a
 * batch's size check, its validator and its handler each read it, and Hono decodes and parses it
 * again on every call. The text is decoded by decodeBody (the charset, or ISO-8859-1 for bytes
 * that are not UTF-8), from the raw bytes.
 */
function bodyReadOnce(c: Context<AppEnv>): Pick<Context<AppEnv>["req"], "text" | "json"> {
  const bytes = c.req.arrayBuffer.bind(c.req);
  let text: Promise<string> | undefined;
  let parsed: Promise<unknown> | undefined;
  const readText = () => (text ??= bytes().then((b) => decodeBody(b, c.req.header("Content-Type"))));
  const readJson = () => (parsed ??= readText().then((t) => normalizeKeys(JSON.parse(t))));
  return { text: readText, json: readJson as Context<AppEnv>["req"]["json"] };
}

async function loginFailure(c: Context<AppEnv>, error: ApiError): Promise<LoginResponse> {
  const body: unknown = await c.req.json().catch(() => null);
  const email = body && typeof body === "object" && "email" in body && typeof body.email === "string" ? body.email : "";
  // The four fields always; `details` only to say a two-factor code is needed or wrong.
  const otp = error.details.filter((d) => d.path === "otp");
  return { email, errorMessage: error.message, success: false, token: null, ...(otp.length > 0 ? { details: otp } : {}) };
}
