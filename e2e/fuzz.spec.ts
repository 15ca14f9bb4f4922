import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import fc from "fast-check";
import { ErrorBody } from "@/lib/contract/common";
import { endpoints } from "@/lib/bff/endpoints";
import type { AnyEndpoint } from "@/lib/bff/endpoint-spec";
import {
  CONTENT_TYPES,
  filledPath,
  HOSTILE_CLASSES,
  HOSTILE_STRINGS,
  leaves,
  operationsOf,
  replaced,
  requestBody,
  type Operation,
} from "@/lib/testing/hostile";
import { expect, test } from "./fixtures";

// The whole app over real HTTP (its own server: unlimited budget, its own data): the API, the
// BFF and the pages, under hostile requests. No answer may be a 5xx; every error of the API and
// of the BFF comes in the contract's shape.
const PORT = 3299;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = ".data-e2e-fuzz";
const PAGES = [
  "/",
  "/s/{docId}",
  "/s/{docId}/values",
  "/s/{docId}/alerts",
  "/s/{docId}/sharing",
  "/webhooks",
  "/people",
  "/api-keys",
  "/account",
  "/login",
  "/join/{id}",
  "/p/{eventId}",
  "/security",
  "/forgot",
  "/reset/{id}",
];
const PAGE_QUERY = ["period", "from", "to", "kpi", "next", "q", "expired", "sso_error", "reset"];

test.describe.configure({ mode: "serial", timeout: 300_000 });

let server: ChildProcess;
let token = "";
let cookie = "";
let operations: Operation[] = [];
const real: Record<string, string> = {
  docId: "1",
  date: "2024-02-29",
  startDate: "2024-01-01",
  endDate: "2024-12-31",
  period: "MONTH",
  id: "1",
  eventId: "msg_x",
};
let sent = 0;

interface Answer {
  status: number;
  type: string;
  body: string;
  location?: string;
}

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  sent++;
  return new Promise((resolve, reject) => {
    const req = http.request(`${BASE}${path.replace(/ /g, "%20")}`, { method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, type: String(res.headers["content-type"] ?? ""), body: text, location: res.headers.location }));
    });
    // Node's client reports the answer to a CONNECT on this event, with the body still on the socket.
    req.on("connect", (res, socket, head) => {
      let text = head.toString("utf8");
      socket.on("data", (c: Buffer) => (text += c.toString("utf8")));
      socket.on("end", () => resolve({ status: res.statusCode!, type: String(res.headers["content-type"] ?? ""), body: text }));
    });
    req.on("error", reject);
    // A request the server never answers is a failure too.
    req.setTimeout(20_000, () => req.destroy(new Error(`no answer within 20 s: ${method} ${path}`)));
    req.end(body);
  });
}

function expectSound(where: string, answer: Answer) {
  expect(answer.status, `${where} → ${answer.body.slice(0, 200)}`).toBeLessThan(500);
  const json = answer.type.includes("application/json");
  if (answer.status >= 400 && json && !where.startsWith("HEAD ") && !where.includes(" /rest/login")) {
    const parsed = ErrorBody.safeParse(JSON.parse(answer.body));
    expect(parsed.success, `${where} → ${answer.body.slice(0, 200)}`).toBe(true);
  }
}

test.beforeAll(async () => {
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ["lib/cli/start.mjs"], {
    env: { ...process.env, LOG_LEVEL: "warn", PORT: String(PORT), DATA_DIR, DATABASE_URL: "", RATE_LIMIT_PER_HOUR: "100000000" },
    stdio: "ignore",
  });
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${BASE}/rest/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const login = await fetch(`${BASE}/rest/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "demo@example.com", contraseña: "demo-password" }),
  });
  token = (await login.json()).token;
  const session = await fetch(`${BASE}/api/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: BASE },
    body: JSON.stringify({ email: "demo@example.com", contraseña: "demo-password" }),
  });
  cookie = session.headers.get("set-cookie")!.split(";")[0]!;
  operations = operationsOf(await (await fetch(`${BASE}/rest/openapi.json`)).json());
  const tree = await (await fetch(`${BASE}/rest/api/document/1/kpi/tree`, { headers: { Token: token } })).json();
  real.guid = tree.root.children[0].children[0].guid;
});

test.afterAll(() => {
  server?.kill("SIGTERM");
  console.log(`fuzz over HTTP: ${sent} requests`);
});

const cookieVariant = fc.constantFrom("valid", "valid", "valid", "none", "Fe26.2*1*a*b*c*d*e*f", "Ae26.2*x", "%ff", "x".repeat(4000));
const cookieHeader = (variant: string): Record<string, string> =>
  variant === "none" ? {} : { Cookie: variant === "valid" ? cookie : `gauge_session=${variant}` };
const oddMethod = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "PROPFIND", "CONNECT");
const bigHeader = fc.boolean().map((b): Record<string, string> => (b && Math.random() < 0.05 ? { "X-Padding": "a".repeat(17 * 1024) } : {}));

test("the API over HTTP: hostile requests from the contract, 1200 of them", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.nat().chain((pick) => {
        const op = operations[pick % operations.length]!;
        return fc.record({
          op: fc.constant(op),
          path: filledPath(op.template, real),
          method: fc.oneof({ weight: 5, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: oddMethod }),
          body: requestBody(op.example),
          type: fc.constantFrom(...CONTENT_TYPES),
          token: fc.constantFrom("valid", "valid", "valid", "none", "gst_bogus"),
          big: bigHeader,
        });
      }),
      async (r) => {
        const headers: Record<string, string> = { ...r.big };
        if (r.type && /^[\x20-\x7e]*$/.test(r.type)) headers["Content-Type"] = r.type;
        if (r.token !== "none") headers.Token = r.token === "valid" ? token : r.token;
        const withBody = !["GET", "HEAD", "TRACE", "CONNECT", "OPTIONS"].includes(r.method);
        expectSound(`${r.method} ${r.path}`, await send(r.method, r.path, headers, withBody ? r.body : undefined));
      },
    ),
    { numRuns: 1200 },
  );
});

test("the BFF over HTTP: every endpoint with hostile params, bodies, cookies and origins, 800 of them, and every field swept", async () => {
  const routes = Object.values(endpoints as Record<string, AnyEndpoint>);
  const exampleOf = (endpoint: AnyEndpoint) => operations.find((o) => o.method === endpoint.method && o.template === `/rest${endpoint.path}`)?.example;
  await fc.assert(
    fc.asyncProperty(
      fc.nat().chain((pick) => {
        const endpoint = routes[pick % routes.length]!;
        return fc.record({
          endpoint: fc.constant(endpoint),
          path: filledPath(endpoint.path, real),
          method: fc.oneof({ weight: 5, arbitrary: fc.constant(endpoint.method as string) }, { weight: 1, arbitrary: oddMethod }),
          body: requestBody(exampleOf(endpoint)),
          cookie: cookieVariant,
          origin: fc.constantFrom(BASE, BASE, "https://evil.example", "null", undefined),
          big: bigHeader,
        });
      }),
      async (r) => {
        const headers: Record<string, string> = { ...cookieHeader(r.cookie), "Content-Type": "application/json", ...r.big };
        if (r.origin) headers.Origin = r.origin;
        const withBody = !["GET", "HEAD", "TRACE", "CONNECT", "OPTIONS"].includes(r.method);
        expectSound(`${r.method} ${r.path}`, await send(r.method, r.path, headers, withBody ? r.body : undefined));
      },
    ),
    { numRuns: 800 },
  );
  for (const endpoint of routes.filter((e) => e.kind === "write" && !e.serverOnly)) {
    const example = exampleOf(endpoint);
    const path = endpoint.path.replace(/\{(\w+)\}/g, (_, n: string) => real[n] ?? "1");
    for (const leaf of example === undefined ? [] : leaves(example)) {
      for (const value of HOSTILE_CLASSES) {
        const body = JSON.stringify(replaced(example, leaf, value));
        expectSound(
          `${endpoint.method} ${path} ${body.slice(0, 80)}`,
          await send(endpoint.method, path, { Cookie: cookie, Origin: BASE, "Content-Type": "application/json" }, body),
        );
      }
    }
  }
});

test("the pages over HTTP: hostile paths, queries and cookies, 400 of them", async () => {
  // A lone surrogate cannot be encoded at all; it is sent as a broken escape instead.
  const encoded = HOSTILE_STRINGS.map((v) => {
    try {
      return encodeURIComponent(v);
    } catch {
      return "%ED%A0%80";
    }
  });
  const queryValue = fc.constantFrom(...encoded, "%ff", "%E0%80", "/%5Cevil.example", "%09/evil.example", "YEAR", "2024-01-01");
  await fc.assert(
    fc.asyncProperty(
      fc
        .record({
          template: fc.constantFrom(...PAGES),
          query: fc.array(fc.tuple(fc.constantFrom(...PAGE_QUERY), queryValue), { maxLength: 3 }),
          cookie: cookieVariant,
          method: fc.oneof({ weight: 6, arbitrary: fc.constant("GET") }, { weight: 1, arbitrary: oddMethod }),
        })
        .chain((r) => filledPath(r.template, real).map((path) => ({ ...r, path }))),
      async (r) => {
        const query = r.query.map(([k, v]) => `${k}=${v}`).join("&");
        const path = query ? `${r.path}?${query}` : r.path;
        const answer = await send(r.method, path, { ...cookieHeader(r.cookie), Accept: "text/html" });
        expectSound(`${r.method} ${path}`, answer);
        if (answer.location) expect(new URL(answer.location, BASE).origin, `${path} → ${answer.location}`).toBe(BASE);
      },
    ),
    { numRuns: 400 },
  );
});

test("the sign-in routes over HTTP: hostile bodies, queries and cookies, 300 of them, and never a redirect off this site", async () => {
  const value = fc.constantFrom(...HOSTILE_STRINGS, "demo@example.com", "gpr_x", "a long enough password", null, 7, [], {});
  const bodies = ["/api/session/oidc/start", "/api/session/password-reset", "/api/session/password-reset/confirm"];
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        path: fc.constantFrom(...bodies),
        body: fc.oneof(fc.record({ email: value, next: value }), fc.record({ token: value, password: value }), fc.constantFrom("not json", "[]", "null")),
        cookie: cookieVariant,
      }),
      async (r) => {
        const answer = await send(
          "POST",
          r.path,
          { ...cookieHeader(r.cookie), "Content-Type": "application/json", Origin: BASE },
          typeof r.body === "string" ? r.body : JSON.stringify(r.body),
        );
        expectSound(`POST ${r.path}`, answer);
      },
    ),
    { numRuns: 200 },
  );
  const encoded = HOSTILE_STRINGS.flatMap((v) => {
    try {
      return [encodeURIComponent(v)];
    } catch {
      return [];
    }
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.constantFrom("state", "code", "iss", "error", "error_description"), fc.constantFrom(...encoded, "%ff", "x")), { maxLength: 4 }),
      fc.constantFrom(...encoded, "{}", '{"state":"x","next":"//evil.example"}'),
      async (query, oidcCookie) => {
        const path = `/api/session/oidc/callback?${query.map(([k, v]) => `${k}=${v}`).join("&")}`;
        const answer = await send("GET", path, { Cookie: `gauge_oidc=${oidcCookie}` });
        expectSound(`GET ${path}`, answer);
        expect(answer.status).toBe(303);
        expect(new URL(answer.location!, BASE).origin, `${path} → ${answer.location}`).toBe(BASE);
      },
    ),
    { numRuns: 100 },
  );
});
