import "server-only";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { AppEnv, Deps } from "../context";
import { ApiError } from "../errors";
import { budgetHeaders } from "../domain/call-limit";
import { callLimitReached, isConditionalRead, spendForConditionalRead } from "../conditional-spend";
import { depsForRequest } from "../public-origin";
import { authenticate } from "../domain/tokens";
import { conditionalGet } from "../conditional-get";
import { metadataDocument, serviceDocument } from "./metadata";
import { setNamed, type EntitySet } from "./model";
import { ODataError, queryPlan, type QueryPlan } from "./options";
import { preferredPageSize, readPage } from "./read";

const JSON_TYPE = "application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8";
const CHALLENGE = { "WWW-Authenticate": 'Basic realm="Gauge", charset="UTF-8"' };

/** The credentials of a request: HTTP Basic (e-mail and an API key, as Excel and Power BI send them) or the Token header. */
function credentialsOf(c: Context<AppEnv>): { token: string; email?: string } | null {
  const authorization = c.req.header("Authorization") ?? "";
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  if (basic) {
    const text = Buffer.from(basic[1]!, "base64").toString("utf8");
    const colon = text.indexOf(":");
    return colon < 0 ? null : { email: text.slice(0, colon).trim(), token: text.slice(colon + 1) };
  }
  const token = c.req.header("Token");
  return token ? { token } : null;
}

/**
 * Authenticates as the REST API does, and counts a read of data as one call (a conditional read
 * only when it is not answered 304): the service and metadata documents are free. A Basic e-mail
 * must be the key's user.
 */
const requireCaller: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { deps } = c.var;
  const credentials = credentialsOf(c);
  if (!credentials) throw new ODataError(401, "Unauthorized", "Sign in with your e-mail and an API key (HTTP Basic), or send the Token header", CHALLENGE);
  const path = c.req.path.replace(/\/+$/, "");
  const counted = path !== "/odata" && path !== "/odata/$metadata";
  const conditional = counted && isConditionalRead(c);
  const found = await authenticate(deps, credentials.token, counted && !conditional);
  if (!found || (credentials.email !== undefined && found.caller.email.toLowerCase() !== credentials.email.toLowerCase())) {
    throw new ODataError(401, "Unauthorized", "The e-mail and API key do not match an active key: create one on the API keys page", CHALLENGE);
  }
  if (found.twoFactorMissing) throw new ODataError(403, "Forbidden", "This account requires two-factor codes: set yours up first, or use an API key");
  c.set("caller", { ...found.caller, via: "api" });
  const asOData = (error: unknown) => {
    if (error instanceof ApiError && error.status === 429) throw new ODataError(429, "TooManyRequests", error.message, error.headers);
    throw error;
  };
  if (conditional) return spendForConditionalRead(c, found.caller, next).catch(asOData);
  const { budget } = found;
  if (!budget) return next();
  if (found.refused) asOData(callLimitReached(deps, budget));
  await next();
  for (const [name, value] of Object.entries(budgetHeaders(budget, deps.now()))) c.res.headers.set(name, value);
};

/** The address clients see the service at (PUBLIC_URL when set, else the request's: see depsForRequest). */
const baseOf = (c: Context<AppEnv>) => `${(c.var.deps.config.dashboardUrl ?? new URL(c.req.url).origin).replace(/\/$/, "")}/odata`;

const contextOf = (base: string, set: EntitySet, plan: QueryPlan) => `${base}/$metadata#${set.name}${plan.select ? `(${plan.select.join(",")})` : ""}`;

function odataJson(c: Context<AppEnv>, body: unknown) {
  return c.body(JSON.stringify(body), 200, { "Content-Type": JSON_TYPE });
}

/** The read-only OData v4 service at /odata, on the same deps as the REST API. */
export function createODataApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.onError((error, c) => {
    const odata =
      error instanceof ODataError
        ? error
        : error instanceof ApiError
          ? new ODataError(error.status === 404 ? 404 : 400, error.code, error.message)
          : (console.error("[odata] unexpected error:", error), null);
    const status = odata?.status ?? 500;
    const body = { error: { code: odata?.code ?? "InternalError", message: odata?.message ?? "Internal server error" } };
    return c.body(JSON.stringify(body), status, { "Content-Type": JSON_TYPE, "OData-Version": "4.0", "Cache-Control": "no-store", ...odata?.headers });
  });
  app.notFound(() => {
    throw new ODataError(404, "NotFound", "No such resource: the service document at /odata lists the entity sets");
  });
  app.use("*", async (c, next) => {
    c.set(
      "deps",
      depsForRequest(deps, (name) => c.req.header(name)),
    );
    await next();
    c.res.headers.set("OData-Version", "4.0");
    c.res.headers.set("X-Content-Type-Options", "nosniff");
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  app.use("*", requireCaller);
  app.use("*", conditionalGet);

  app.get("/odata", (c) => odataJson(c, serviceDocument(baseOf(c))));
  app.get("/odata/*", async (c) => {
    const path = decodeURIComponent(c.req.path.slice("/odata/".length));
    if (path === "") return odataJson(c, serviceDocument(baseOf(c)));
    if (path === "$metadata") return c.body(metadataDocument(), 200, { "Content-Type": "application/xml;charset=utf-8" });
    const counting = /^([A-Za-z]+)\/\$count$/.exec(path);
    if (counting) {
      const set = setOrThrow(counting[1]!);
      const page = await readPage(c.var, set, { ...queryPlan(new URL(c.req.url).searchParams, set), count: true, top: 0 });
      return c.body(String(page.count), 200, { "Content-Type": "text/plain;charset=utf-8" });
    }
    const resource = /^([A-Za-z]+)(?:\((.*)\))?$/.exec(path);
    if (!resource) throw new ODataError(404, "NotFound", `No resource ${path}: the service document at /odata lists the entity sets`);
    return answerSet(c, setOrThrow(resource[1]!), resource[2]);
  });
  return app;
}

/** A set's rows (a page, with its nextLink), or the one entity a key names. */
async function answerSet(c: Context<AppEnv>, set: EntitySet, key: string | undefined) {
  const url = new URL(c.req.url);
  const plan = queryPlan(url.searchParams, set);
  const base = baseOf(c);
  if (key !== undefined) {
    const page = await readPage(c.var, set, { ...plan, filter: keyFilter(set, key, plan), top: 1, skip: 0, token: 0, cursor: null, count: false });
    if (page.rows.length === 0) throw new ODataError(404, "NotFound", `No ${set.type} ${key} that you may read`);
    return odataJson(c, { "@odata.context": `${contextOf(base, set, plan)}/$entity`, ...page.rows[0] });
  }
  const pageSize = preferredPageSize(c.req.header("Prefer"));
  const page = await readPage(c.var, set, plan, pageSize ?? undefined);
  const next = new URL(`${base}/${set.name}${url.search}`);
  if (page.nextToken !== null) next.searchParams.set("$skiptoken", page.nextToken);
  if (pageSize !== null) c.header("Preference-Applied", `odata.maxpagesize=${pageSize}`);
  return odataJson(c, {
    "@odata.context": contextOf(base, set, plan),
    ...(page.count !== null ? { "@odata.count": page.count } : {}),
    value: page.rows,
    ...(page.nextToken !== null ? { "@odata.nextLink": next.toString() } : {}),
  });
}

function setOrThrow(name: string): EntitySet {
  const set = setNamed(name);
  if (!set) throw new ODataError(404, "NotFound", `No entity set ${name}: the service document at /odata lists them`);
  return set;
}

/** `Kpis(0b6f...)`, `Scorecards(12)` or `Values(KpiGuid=...,Date=2026-01-01)` as a filter on the key, with the request's own filter. */
function keyFilter(set: EntitySet, text: string, plan: QueryPlan): QueryPlan["filter"] {
  const named = text.includes("=")
    ? Object.fromEntries(text.split(",").map((part) => part.split("=").map((s) => s.trim()) as [string, string]))
    : { [set.key[0]!]: text.trim() };
  if (Object.keys(named).length !== set.key.length || !set.key.every((k) => k in named)) {
    throw new ODataError(400, "BadRequest", `${set.name} is keyed by ${set.key.join(" and ")}`);
  }
  const literal = (raw: string): string | number => (/^'.*'$/.test(raw) ? raw.slice(1, -1).replaceAll("''", "'") : /^-?\d+$/.test(raw) ? Number(raw) : raw);
  return set.key.reduce<QueryPlan["filter"]>((all, k) => {
    const part = { op: "cmp" as const, cmp: "eq" as const, property: k, value: literal(named[k]!) };
    return all ? { op: "and", left: all, right: part } : part;
  }, plan.filter);
}
