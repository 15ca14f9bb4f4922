import type { APIRequestContext, Page } from "@playwright/test";
import { AUTH_FILE } from "../playwright.config";
import { DEMO, expect, gridPeriods, test } from "./fixtures";

// Runs last (its own project): a script spends the rest of the demo account's hourly pool.
const EXPERT = { email: "pat.pages@example.com", password: "pat pages all day long" };
// What an expert opens in a working day, over and over: every page they may use.
const PAGES = [
  "/",
  "/s/1",
  "/s/1/values",
  "/s/2",
  "/s/1/map",
  "/s/1/activity",
  "/s/3?period=QUARTER",
  "/s/1/values?period=QUARTER",
  "/api-keys",
  "/connectors",
];

async function inviteExpert(api: APIRequestContext, admin: string): Promise<void> {
  const invitation = await (await api.post("/rest/api/invitations", { headers: { Token: admin }, data: { email: EXPERT.email, role: "expert" } })).json();
  const joined = await api.post("/rest/invitations/accept", { data: { token: invitation.token, password: EXPERT.password } });
  expect(joined.status()).toBe(200);
}

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(EXPERT.email);
  await page.getByLabel("Password").fill(EXPERT.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Scorecards" })).toBeVisible();
}

test.use({ storageState: { cookies: [], origins: [] } });

test("people never spend the pool: 300 pages and 20 saved batches leave it untouched, a script's key gets its 429, and the API keys page names it", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const api = await playwright.request.newContext({ baseURL });
  const admin = (await (await api.post("/rest/login", { data: { email: DEMO.email, contraseña: DEMO.password } })).json()).token as string;
  await inviteExpert(api, admin);
  const info = async () =>
    (await (await api.get("/rest/api/access/info", { headers: { Token: admin } })).json()) as { usedCount: number; allowedCount: number };
  const before = (await info()).usedCount;

  await logIn(page);
  // Nothing on any page speaks of a limit: no "too many requests" page, no figures held back.
  const limited = page.getByRole("heading", { name: "Too many requests from this browser" }).or(page.getByRole("status").filter({ hasText: "Figures as of" }));
  for (let i = 0; i < 300; i++) {
    await page.goto(PAGES[i % PAGES.length]!);
    await expect(page.locator("main")).toBeVisible();
    await expect(limited).toHaveCount(0);
  }
  await page.goto("/s/1/values?period=MONTH");
  const grid = page.getByRole("table", { name: "KPI values by period" });
  const lastMonth = (await gridPeriods(grid)).at(-1)!;
  for (let i = 0; i < 20; i++) {
    await page.getByLabel(`Churn rate, ${lastMonth}`, { exact: true }).fill(String(12 + i / 10));
    await page.getByRole("button", { name: "Save 1 value" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved 1 value." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save 1 value" })).toHaveCount(0);
  }
  expect((await info()).usedCount, "the pool after 300 pages and 20 saves").toBe(before);

  // A script's API key spends the rest of the pool, and its next call is refused.
  const key = (await (await api.post("/rest/api/api-keys", { headers: { Token: admin }, data: { name: "Warehouse sync" } })).json()).key as string;
  const { usedCount, allowedCount } = await info();
  for (let i = usedCount; i < allowedCount; i++) expect((await api.get("/rest/api/documents/list", { headers: { Token: key } })).status()).toBe(200);
  const refused = await api.get("/rest/api/documents/list", { headers: { Token: key } });
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toMatchObject({ success: false, code: "rate_limited" });
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  await api.dispose();

  // The person carries on at the limit, and the API keys page says what spent the pool.
  await page.goto("/s/2");
  await expect(page.getByRole("table", { name: "KPIs with their latest values" })).toBeVisible();
  await expect(limited).toHaveCount(0);
  await page.goto("/api-keys");
  const pool = page.getByRole("region", { name: "Calls by programs this hour" });
  await expect(pool.getByRole("status")).toContainText(
    new RegExp(`${allowedCount.toLocaleString("en")} of ${allowedCount.toLocaleString("en")} used, 0 left; the hour resets at \\d{1,2}:\\d{2}`),
  );
  await expect(pool.getByRole("row", { name: /^Other people's keys, tokens and links Others – [\d,]+$/ })).toBeVisible();
  // An admin sees each spender by name.
  const adminContext = await browser.newContext({ baseURL, storageState: AUTH_FILE });
  const adminPage = await adminContext.newPage();
  await adminPage.goto("/api-keys");
  const adminPool = adminPage.getByRole("region", { name: "Calls by programs this hour" });
  await expect(adminPool.getByRole("row", { name: /^Warehouse sync API key demo@example\.com [\d,]+$/ })).toBeVisible();
  await adminPage.screenshot({ path: "e2e/screenshots/call-pool.png", fullPage: true });
  await adminContext.close();
});
