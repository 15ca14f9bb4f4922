import { DEMO, expect, test } from "./fixtures";

// Runs last (its own project): it spends the rest of the demo account's hourly budget.
test("at the call limit the dashboard says when to try again instead of failing", async ({ page, playwright, baseURL }) => {
  // It waits for a cached read to pass the cache's minute of freshness.
  test.setTimeout(180_000);
  // A view read just before the limit is reached.
  await page.goto("/s/1");
  await expect(page.getByRole("table", { name: "KPIs with their latest values" })).toBeVisible();
  const readAt = Date.now();
  const api = await playwright.request.newContext({ baseURL });
  const { token } = await (await api.post("/rest/login", { data: { email: DEMO.email, contraseña: DEMO.password } })).json();
  const info = await (await api.get("/rest/api/access/info", { headers: { Token: token } })).json();
  for (let i = info.usedCount; i < info.allowedCount; i++) await api.get("/rest/api/documents/list", { headers: { Token: token } });
  const refused = await api.get("/rest/api/documents/list", { headers: { Token: token } });
  expect(refused.status()).toBe(429);
  await api.dispose();

  // A view not read before, so no cache can answer it.
  await page.goto("/s/3?period=YEAR&from=2019-01-01&to=2026-12-31");
  const alert = page.getByRole("alert").filter({ hasText: "This hour's API calls are used up" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/Try again in about \d+ minutes?/);
  await expect(page.getByRole("status", { name: /API calls: \d+ used, 0 left/ })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/call-limit.png" });

  // A view read before is never dark: once its cached reads are over a minute old (the cache's
  // freshness), the page shows the last figures under "Figures as of", not a refusal.
  await page.waitForTimeout(Math.max(0, readAt + 61_000 - Date.now()));
  await page.goto("/s/1");
  await expect(page.getByRole("table", { name: "KPIs with their latest values" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /Figures as of \d{1,2}:\d{2}/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /live again at \d{1,2}:\d{2}/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "This hour's API calls are used up" })).toHaveCount(0);
  await page.screenshot({ path: "e2e/screenshots/call-limit-cached.png", fullPage: true });

  // The BFF passes the limit on in the contract's shape, with when to retry.
  const bff = await page.request.get("/api/document/3/kpi/indicators/grouped-value/WEEK/2020-01-01/2020-03-31");
  expect(bff.status()).toBe(429);
  expect(await bff.json()).toMatchObject({ success: false, code: "rate_limited" });
  expect(Number(bff.headers()["retry-after"])).toBeGreaterThan(0);
});
