import { DEMO, expect, test } from "./fixtures";

// Runs last (its own project): it spends the rest of the demo account's hourly budget.
test("at the call limit every page read before still shows its figures, as of when they changed, and a never-read one says when", async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const kpiTable = page.getByRole("table", { name: "KPIs with their latest values" });
  // Pages read before the limit: the list and two scorecards.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Acme Corp balanced scorecard" })).toBeVisible();
  for (const docId of [1, 2]) {
    await page.goto(`/s/${docId}`);
    await expect(kpiTable).toBeVisible();
  }

  // The account's scripts spend the hour's calls but one.
  const api = await playwright.request.newContext({ baseURL });
  const { token } = await (await api.post("/rest/login", { data: { email: DEMO.email, contraseña: DEMO.password } })).json();
  const info = await (await api.get("/rest/api/access/info", { headers: { Token: token } })).json();
  await page.goto("/s/1/values?period=MONTH");
  const grid = page.getByRole("table", { name: "KPI values by period" });
  await expect(grid.getByRole("columnheader").nth(1)).toBeVisible();
  const months = (await grid.getByRole("columnheader").allInnerTexts()).slice(1);
  const spent = (await (await api.get("/rest/api/access/info", { headers: { Token: token } })).json()).usedCount;
  for (let i = spent; i < info.allowedCount - 1; i++) await api.get("/rest/api/documents/list", { headers: { Token: token } });

  // The last call saves a value: it is stored, but the page cannot read its figures again, and says so.
  await page.getByLabel(`Churn rate, ${months.at(-1)}`, { exact: true }).fill("12.6");
  await page.getByRole("button", { name: "Save 1 value" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved 1 value." })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /Figures as of \d{1,2}:\d{2}.*what you saved is stored/ })).toBeVisible();
  expect((await api.get("/rest/api/documents/list", { headers: { Token: token } })).status()).toBe(429);
  await api.dispose();

  // A view never read: it says so, and when it can be read.
  await page.goto("/s/3?period=YEAR&from=2019-01-01&to=2026-12-31");
  const alert = page.getByRole("alert").filter({ hasText: "This hour's API calls are used up" });
  await expect(alert).toContainText("This page has not been read before");
  await expect(alert).toContainText(/can be read again at \d{1,2}:\d{2}/);
  // Refused calls are not counted: the header shows the limit used, never more.
  // Figures are grouped as the reader's language writes them: 1,800 in English.
  await expect(page.getByRole("status", { name: new RegExp(`API calls: ${info.allowedCount.toLocaleString("en")} used, 0 left`) })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/call-limit.png" });

  // The list after the save: still the list, with its figures as of when they were read.
  const asOf = page.getByRole("status").filter({ hasText: /Figures as of \d{1,2}:\d{2}.* - live again at \d{1,2}:\d{2}/ });
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Acme Corp balanced scorecard" })).toBeVisible();
  await expect(asOf).toBeVisible();
  // The changed scorecard: its last figures, as of when.
  await page.goto("/s/1");
  await expect(kpiTable).toBeVisible();
  await expect(asOf).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/call-limit-cached.png", fullPage: true });
  // The unchanged one is confirmed for free: current figures, no notice.
  await page.goto("/s/2");
  await expect(kpiTable).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Figures as of" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "This hour's API calls are used up" })).toHaveCount(0);

  // The BFF passes the limit on in the contract's shape, with when to retry.
  const bff = await page.request.get("/api/document/3/kpi/indicators/grouped-value/WEEK/2020-01-01/2020-03-31");
  expect(bff.status()).toBe(429);
  expect(await bff.json()).toMatchObject({ success: false, code: "rate_limited" });
  expect(Number(bff.headers()["retry-after"])).toBeGreaterThan(0);
});
