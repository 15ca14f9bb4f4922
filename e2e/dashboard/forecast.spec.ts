import { expect, test } from "../fixtures";

test("the forecast is read only when shown: a Projected column, the chart's band, and a what-if that names what moves", async ({ page }) => {
  await page.goto("/s/2");
  await expect(page.getByRole("table", { name: "KPIs with their latest values" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Projected" })).toHaveCount(0);
  await page.getByRole("link", { name: "Show the forecast to December" }).click();
  await expect(page.getByRole("columnheader", { name: "Projected" })).toBeVisible();

  await page.getByRole("link", { name: "Qualified leads", exact: true }).first().click();
  const projection = page.getByTestId("projection");
  await expect(projection).toContainText(/^Projected [\d,.]+K? leads for [A-Z][a-z]{2} \d{4} \(80 %: .+\): (on track|at risk|off track), from /);
  await expect(page.getByRole("figure", { name: /Chart of Qualified leads/ }).getByText("Forecast with its 80 % interval")).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/forecast.png", fullPage: true });

  await page.getByRole("button", { name: "What if…" }).click();
  const panel = page.getByRole("region", { name: "What if…" });
  await panel.getByLabel("KPI", { exact: true }).selectOption({ label: "Qualified leads" });
  await panel.getByLabel("By (or to)").fill("10");
  await panel.getByRole("button", { name: "Apply" }).click();
  const moved = panel.getByRole("table", { name: "What moves, beside the actual" });
  await expect(moved).toContainText("Qualified leads");
  // Each moved KPI's verdict at the year's end, with its target and the growth that meets it.
  const verdict = panel
    .getByRole("list", { name: "Where each moved KPI ends" })
    .getByRole("listitem")
    .filter({ hasText: /^Qualified leads reaches / });
  await expect(verdict).toHaveText(
    /^Qualified leads reaches [\d,.]+K? leads (of [\d,.]+K? leads )?by [A-Z][a-z]{2} \d{4}: (on track|at risk|off track|no data)\.( Meeting the target takes -?[\d.]+ % a period\.)?$/,
  );
  await page.screenshot({ path: "e2e/screenshots/what-if.png", fullPage: true });
  await panel.getByRole("button", { name: "Reset" }).click();
  await expect(moved).toHaveCount(0);
});

test("at 1440 x 900 the Projected column fits beside the detail panel, with no sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const docId of [1, 2]) {
    await page.goto(`/s/${docId}?forecast=1`);
    const table = page.getByRole("table", { name: "KPIs with their latest values" });
    await expect(table.getByRole("columnheader", { name: "Projected" })).toBeVisible();
    // Every row's projection has arrived (a cell fills in once the forecast answers).
    await expect(
      table
        .getByRole("cell")
        .filter({ hasText: /^[\d.,]+/ })
        .first(),
    ).toBeVisible();
    const scroll = await table.evaluate((element) => {
      const box = element.parentElement!;
      return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
    });
    expect(scroll.scrollWidth, `/s/${docId}`).toBeLessThanOrEqual(scroll.clientWidth);
    await page.screenshot({ path: `e2e/screenshots/forecast-1440-s${docId}.png` });
  }
});
