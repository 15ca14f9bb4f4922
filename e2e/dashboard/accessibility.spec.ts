import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures";

const PAGES = [
  { name: "scorecards", path: "/", ready: { role: "heading" as const, name: "Scorecards" } },
  { name: "scorecard", path: "/s/1", ready: { role: "table" as const, name: "KPIs with their latest values" } },
  { name: "values", path: "/s/1/values", ready: { role: "table" as const, name: "KPI values by period" } },
  { name: "webhooks", path: "/webhooks", ready: { role: "heading" as const, name: "New webhook" } },
  { name: "alerts", path: "/s/1/alerts", ready: { role: "heading" as const, name: "Alerts" } },
];

for (const { name, path, ready } of PAGES) {
  for (const theme of ["light", "dark"] as const) {
    test(`the ${name} page in the ${theme} theme has no serious accessibility violation`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(path);
      await expect(page.getByRole(ready.role, { name: ready.name })).toBeVisible();
      await page.screenshot({ path: `e2e/screenshots/${name}-${theme}.png`, fullPage: true });
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
    });
  }
}

test("the scorecard page works on a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/s/1");
  await expect(page.getByRole("table", { name: "KPIs with their latest values" })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/scorecard-phone.png", fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the login page has no serious accessibility violation", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/login-light.png" });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await context.close();
});
