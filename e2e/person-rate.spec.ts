import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startGauge } from "./gauge-process";

// A runaway tab (a script reloading a page in a loop) meets the per-person rate: a page that says
// what happened and when it can go on, while the account's pool, the programs', stays untouched.
test("a runaway tab gets a page that says so, and the account's programs keep their pool", async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "gauge-runaway-"));
  const gauge = await startGauge({ DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", PERSON_RATE_LIMIT: "40" });
  const context = await browser.newContext({ baseURL: gauge.url });
  try {
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("E-mail").fill("demo@example.com");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("heading", { name: "Scorecards" })).toBeVisible();
    const limited = page.getByRole("heading", { name: "Too many requests from this browser" });
    // A page view makes a handful of the person's requests: the rate is met within 40 views.
    for (let views = 0; views < 40 && (await limited.count()) === 0; views++) {
      const year = 2000 + views;
      await page.goto(`/s/3?period=${views % 2 ? "MONTH" : "QUARTER"}&from=${year}-01-01&to=${year}-12-31`);
    }
    await expect(limited).toBeVisible();
    await expect(page.getByRole("alert").filter({ has: limited })).toContainText(/more than a person can in ten minutes .* at \d{1,2}:\d{2}/);
    await page.screenshot({ path: "e2e/screenshots/person-rate.png" });
    const api = context.request;
    const { token } = await (await api.post("/rest/login", { data: { email: "demo@example.com", contraseña: "demo-password" } })).json();
    expect((await (await api.get("/rest/api/access/info", { headers: { Token: token } })).json()).usedCount).toBe(0);
    expect((await api.get("/rest/api/documents/list", { headers: { Token: token } })).status()).toBe(200);
  } finally {
    await context.close();
    await gauge.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
