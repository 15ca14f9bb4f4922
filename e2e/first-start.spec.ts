import { spawn, type ChildProcess } from "node:child_process";

import { rmSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { gridPeriods, pasteInto, rowStatus, seriousFindings } from "./fixtures";

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
    env: { ...process.env, LOG_LEVEL: "warn", PORT: String(PORT), DATA_DIR, DATABASE_URL: "", DEMO_DATA: "false", RATE_LIMIT_PER_HOUR: "1000" },
    stdio: "ignore",
  });
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${BASE}/rest/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
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

/** axe finds no serious or critical violation in the light and the dark theme; a screenshot of each. */
async function expectNoSeriousViolations(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    // The header's toggle switches the theme in place, keeping open forms open.
    if (theme === "dark") await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await page.screenshot({ path: `e2e/screenshots/${name}-${theme}.png`, fullPage: true });
    expect(await seriousFindings(page), `${name}, ${theme}`).toEqual([]);
  }
  await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
}

/** The open KPI form's field, by its label. */
const kpiField = (page: Page, label: string) => page.getByRole("form", { name: /^(New KPI|Edit )/ }).getByLabel(label, { exact: true });

test("the first admin builds a scorecard from nothing: perspectives, KPIs with a formula, a year's plan and values, an initiative, the map", async ({
  page,
}) => {
  await page.goto(`${BASE}/login`);
  await page.getByLabel("E-mail").fill("founder@fresh.example");
  await page.getByLabel("Password").fill("a long passphrase");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Scorecards" })).toBeVisible();
  const used = async () => (await (await page.request.get(`${BASE}/api/access/info`)).json()).usedCount as number;
  const before = await used();

  await page.getByRole("button", { name: "New scorecard" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Company 2027");
  await page.getByLabel("Start from").selectOption("blank");
  await page.getByRole("button", { name: "Create" }).click();
  await page.waitForURL(/\/s\/\d+\/edit$/);
  const docId = Number(page.url().match(/\/s\/(\d+)\/edit/)![1]);

  const add = async (parent: string, kind: "KPI" | "container", name: string, fields: Record<string, string> = {}) => {
    await page.getByRole("button", { name: `Add a ${kind} to ${parent}` }).click();
    await kpiField(page, "Name").fill(name);
    for (const [label, value] of Object.entries(fields)) await kpiField(page, label).fill(value);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: `Added ${name}.` })).toBeVisible();
  };
  await add("Company 2027", "container", "Financial");
  await add("Company 2027", "container", "Customer");
  await add("Financial", "KPI", "Revenue", { Unit: "USD", Baseline: "0" });
  await add("Financial", "KPI", "Costs", { Unit: "USD", Target: "60", Baseline: "100" });
  await add("Financial", "KPI", "Profit", { Unit: "USD", Formula: "[Revenue] - [Costs]", Target: "40", Baseline: "0" });
  await add("Customer", "KPI", "Net promoter score", { Unit: "points", Target: "40", Baseline: "0" });

  // A year's monthly plan of targets, pasted from a spreadsheet, then the year's values: one save each.
  await page.goto(`${BASE}/s/${docId}/values?field=target`);
  await expect(page.getByRole("link", { name: "Targets", exact: true })).toHaveAttribute("aria-current", "page");
  const months = await gridPeriods(page.getByRole("table", { name: "KPI values by period" }));
  expect(months).toHaveLength(12);
  const plan = Array.from({ length: 12 }, (_, i) => 100 + i * 10);
  await pasteInto(page, `Revenue, ${months[0]}`, plan.join("\t"));
  await page.getByRole("button", { name: /^Save 12 / }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved 12 targets." })).toBeVisible();
  await expectNoSeriousViolations(page, "plan-grid");
  await page.goto(`${BASE}/s/${docId}/values`);
  const actual = plan.map((t, i) => (i % 3 === 2 ? t * 0.8 : t + 5));
  await pasteInto(page, `Revenue, ${months[0]}`, actual.join("\t"));
  await pasteInto(page, `Costs, ${months[0]}`, Array(12).fill("55").join("\t"));
  await page.getByRole("button", { name: /^Save 24 / }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved 24 values." })).toBeVisible();
  const records = await (await page.request.get(`${BASE}/api/document/${docId}/kpi/batch/records?field=target`)).json();
  expect(records.items.filter((r: { target: number }) => plan.includes(r.target))).toHaveLength(12);

  // An initiative on Revenue, shown on the map.
  await page.goto(`${BASE}/s/${docId}/edit`);
  await page.getByRole("list", { name: "KPIs of the scorecard" }).getByRole("button", { name: "Revenue", exact: true }).click();
  await page.getByRole("button", { name: "Add initiative" }).click();
  const form = page.getByRole("form", { name: "New initiative" });
  await form.getByLabel("Initiative", { exact: true }).fill("Open the Lyon office");
  await form.getByLabel("Status").selectOption("IN_PROGRESS");
  await form.getByLabel("Budget").fill("250000");
  await form.getByLabel("Responsible (comma-separated)").fill("ana@fresh.example");
  await expectNoSeriousViolations(page, "initiative-form");
  await form.getByRole("button", { name: "Add initiative" }).click();
  await expect(page.getByRole("region", { name: "Initiatives of Revenue" })).toContainText("Open the Lyon office");
  await expect(page.getByRole("region", { name: "Initiatives of Revenue" })).toContainText("In progress");

  // The map: an arrow from the customer to the money, and the same statuses as the scorecard page.
  await page.goto(`${BASE}/s/${docId}/map`);
  await page.getByLabel("From (the cause)").selectOption({ label: "Net promoter score (Customer)" });
  await page.getByLabel("To (the effect)").selectOption({ label: "Revenue (Financial)" });
  await page.getByRole("button", { name: "Add arrow" }).click();
  await expect(page.getByRole("region", { name: "Cause and effect" }).getByRole("listitem")).toHaveCount(1);
  const map = page.getByRole("group", { name: /Strategy map of Company 2027/ });
  await expect(map.getByRole("button", { name: /^Revenue: / })).toBeVisible();
  const onMap: Record<string, string> = {};
  for (const name of ["Revenue", "Costs", "Profit"])
    onMap[name] = (await map.getByRole("button", { name: new RegExp(`^${name}: `) }).getAttribute("aria-label"))!.split(": ")[1]!.split("; ")[0]!;
  await page.screenshot({ path: "e2e/screenshots/built-map.png", fullPage: true });
  // A person building in the dashboard spends none of the programs' pool.
  expect((await used()) - before).toBe(0);

  await page.goto(`${BASE}/s/${docId}?period=MONTH`);
  for (const name of ["Revenue", "Costs", "Profit"]) {
    expect(await rowStatus(page, name), name).toBe(onMap[name]);
  }
  // The last complete month's Revenue: 80 % of its plan, at risk, on both pages.
  expect(onMap.Revenue).toMatch(/^(At risk|On track|Off track) \d+ %$/);
  await page.getByRole("link", { name: "Revenue", exact: true }).click();
  await expect(page.getByText("Open the Lyon office")).toBeVisible();
});
