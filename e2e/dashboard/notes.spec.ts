import { expect, gridPeriods, test } from "../fixtures";

test("a note added from the value grid shows on the chart, in the history and in the board pack", async ({ page }) => {
  await page.goto("/s/1/values?period=MONTH");
  const grid = page.getByRole("table", { name: "KPI values by period" });
  const months = await gridPeriods(grid);
  const month = months.at(-2)!;
  await expect(page.getByRole("button", { name: "Add a note" })).toBeDisabled();
  await page.getByLabel(`Cash runway, ${month}`, { exact: true }).click();
  await page.getByRole("button", { name: `Add a note on Cash runway, ${month}` }).click();
  const note = page.getByLabel(`Note on Cash runway, ${month}`);
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByText("Write the note first")).toBeVisible();
  await note.fill("The bank loan arrived a month late.");
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Note saved on Cash runway, ${month}.` })).toBeVisible();

  await page.getByRole("link", { name: "See it on the chart" }).click();
  const detail = page.getByRole("region", { name: "Cash runway", exact: true });
  await expect(page.getByRole("heading", { level: 2, name: "Cash runway" })).toBeVisible();
  await expect(detail.getByRole("figure")).toContainText(`Note (${month})`);
  await expect(page.getByRole("list", { name: "Notes" })).toContainText("The bank loan arrived a month late.");
  await expect(page.getByRole("list", { name: "Notes" })).toContainText("demo@example.com");
  await expect(
    page.getByRole("region", { name: "Cash runway by period" }).getByRole("row", { name: new RegExp(`^${month}.*note: The bank loan`) }),
  ).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/note-on-chart.png", fullPage: true });

  // The board pack: the summary, each KPI's section with its chart and this note; a PDF to download.
  await page.getByRole("link", { name: "Board pack" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Acme Corp balanced scorecard: board pack" })).toBeVisible();
  const summary = page.getByRole("table", { name: "Status summary" });
  await expect(summary.getByRole("rowheader", { name: "Cash runway" })).toBeVisible();
  const section = page.getByRole("region", { name: "Cash runway", exact: true });
  await expect(section.getByRole("figure")).toBeVisible();
  await expect(section).toContainText("The bank loan arrived a month late.");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("banner")).toBeHidden();
  await page.screenshot({ path: "e2e/screenshots/board-pack-print.png", fullPage: true });
  await page.emulateMedia({ media: "screen" });
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^board-pack-1-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = Buffer.concat(await (await pdf.createReadStream()).toArray());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
});

test("a KPI gets an owner and a required note in the editor; reminders are set for the account", async ({ page }) => {
  await page.goto("/s/1/edit");
  await page.getByRole("list", { name: "KPIs of the scorecard" }).getByRole("button", { name: "Gross margin", exact: true }).click();
  const form = page.getByRole("form", { name: "Edit Gross margin" });
  await form.getByLabel("Owner").selectOption({ label: "demo@example.com" });
  await form.getByRole("checkbox", { name: "A value that leaves it off track needs a note saying why" }).check();
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved Gross margin." })).toBeVisible();
  await page.reload();
  await page.getByRole("list", { name: "KPIs of the scorecard" }).getByRole("button", { name: "Gross margin", exact: true }).click();
  await expect(form.getByLabel("Owner")).toHaveValue(/\d+/);
  await expect(form.getByRole("checkbox", { name: "A value that leaves it off track needs a note saying why" })).toBeChecked();

  await page.goto("/webhooks");
  const reminders = page.getByRole("region", { name: "Reminders" });
  await reminders.getByLabel("Days after a period ends").fill("five");
  await reminders.getByRole("button", { name: "Save reminders" }).click();
  await expect(reminders.getByText("Enter a whole number of days, or leave it empty for no reminders")).toBeVisible();
  await reminders.getByLabel("Days after a period ends").fill("5");
  await reminders.getByRole("button", { name: "Save reminders" }).click();
  await expect(reminders.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(page.getByRole("region", { name: "Reminders" }).getByLabel("Days after a period ends")).toHaveValue("5");
});
