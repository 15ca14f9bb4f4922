import { expect, logInAsDemo, test } from "../fixtures";

// Contexts made in a test start with the project's saved session unless told otherwise.
const NO_SESSION = { cookies: [], origins: [] };

test("a revoked token sends the user back to /login with a message", async ({ browser, baseURL }) => {
  // Two browsers holding the same session cookie: one logs out (revoking the token upstream) ...
  const first = await browser.newContext({ baseURL, storageState: NO_SESSION });
  const page = await first.newPage();
  await logInAsDemo(page);
  const cookies = await first.cookies();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // ... and the other, still holding the old cookie, finds its token dead.
  const second = await browser.newContext({ baseURL, storageState: NO_SESSION });
  await second.addCookies(cookies);
  const stale = await second.newPage();
  await stale.goto("/s/1");
  await expect(stale).toHaveURL(/\/login\?expired=1&next=%2Fs%2F1/);
  await expect(stale.getByRole("status")).toHaveText("Your session has ended. Please log in again.");
  await first.close();
  await second.close();
});

test("a logged-out session's cookie reads nothing, even what another session of the account has just cached", async ({ browser, baseURL }) => {
  const login = async () => {
    const context = await browser.newContext({ baseURL, storageState: NO_SESSION });
    const response = await context.request.post("/api/session", {
      headers: { Origin: baseURL! },
      data: { email: "demo@example.com", contraseña: "demo-password" },
    });
    expect(response.status()).toBe(200);
    return context;
  };
  const a = await login();
  const b = await login();
  const aCookies = await a.cookies();
  expect((await a.request.delete("/api/session", { headers: { Origin: baseURL! } })).status()).toBe(204);
  expect((await b.request.get("/api/document/2/kpi/tree")).status()).toBe(200);

  const stale = await browser.newContext({ baseURL, storageState: NO_SESSION });
  await stale.addCookies(aCookies);
  const read = await stale.request.get("/api/document/2/kpi/tree");
  expect(read.status()).toBe(401);
  expect(await read.text()).not.toContain("Sales team scorecard");
  for (const context of [a, b, stale]) await context.close();
});

test("without a session every dashboard page asks to log in first", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: NO_SESSION });
  const page = await context.newPage();
  await page.goto("/s/2/values?period=WEEK");
  await expect(page).toHaveURL(/\/login\?next=%2Fs%2F2%2Fvalues%3Fperiod%3DWEEK$/);
  const api = await context.request.get("/api/documents/list");
  expect(api.status()).toBe(401);
  await context.close();
});

test("state-changing BFF routes refuse cross-origin requests", async ({ page, baseURL }) => {
  for (const [method, url] of [
    ["POST", "/api/document/1/kpi/batch/set-values"],
    ["POST", "/api/session"],
    ["DELETE", "/api/session"],
  ] as const) {
    const response = await page.request.fetch(url, {
      method,
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      data: { items: [], email: "demo@example.com", contraseña: "demo-password" },
    });
    expect(response.status(), `${method} ${url}`).toBe(403);
  }
  // The same host under another scheme or port, or a spoofed X-Forwarded-Host, is another origin.
  const own = new URL(baseURL!);
  for (const headers of <Record<string, string>[]>[
    { Origin: `https://${own.host}` },
    { Origin: `http://${own.hostname}:1` },
    { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" },
    { Origin: "null" },
  ]) {
    const response = await page.request.post("/api/document/1/kpi/batch/set-values", {
      headers: { ...headers, "Content-Type": "application/json" },
      data: { items: [] },
    });
    expect(response.status(), JSON.stringify(headers)).toBe(403);
  }
  // The session survived the attempt to log it out.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Scorecards" })).toBeVisible();
});

test("a scorecard that does not exist, or is another account's, shows a not-found page", async ({ page }) => {
  const response = await page.goto("/s/987654");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Nothing here" })).toBeVisible();
  await page.getByRole("link", { name: "Back to your scorecards" }).click();
  await expect(page.getByRole("heading", { name: "Scorecards" })).toBeVisible();
});

test("on plain HTTP from a LAN host name, logging in works, the cookie is not Secure, and the login page says the connection is not encrypted", async ({
  playwright,
  baseURL,
}) => {
  const port = new URL(baseURL!).port;
  // gauge.lan resolves to this machine, but is no "localhost": Chromium drops Secure cookies sent over plain HTTP to it.
  const browser = await playwright.chromium.launch({
    executablePath: test.info().project.use.launchOptions?.executablePath,
    args: [...(test.info().project.use.launchOptions?.args ?? []), "--host-resolver-rules=MAP gauge.lan 127.0.0.1"],
  });
  try {
    const context = await browser.newContext({ baseURL: `http://gauge.lan:${port}` });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByRole("status").filter({ hasText: "This connection is not encrypted" })).toBeVisible();
    await logInAsDemo(page);
    const cookie = (await context.cookies()).find((c) => c.name === "gauge_session");
    expect(cookie?.secure).toBe(false);
  } finally {
    await browser.close();
  }
});

test("from localhost the login page has no notice that the connection is not encrypted", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await expect(page.getByText("This connection is not encrypted")).toHaveCount(0);
  await context.close();
});
