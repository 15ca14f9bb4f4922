import { DEMO, expect, pasteInto, test } from "../fixtures";

// This session logs in itself: it starts without the saved storage state.
test.use({ storageState: { cookies: [], origins: [] } });

test("a manager's session spends none of the account's pooled calls and never exposes the token", async ({ page, usedCalls, responseBodies, sessionToken }) => {
  const before = await usedCalls();

  await page.goto("/");
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
  await page.getByLabel("E-mail").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Log in" }).click();

  await expect(page.getByRole("heading", { name: "Scorecards" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Sales team scorecard/ })).toBeVisible();
  await page.getByRole("link", { name: /Acme Corp balanced scorecard/ }).click();

  const kpiTable = page.getByRole("table", { name: "KPIs with their latest values" });
  const rows = kpiTable.getByRole("row").filter({ has: page.getByRole("rowheader") });
  await expect(rows).toHaveCount(31); // the scorecard's root, four perspectives and 26 indicators
  // A chart for each KPI: its trend line in the table, and the large chart of the selected one.
  await expect(kpiTable.locator("svg.sparkline")).toHaveCount(31);
  await expect(page.getByRole("figure", { name: /Chart of Acme Corp balanced scorecard by month/ })).toBeVisible();

  await page.getByRole("button", { name: "Quarter" }).click();
  await expect(page).toHaveURL(/period=QUARTER/);
  await expect(page.getByRole("figure", { name: /by quarter/ })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: /^Q[1-4] \d{4}$/ }).first()).toBeVisible();

  await page.getByRole("link", { name: "Enter values" }).click();
  await page.getByRole("link", { name: "Month" }).click();
  await expect(page.getByRole("link", { name: "Month" })).toHaveAttribute("aria-current", "page");
  const grid = page.getByRole("table", { name: "KPI values by period" });
  await expect(grid.getByRole("columnheader").nth(1)).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
  const months = (await grid.getByRole("columnheader").allInnerTexts()).slice(1);
  expect(months).toHaveLength(12);

  // 12 values typed into the Revenue row, moving right with the arrow key ...
  await page.getByLabel(`Revenue, ${months[0]}`, { exact: true }).click();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.type(String(3_000_000 + i * 1111));
    await page.keyboard.press("ArrowRight");
  }
  // ... and 48 pasted as a block copied from a spreadsheet into the four rows below.
  const block = [0, 1, 2, 3].map((r) => months.map((_, c) => String(1_000_000 + r * 100 + c)).join("\t")).join("\r\n");
  await pasteInto(page, `Operating costs, ${months[0]}`, block);
  await expect(page.getByText("60 pending changes")).toBeVisible();

  await page.getByRole("button", { name: "Save 60 values" }).click();
  // A million months of cash runway is far from usual: the grid asks, naming the cells, before sending.
  const doubt = page.getByRole("alertdialog", { name: /far from usual/ });
  await expect(doubt).toContainText(`Cash runway, ${months[0]}`);
  await doubt.getByRole("button", { name: "Save anyway" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved 60 values." })).toBeVisible();
  await expect(page.getByText("0 pending changes")).toBeVisible();

  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Acme Corp balanced scorecard" }).click();
  await page.getByRole("link", { name: "Revenue", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Revenue", level: 2 })).toBeVisible();
  const history = page.getByRole("table", { name: "Values of Revenue by period" });
  await expect(history.getByRole("row", { name: new RegExp(`^${months[11]} \\(so far\\) \\$3,012,221`) })).toBeVisible();
  await expect(history.getByRole("row", { name: new RegExp(`^${months[0]} \\$3,000,000`) })).toBeVisible();

  const cost = (await usedCalls()) - before;
  // The pool is for programs: a person's reads and saves are held to their own rate instead.
  expect(cost).toBe(0);

  const token = await sessionToken();
  const bodies = await responseBodies();
  expect(bodies.length).toBeGreaterThan(10);
  expect(bodies.filter((body) => body.includes(token))).toEqual([]);
});
