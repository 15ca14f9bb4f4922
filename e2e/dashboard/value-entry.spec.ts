import { readFileSync } from "node:fs";
import { expect, gridPeriods, test } from "../fixtures";

const VALUES_PAGE = "/s/2/values?period=WEEK";

test.describe("batched value entry", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(VALUES_PAGE);
    await expect(page.getByRole("table", { name: "KPI values by period" })).toBeVisible();
  });

  test("a rejected batch keeps every edit and marks the bad cell in place", async ({ page }) => {
    const weeks = await gridPeriods(page.getByRole("table", { name: "KPI values by period" }));
    const cells = [`Qualified leads, ${weeks[0]}`, `Qualified leads, ${weeks[1]}`, `Deals won, ${weeks[2]}`];
    // Ordinary values for these KPIs, so the grid's "far from usual" check stays out of the way.
    const values = ["210", "211", "12"];
    for (const [i, label] of cells.entries()) await page.getByLabel(label, { exact: true }).fill(values[i]!);
    await expect(page.getByText("3 pending changes")).toBeVisible();

    // The server, not the page, finds the problem: the second item's date is made impossible on the way.
    await page.route("**/api/document/2/kpi/batch/set-values", async (route) => {
      const body = route.request().postDataJSON() as { items: { date: string }[] };
      body.items[1]!.date = "2023-02-30";
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByRole("button", { name: "Save 3 values" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Nothing was saved" })).toContainText("items.1.date");
    const bad = page.getByLabel(cells[1]!, { exact: true });
    await expect(bad).toHaveAttribute("aria-invalid", "true");
    await expect(bad).toHaveAccessibleDescription("Invalid date: expected a real calendar date as yyyy-MM-dd");
    await expect(page.getByText("3 pending changes")).toBeVisible();
    for (const [i, label] of cells.entries()) await expect(page.getByLabel(label, { exact: true })).toHaveValue(values[i]!);

    // Without the tampering the same edits go through.
    await page.unroute("**/api/document/2/kpi/batch/set-values");
    await bad.fill("212");
    await page.getByRole("button", { name: "Save 3 values" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved 3 values." })).toBeVisible();
  });

  test("refuses a value that is not a number before sending anything", async ({ page }) => {
    const weeks = await gridPeriods(page.getByRole("table", { name: "KPI values by period" }));
    const cell = page.getByLabel(`Demos given, ${weeks[3]}`, { exact: true });
    await cell.fill("twelve");
    await expect(cell).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter a number, like 1234.5")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Save/ })).toBeDisabled();
    await cell.press("Escape");
    await expect(cell).not.toHaveAttribute("aria-invalid", "true");
  });

  test("unsaved edits survive a reload, and leaving asks first", async ({ page }) => {
    const weeks = await gridPeriods(page.getByRole("table", { name: "KPI values by period" }));
    const label = `Demos given, ${weeks[4]}`;
    await page.getByLabel(label, { exact: true }).fill("77");
    await expect(page.getByText("1 pending change", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(label, { exact: true })).toHaveValue("77");
    await expect(page.getByText("1 pending change", { exact: true })).toBeVisible();

    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Scorecards" }).click();
    expect(asked).toContain("unsaved values");
    await expect(page).toHaveURL(/\/s\/2\/values/);
    await page.getByRole("button", { name: "Discard" }).click();
    await expect(page.getByText("0 pending changes")).toBeVisible();
  });

  test("exports the values shown as CSV and imports them after a preview", async ({ page }) => {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const csv = readFileSync(await (await download).path(), "utf8");
    const [header, firstRow] = csv.split("\r\n");
    expect(header).toMatch(/^KPI,GUID,\d{4}-\d{2}-\d{2},/);
    expect(firstRow).toMatch(/^Pipeline value,[0-9a-f-]{36},/);

    const changed = firstRow!
      .split(",")
      .map((field, i) => (i === 2 ? "4321" : field))
      .join(",");
    await page
      .getByLabel("Import CSV")
      .setInputFiles({ name: "values.csv", mimeType: "text/csv", buffer: Buffer.from(`${header}\r\n${changed}\r\nNo such KPI,,1\r\n`) });
    const preview = page.getByRole("region", { name: /Import values.csv: 1 values to change/ });
    await expect(preview).toContainText("no KPI “No such KPI”");
    await preview.getByRole("button", { name: "Put into the grid" }).click();
    await expect(page.getByText("1 pending change", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Discard" }).click();
  });
});
