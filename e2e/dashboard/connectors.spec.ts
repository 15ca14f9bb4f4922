import { startSourceServer } from "../../lib/testing/source-server";
import { expect, test } from "../fixtures";

const figures = JSON.stringify({
  data: [
    { kpi: "Revenue", day: "2015-10-01", amount: 6450000 },
    { kpi: "Sales (EU)", day: "2026-10-01", amount: 3 },
    { kpi: "Revenue", day: "31/10/2026", amount: 4 },
  ],
});

test("a JSON source is tested before it is saved, its run lists the rows it rejected, and a KPI it feeds says so", async ({ page }) => {
  const source = await startSourceServer({
    "/figures.json": () => ({ body: figures, requires: { Authorization: "Bearer e2e-secret" } }),
    "/ideas.json": () => ({ body: JSON.stringify({ value: 42 }) }),
  });
  try {
    await page.goto("/connectors");
    await page.getByLabel("Name", { exact: true }).fill("Finance API");
    await page.getByLabel("Source", { exact: true }).selectOption({ label: "JSON from a URL" });
    await page.getByLabel("URL", { exact: true }).fill(`${source.url}/figures.json`);
    await page.getByLabel("Header (optional)").fill("Authorization");
    await page.getByLabel("Header value", { exact: true }).fill("Bearer e2e-secret");
    await page.getByLabel("Rows (JSONPath)").fill("$.data[*]");
    await page.getByLabel("Date column", { exact: true }).fill("day");
    await page.getByLabel("Value column", { exact: true }).fill("amount");
    await page.getByRole("button", { name: "Test connection" }).click();
    const preview = page.getByTestId("connector-preview");
    await expect(preview.getByRole("status")).toContainText("Read 3 rows: 1 new, 0 changed, 0 unchanged, 2 rejected. Nothing is written until it runs.");
    await expect(preview.getByRole("table", { name: "Values a run would write" })).toContainText("RevenueOct 1, 20156,450,000");
    await expect(preview.getByRole("table", { name: "Rejected rows (2)" })).toContainText("No KPI of this scorecard is named Sales (EU)");
    await page.screenshot({ path: "e2e/screenshots/connector-preview.png", fullPage: true });
    await page.getByRole("button", { name: "Save connector" }).click();
    await expect(page.getByText("Saved “Finance API”.")).toBeVisible();

    const item = page.getByTestId("connector").filter({ hasText: "Finance API" });
    await expect(item).toContainText("http://127.0.0.1");
    await expect(item).not.toContainText("e2e-secret");
    await item.getByRole("button", { name: "Run now" }).click();
    const runs = item.getByRole("table", { name: "Runs of Finance API" });
    await expect(runs).toContainText("1 value written, 2 rows rejected");
    await item.getByRole("button", { name: "Rejected rows" }).click();
    await expect(item.getByRole("table", { name: "Rejected rows (2)" })).toContainText('The date "31/10/2026" is not a date (YYYY-MM-DD)');
    await page.screenshot({ path: "e2e/screenshots/connector-run-rejected.png", fullPage: true });

    // Edited as shown (its header value still ***): the stored key is kept, and the source still answers.
    await item.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("region", { name: "Edit Finance API" });
    await expect(edit.getByLabel("Header value", { exact: true })).toHaveValue("***");
    await edit.getByLabel("Name", { exact: true }).fill("Finance API v2");
    await edit.getByRole("button", { name: "Save changes" }).click();
    const renamed = page.getByTestId("connector").filter({ hasText: "Finance API v2" });
    await renamed.getByRole("button", { name: "Run now" }).click();
    await expect(renamed.getByRole("table", { name: "Runs of Finance API v2" }).getByRole("row").nth(1)).toContainText(
      "0 values written, 1 unchanged, 2 rows rejected",
    );

    // A snapshot of one KPI: the KPI's detail names the connector and its last run.
    await page.getByLabel("Name", { exact: true }).fill("Ideas count");
    await page.getByLabel("Source", { exact: true }).selectOption({ label: "JSON from a URL" });
    await page.getByLabel("URL", { exact: true }).fill(`${source.url}/ideas.json`);
    await page.getByLabel("What it returns", { exact: true }).selectOption({ label: "One number now (no dates)" });
    await page.getByLabel("KPI", { exact: true }).selectOption({ label: "Improvement ideas" });
    await page.getByLabel("Value column (default: the first)").fill("value");
    await page.getByRole("button", { name: "Save connector" }).click();
    const ideas = page.getByTestId("connector").filter({ hasText: "Ideas count" });
    await ideas.getByRole("button", { name: "Run now" }).click();
    await expect(ideas.getByRole("table", { name: "Runs of Ideas count" })).toContainText("1 value written");
    // The scorecard's tree was read seconds ago (the form listed its KPIs): a read confirmed in the
    // last five seconds is served as it is, so the page shows the run once that has passed.
    await expect(async () => {
      await page.goto("/s/1");
      await page.getByRole("link", { name: "Improvement ideas", exact: true }).click();
      await expect(page.getByTestId("fed-by")).toContainText(/Fed by Ideas count, last wrote .+: 1 value/, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  } finally {
    await source.close();
  }
});

test("a row dated inside a week of a KPI that sums is told before saving, and the mapping writes it as the week's total instead", async ({ page }) => {
  const source = await startSourceServer({ "/crm.json": () => ({ body: JSON.stringify([{ kpi: "New customers", day: "2026-10-01", amount: 170 }]) }) });
  try {
    await page.goto("/connectors");
    await page.getByLabel("Name", { exact: true }).fill("Monthly CRM");
    await page.getByLabel("Source", { exact: true }).selectOption({ label: "JSON from a URL" });
    await page.getByLabel("URL", { exact: true }).fill(`${source.url}/crm.json`);
    await page.getByLabel("Date column", { exact: true }).fill("day");
    await page.getByLabel("Value column", { exact: true }).fill("amount");
    await page.getByRole("button", { name: "Test connection" }).click();
    const preview = page.getByTestId("connector-preview");
    await expect(preview.getByRole("note")).toHaveText(
      "1 row of New customers is dated inside a week (Oct 1, 2026 falls in the period starting Sep 28, 2026), and New customers sums its values: " +
        "each adds to that period's total. If a row is the period's total, choose “Write it at the period's first date, as its total” in the mapping.",
    );
    await expect(preview.getByRole("table", { name: "Values a run would write" })).toContainText("New customersOct 1, 2026170");
    await page.screenshot({ path: "e2e/screenshots/connector-inside-period.png", fullPage: true });

    await page.getByLabel("A row dated inside a period of a KPI that sums").selectOption({ label: "Write it at the period's first date, as its total" });
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(preview.getByRole("table", { name: "Values a run would write" })).toContainText("New customersSep 28, 2026170");
    await expect(preview.getByRole("note")).toHaveCount(0);
  } finally {
    await source.close();
  }
});
