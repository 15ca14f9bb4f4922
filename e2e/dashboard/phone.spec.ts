import { expect, gridPeriods, test } from "../fixtures";

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("tapping a KPI shows its chart and history", async ({ page }) => {
    await page.goto("/s/1");
    await page.getByRole("link", { name: "Customer satisfaction", exact: true }).tap();
    const detail = page.getByRole("heading", { name: "Customer satisfaction", level: 2 });
    await expect(detail).toBeInViewport();
    await expect(page.getByRole("table", { name: /Values of Customer satisfaction by period/ })).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/phone-kpi-tap.png" });
  });

  test("a KPI's history shows every column, Status included, for the widest figures too", async ({ page }) => {
    await page.goto("/s/1?period=MONTH");
    for (const name of ["Revenue", "Operating costs", "Customer satisfaction"]) {
      await page.getByRole("link", { name, exact: true }).tap();
      const history = page.getByRole("table", { name: new RegExp(`^Values of ${name} by period`) });
      await history.scrollIntoViewIfNeeded();
      await expect(history.getByRole("columnheader", { name: "Status" })).toBeVisible();
      // The table fits its scrolling region: nothing hides past the region's right edge.
      const fits = await history.evaluate((table) => table.scrollWidth <= table.closest("section")!.clientWidth);
      expect(fits, name).toBe(true);
      if (name === "Revenue") await page.screenshot({ path: "e2e/screenshots/phone-history-revenue.png" });
    }
  });

  test("the chart's script is fetched once the chart comes near the screen, not with the page", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/s/1");
    const placeholder = page.getByLabel(/^Chart of .* loading$/);
    await expect(placeholder).toBeAttached();
    await page.waitForLoadState("networkidle");
    const withPage = scripts.length;
    await expect(page.getByRole("figure", { name: /by month/ })).toHaveCount(0);
    await placeholder.scrollIntoViewIfNeeded();
    await expect(page.getByRole("figure", { name: /by month/ })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(withPage);
  });

  test("the Account page (language, two-factor codes, password) is a tap away from any page", async ({ page }) => {
    await page.goto("/s/1");
    await page.getByRole("banner").getByRole("link", { name: "Account of demo@example.com" }).tap();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: "Two-factor codes" })).toBeVisible();
  });

  test("no page scrolls sideways, and the header stays within two rows", async ({ page }) => {
    const overflowing: string[] = [];
    for (const path of ["/", "/s/1", "/s/1?period=YEAR", "/s/1/values", "/s/1/alerts", "/s/1/sharing", "/webhooks", "/people", "/api-keys", "/account"]) {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) overflowing.push(`${path}: ${width} px`);
    }
    expect(overflowing).toEqual([]);
    const header = await page.getByRole("banner").boundingBox();
    expect(header!.height).toBeLessThan(120);
  });
});

test.describe("the value grid", () => {
  test("after a sideways scroll no period hides half under the frozen KPI column", async ({ page }) => {
    await page.goto("/s/1/values?period=MONTH");
    const grid = page.getByRole("table", { name: "KPI values by period" });
    await expect(grid).toBeVisible();
    const box = (await grid.boundingBox())!;
    await page.mouse.move(box.x + 400, box.y + 60);
    for (const by of [-5000, 130, 247, 90]) {
      await page.mouse.wheel(by, 0);
      await expect
        .poll(async () =>
          grid.evaluate((table) => {
            const frozen = table.querySelector("thead th")!.getBoundingClientRect().right;
            const visible = [...table.querySelectorAll<HTMLElement>("thead th[data-start]")].find((th) => th.getBoundingClientRect().right > frozen + 1)!;
            return Math.round(visible.getBoundingClientRect().left - frozen);
          }),
        )
        .toBeGreaterThanOrEqual(-1);
    }
  });

  test("opens at today's period", async ({ page }) => {
    await page.goto("/s/2/values?period=WEEK");
    const grid = page.getByRole("table", { name: "KPI values by period" });
    await expect(grid).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    const starts = await grid
      .locator("thead th[data-start]")
      .evaluateAll((ths) => ths.map((th) => [(th as HTMLElement).dataset.start!, (th as HTMLElement).dataset.end!]));
    const index = starts.findIndex(([from, to]) => from! <= today && today <= to!);
    expect(index).toBeGreaterThan(10);
    await expect(grid.locator("thead th[data-start]").nth(index)).toBeInViewport();
  });

  test("reads 1,234.5 and 45% as a spreadsheet means them, and says what it understood", async ({ page }) => {
    await page.goto("/s/1/values?period=MONTH");
    const grid = page.getByRole("table", { name: "KPI values by period" });
    const months = await gridPeriods(grid);
    const margin = page.getByLabel(`Gross margin, ${months.at(-2)}`, { exact: true });
    await margin.fill("45%");
    await expect(margin).toHaveAccessibleDescription("per cent sign dropped: read as 45");
    const runway = page.getByLabel(`Cash runway, ${months.at(-2)}`, { exact: true });
    await runway.fill("1,234.5");
    await expect(runway).toHaveAccessibleDescription("read as 1234.5");
    await expect(page.getByText("2 pending changes")).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/values-read-as.png" });
    await runway.press("Escape");
    await margin.press("Escape");
  });

  test("imports a semicolon-separated CSV with decimal commas", async ({ page }) => {
    await page.goto("/s/1/values?period=MONTH");
    const grid = page.getByRole("table", { name: "KPI values by period" });
    await expect(grid).toBeVisible();
    const start = await grid.locator("thead th[data-start]").nth(2).getAttribute("data-start");
    await page.locator('input[type="file"]').setInputFiles({
      name: "revenue.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`KPI;${start}\r\nRevenue;"2.150.000,5"\r\n`),
    });
    const preview = page.getByRole("region", { name: /Import revenue\.csv: 1 values to change/ });
    await expect(preview).toContainText("Read as semicolon-separated with decimal commas");
    await expect(preview.getByRole("cell", { name: "2150000.5" })).toBeVisible();
    await preview.getByRole("button", { name: "Cancel" }).click();
  });
});
