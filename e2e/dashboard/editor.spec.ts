import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, seriousFindings, test } from "../fixtures";

const outline = (page: Page) => page.getByRole("list", { name: "KPIs of the scorecard" });

/** The open KPI form: a new KPI's or the chosen KPI's. */
const kpiForm = (page: Page) => page.getByRole("form", { name: /^(New KPI|Edit )/ });

/** Fills a field of the open KPI form by its label, from the keyboard. */
async function type(page: Page, label: string, text: string) {
  const field = kpiForm(page).getByLabel(label, { exact: true });
  await field.focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type(text);
}

test("builds a scorecard in the browser: template, KPIs with a formula, moves, delete and undo, all from the keyboard, spending none of the pool", async ({
  page,
  usedCalls,
}) => {
  // A long journey (about 60 API calls through the browser): 29.3 s of the default 30 s on a slow machine.
  test.slow();
  const before = await usedCalls();
  await page.goto("/");
  await page.getByRole("button", { name: "New scorecard" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Built in the browser");
  await page.getByLabel("Start from").selectOption("bsc");
  await page.getByLabel("Name", { exact: true }).press("Enter");
  await page.waitForURL(/\/s\/\d+\/edit$/);
  const docId = Number(page.url().match(/\/s\/(\d+)\/edit/)![1]);
  await expect(outline(page).getByRole("button", { name: "Financial", exact: true })).toBeVisible();
  await expect(outline(page).getByRole("listitem")).toHaveCount(5);

  // Two KPIs and a formula KPI in Financial, keyboard only: Tab to a control, Enter to press it.
  const addTo = async (container: string, name: string, fill: Record<string, string>) => {
    await page.getByRole("button", { name: `Add a KPI to ${container}` }).focus();
    await page.keyboard.press("Enter");
    await type(page, "Name", name);
    for (const [label, value] of Object.entries(fill)) await type(page, label, value);
    await page.getByRole("button", { name: "Add", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Added ${name}.` })).toBeVisible();
  };
  await addTo("Financial", "Revenue", { Unit: "USD", Target: "1000", Baseline: "500" });
  await addTo("Financial", "Costs", { Unit: "USD", Target: "600", Baseline: "800" });
  await page.getByRole("button", { name: "Add a KPI to Financial" }).click();
  await type(page, "Name", "Profit");
  await type(page, "Formula", "[Revenue] - [Cost]");
  await expect(page.getByText("No KPI named “Cost” in this scorecard")).toBeVisible();
  await type(page, "Formula", "[Revenue] - [Costs]");
  await expect(page.getByText(/: no result/)).toBeVisible();
  await page.getByRole("button", { name: "Add", exact: true }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Added Profit." })).toBeVisible();
  await addTo("Customer", "Net promoter score", { Unit: "points", Target: "40", Baseline: "10" });

  // Invalid input keeps what was typed and says why.
  await outline(page).getByRole("button", { name: "Costs", exact: true }).click();
  await type(page, "Scale minimum", "100");
  await type(page, "Scale maximum", "50");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "min must be below max" })).toBeVisible();
  await expect(kpiForm(page).getByLabel("Scale minimum", { exact: true })).toHaveValue("100");
  await type(page, "Scale maximum", "1000");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved Costs." })).toBeVisible();

  // Moves, by keyboard: Profit to the top, Net promoter score out of Customer and back in.
  await page.getByRole("button", { name: "Move up Profit" }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Moved Profit." })).toBeVisible();
  await page.getByRole("button", { name: "Move up Profit" }).press("Enter");
  await expect(outline(page).getByRole("listitem").nth(2)).toContainText("Profit");
  await expect(outline(page).getByRole("listitem").nth(2)).toContainText("formula");

  // What the API holds agrees: the formula refers to the KPIs by GUID.
  const tree = await (await page.request.get(`/api/document/${docId}/kpi/tree`)).json();
  const financial = tree.root.children[0];
  expect(financial.children.map((k: { name: string }) => k.name)).toEqual(["Profit", "Revenue", "Costs"]);
  expect(financial.children[0].formula).toBe(`[${financial.children[1].guid}] - [${financial.children[2].guid}]`);
  expect(financial.children[2]).toMatchObject({ min: 100, max: 1000, target: 600, baseline: 800, measure: "USD" });

  // A KPI another one's formula uses cannot go.
  await outline(page).getByRole("button", { name: "Revenue", exact: true }).click();
  await page.getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("button", { name: "Delete Revenue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Profit" })).toBeVisible();

  expect((await usedCalls()) - before).toBe(0);

  // The editor and the scorecard page have no serious accessibility violation, light and dark.
  for (const theme of ["light", "dark"] as const) {
    // The header's toggle switches the theme in place, keeping the open form open.
    if (theme === "dark") await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await page.screenshot({ path: `e2e/screenshots/editor-${theme}.png`, fullPage: true });
    expect(await seriousFindings(page)).toEqual([]);
  }
  await page.getByRole("button", { name: "Switch between light and dark theme" }).click();

  // Export: the scorecard file and the Excel report download from plain links.
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Scorecard file \(JSON/ }).click()]);
  const json = JSON.parse(Buffer.concat(await (await file.createReadStream()).toArray()).toString("utf8"));
  expect(json.kpis.map((k: { name: string }) => k.name)).toEqual(["Financial", "Customer", "Internal processes", "Learning and growth"]);
  const [excel] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Excel report/ }).click()]);
  const xlsx = Buffer.concat(await (await excel.createReadStream()).toArray());
  expect(xlsx.subarray(0, 2).toString()).toBe("PK");

  // Import: the same file from the list page, previewed first, becomes a copy.
  const exported = test.info().outputPath("built.json");
  writeFileSync(exported, JSON.stringify({ ...json, name: "Built, imported" }));
  await page.goto("/");
  await page.getByRole("button", { name: "New scorecard" }).click();
  await page.getByLabel(/^Import a scorecard file/).setInputFiles(exported);
  await expect(page.getByRole("status").filter({ hasText: "Built, imported" })).toContainText("4 container(s), 4 KPI(s) (1 with a formula)");
  // The Excel report reads back too (its rows and indents; no formulas), previewed the same way.
  const workbook = test.info().outputPath("built.xlsx");
  writeFileSync(workbook, xlsx);
  await page.getByLabel(/^Import a scorecard file/).setInputFiles(workbook);
  await expect(page.getByRole("status").filter({ hasText: "Built in the browser:" })).toContainText("4 container(s), 4 KPI(s)");
  await page.getByLabel(/^Import a scorecard file/).setInputFiles(exported);
  await expect(page.getByRole("status").filter({ hasText: "Built, imported" })).toBeVisible();
  await page.getByRole("button", { name: "Import it" }).click();
  await page.waitForURL(/\/s\/\d+$/);
  const copyId = Number(page.url().match(/\/s\/(\d+)$/)![1]);
  expect(copyId).not.toBe(docId);
  await expect(page.getByRole("heading", { name: "Built, imported", level: 1 })).toBeVisible();
  await page.goto(`/s/${copyId}/edit`);
  await page.getByRole("button", { name: "Delete scorecard…" }).click();
  await page.getByRole("button", { name: "Delete scorecard", exact: true }).click();
  await page.waitForURL(/\/\?deleted=\d+&name=/);
  await page.goto(`/s/${docId}/edit`);

  // Delete the scorecard, then undo.
  await page.getByRole("button", { name: "Delete scorecard…" }).click();
  await page.getByRole("button", { name: "Delete scorecard", exact: true }).click();
  await page.waitForURL(/\/\?deleted=\d+&name=/);
  await expect(page.getByRole("link", { name: /Built in the browser/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await page.waitForURL(new RegExp(`/s/${docId}$`));
  await expect(page.getByRole("heading", { name: "Built in the browser", level: 1 })).toBeVisible();

  // Deleted for good at the end, so the demo account is as the other tests expect it.
  await page.goto(`/s/${docId}/edit`);
  await page.getByRole("button", { name: "Delete scorecard…" }).click();
  await page.getByRole("button", { name: "Delete scorecard", exact: true }).click();
  await page.waitForURL(/\/\?deleted=\d+&name=/);
});
