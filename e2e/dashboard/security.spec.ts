import { expect, logInAsDemo, test } from "../fixtures";
import { pageRoutes } from "../page-routes";

const NO_SESSION = { cookies: [], origins: [] };

test("every kind of response carries the security headers", async ({ page }) => {
  const html = await (await page.request.get("/webhooks")).text();
  const script = /src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(html)![1]!;
  const checks = [
    // A script is no document: no Content-Security-Policy, Permissions-Policy or opener policy of its own.
    { what: "a script (precompressed)", url: script, document: false },
    { what: "a page", url: "/s/1/values" },
    { what: "a BFF read", url: "/api/documents/list" },
    { what: "an API call", url: "/rest/api/documents/list" },
    { what: "the API reference", url: "/rest/docs" },
  ];
  for (const { what, url, document = true } of checks) {
    const headers = (await page.request.get(url)).headers();
    expect(headers["x-frame-options"], what).toBe("DENY");
    expect(headers["x-content-type-options"], what).toBe("nosniff");
    expect(headers["referrer-policy"], what).toBeTruthy();
    if (!document) continue;
    expect(headers["content-security-policy"] ?? "", what).toContain("frame-ancestors 'none'");
    expect(headers["permissions-policy"], what).toContain("camera=()");
    expect(headers["cross-origin-opener-policy"], what).toBe("same-origin");
  }
  const scriptHeaders = (await page.request.get(script, { headers: { "Accept-Encoding": "gzip, deflate, br" } })).headers();
  expect(scriptHeaders["content-encoding"]).toBe("br");
  expect(scriptHeaders["cache-control"]).toContain("immutable");
  const pageCsp = (await page.request.get("/webhooks")).headers()["content-security-policy"]!;
  const scripts = pageCsp.split(";").find((d) => d.trim().startsWith("script-src"))!;
  expect(scripts).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
  expect(scripts).not.toContain("unsafe-inline");
  expect((await page.request.get("/rest/api/documents/list")).headers()["cache-control"]).toBe("no-store");
  expect((await page.request.get("/api/documents/list")).headers()["cache-control"]).toBe("no-store");
});

test("pages run under their Content-Security-Policy: no violation, the theme script and React both work", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) violations.push(message.text());
  });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/s/1");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Quarter" }).click();
  await expect(page).toHaveURL(/period=QUARTER/);
  await expect(page.getByRole("figure", { name: /by quarter/ })).toBeVisible();
  expect(violations).toEqual([]);
});

test("a login never sends the user to another site", async ({ page, browser, baseURL }) => {
  for (const next of ["/%5C127.0.0.9:4208/", "/%09/evil.example", "//evil.example", "https://evil.example/"]) {
    const response = await page.request.get(`/login?next=${next}`, { maxRedirects: 0 });
    expect(response.status(), next).toBe(307);
    expect(response.headers().location, next).toBe("/");
  }
  const context = await browser.newContext({ baseURL, storageState: NO_SESSION });
  const fresh = await context.newPage();
  await logInAsDemo(fresh, "/login?next=/%5Cevil.example/");
  expect(new URL(fresh.url()).origin).toBe(new URL(baseURL!).origin);
  await context.close();
});

test("a tampered session cookie is no session, not an error", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: NO_SESSION });
  await context.addCookies([{ name: "gauge_session", value: "Fe26.2*1*a*b*c*d*e*f", url: baseURL! }]);
  const page = await context.newPage();
  await page.goto("/s/1");
  await expect(page).toHaveURL(/\/login\?next=%2Fs%2F1/);
  expect((await context.request.get("/api/documents/list")).status()).toBe(401);
  await context.close();
});

test("malformed addresses, odd methods and oversized headers get a 4xx in the contract's shape", async ({ page, baseURL }) => {
  for (const url of ["/s/%ff", "/api/document/%ff/kpi/tree", "/rest/api/document/%ff/kpi/list"]) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(400);
  }
  const html = await page.request.get("/s/%E0%80", { headers: { Accept: "text/html" } });
  expect(html.status()).toBe(400);
  expect(await html.text()).toContain("This address is malformed");

  // Playwright's request API cannot send TRACE or PROPFIND; Node's fetch refuses TRACE too, so a raw socket it is.
  const { request } = await import("node:http");
  const raw = (method: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(new URL("/rest/health", baseURL), { method, headers }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", reject);
      req.end();
    });
  for (const method of ["TRACE", "PROPFIND"]) {
    const { status, body } = await raw(method);
    expect(status, method).toBe(405);
    expect(JSON.parse(body)).toMatchObject({ success: false, code: "method_not_allowed" });
  }
  const big = await raw("GET", { "X-Padding": "a".repeat(17 * 1024) });
  expect(big.status).toBe(431);
  expect(JSON.parse(big.body)).toMatchObject({ success: false, code: "payload_too_large" });
});

test("every page route carries the Content-Security-Policy and the other headers, with or without a session", async ({ page, browser, baseURL }) => {
  const routes = pageRoutes();
  expect(routes).toEqual(expect.arrayContaining(["/", "/api-keys", "/login", "/s/1/values", "/p/pub_not_published_0000000000"]));
  const anonymous = await browser.newContext({ baseURL, storageState: NO_SESSION });
  for (const request of [page.request, anonymous.request]) {
    for (const route of routes) {
      const response = await request.get(route, { maxRedirects: 0 });
      const headers = response.headers();
      expect(headers["content-security-policy"] ?? "", route).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(headers["content-security-policy"] ?? "", route).toContain("frame-ancestors 'none'");
      expect(headers["x-frame-options"], route).toBe("DENY");
      expect(headers["x-content-type-options"], route).toBe("nosniff");
    }
  }
  // The proxy also hands the path to the page, so a page behind the login sends the user back to it.
  const toLogin = await anonymous.request.get("/api-keys", { maxRedirects: 0 });
  expect(toLogin.headers().location).toBe("/login?next=%2Fapi-keys");
  await anonymous.close();
});

test("the workbook import route takes only a live session, and refuses a large body before reading it", async ({ browser, baseURL, page }) => {
  const origin = { Origin: new URL(baseURL!).origin, "Content-Type": "application/octet-stream" };
  const anonymous = await browser.newContext({ baseURL, storageState: NO_SESSION });
  expect((await anonymous.request.post("/api/import/xlsx", { headers: origin, data: Buffer.from("PK") })).status()).toBe(401);

  // A cookie whose token was revoked (its session logged out elsewhere) is no session either.
  const other = await browser.newContext({ baseURL, storageState: NO_SESSION });
  const login = await other.newPage();
  await logInAsDemo(login);
  await anonymous.addCookies(await other.cookies());
  await login.getByRole("button", { name: "Log out" }).click();
  await expect(login).toHaveURL(/\/login$/);
  const revoked = await anonymous.request.post("/api/import/xlsx", { headers: origin, data: Buffer.from("PK") });
  expect(revoked.status()).toBe(401);
  expect(await revoked.json()).toMatchObject({ success: false, code: "unauthorized" });
  await anonymous.close();
  await other.close();

  const large = await page.request.post("/api/import/xlsx", { headers: origin, data: Buffer.alloc(1024 * 1024 + 1) });
  expect(large.status()).toBe(413);
  expect(await large.json()).toMatchObject({ success: false, code: "payload_too_large" });
  const notAWorkbook = await page.request.post("/api/import/xlsx", { headers: origin, data: Buffer.from("not a workbook") });
  expect(notAWorkbook.status()).toBe(400);
});

test("an address the app does not have gets the dashboard's own 404 page, with the way back", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "There is no page at this address" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Your scorecards" })).toBeVisible();
  await expect(page.getByText("This page could not be found")).toHaveCount(0);
});

test("every request on a kept-alive connection gets an answer, however early the server refuses the one before", async ({ baseURL }) => {
  const { Agent, request } = await import("node:http");
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<unknown>();
  const send = (method: string, path: string, type: string, body: string) =>
    new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
      const req = request(new URL(path, baseURL), { method, agent, headers: { "Content-Type": type, Origin: new URL(baseURL!).origin } }, (res) => {
        sockets.add(res.socket);
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on("error", (e) => resolve({ error: `${method} ${path}: ${e.message}` }));
      req.end(body);
    });
  const big = "x".repeat(2 * 1024 * 1024);
  const outcomes: ({ status: number; body: string } | { error: string })[] = [];
  for (let round = 0; round < 4; round++) {
    // A body refused before it is read (too large, not JSON, no session), then a request right behind it on the same connection.
    for (const [path, type, body] of [
      ["/rest/api/documents", "text/plain", big],
      ["/rest/login", "application/json", big],
      ["/rest/api/document/1/kpi/batch/set-values", "application/xml", "z".repeat(300_000)],
      ["/api/document/1/kpi/batch/set-values", "text/plain", big],
      ["/api/import/xlsx", "application/octet-stream", big],
    ] as const) {
      outcomes.push(await send("POST", path, type, body));
      outcomes.push(await send("GET", "/rest/health", "application/json", ""));
    }
  }
  agent.destroy();
  expect(outcomes.filter((o) => "error" in o)).toEqual([]);
  for (const o of outcomes as { status: number; body: string }[]) {
    expect(o.status).toBeLessThan(500);
    expect(JSON.parse(o.body)).toEqual(o.status < 300 ? expect.anything() : expect.objectContaining({ success: false }));
  }
  // The refusals kept their connections: far fewer sockets than requests.
  expect(sockets.size).toBeLessThan(outcomes.length / 4);
});
