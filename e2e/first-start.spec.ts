import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";

// A fresh installation without demo data, on a server of its own: the first visit creates the
// first admin (as Grafana and Metabase do), and nobody can do it a second time.
const PORT = 3298;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = ".data-e2e-first-start";
let server: ChildProcess;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ["lib/cli/start.mjs"], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR, DATABASE_URL: "", DEMO_DATA: "false" },
    stdio: "ignore",
  });
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${BASE}/rest/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

test("the first visit creates the first admin, who lands on an empty list and can invite people", async ({ page }) => {
  await page.goto(`${BASE}/`);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("heading", { name: "Welcome to Gauge" })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/first-start.png" });
  await page.getByLabel("Your e-mail").fill("founder@fresh.example");
  await page.getByLabel("Choose a password").fill("a long passphrase");
  await page.getByLabel("Repeat it").fill("a long passphrase");
  await page.getByRole("button", { name: "Create the first admin" }).click();
  await expect(page.getByRole("heading", { name: "Scorecards" })).toBeVisible();
  await expect(page.getByText("No scorecards yet")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "People" })).toBeVisible();

  // Too late for anyone else.
  const again = await page.request.post(`${BASE}/rest/setup`, { data: { email: "intruder@fresh.example", password: "a long passphrase" } });
  expect(again.status()).toBe(409);
  const other = await page.context().browser()!.newContext();
  const visitor = await other.newPage();
  await visitor.goto(`${BASE}/login`);
  await expect(visitor.getByRole("button", { name: "Log in" })).toBeVisible();
  await other.close();
});
