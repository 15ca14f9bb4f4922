import { DEMO, expect, gridPeriods, test } from "../fixtures";

const VALUES_PAGE = "/s/2/values?period=WEEK";

test("a saved value shows in its cell's changes, and the scorecard's Activity undoes it after a preview", async ({ page }) => {
  await page.goto(VALUES_PAGE);
  const grid = page.getByRole("table", { name: "KPI values by period" });
  const weeks = await gridPeriods(grid);
  const cell = page.getByLabel(`Qualified leads, ${weeks[3]}`, { exact: true });
  const before = await cell.inputValue();
  const next = String(Number(before || "200") + 3);
  await cell.fill(next);
  await page.getByRole("button", { name: "Save 1 value" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved 1 value." })).toBeVisible();

  // The cell's own changes: what it was, what it is, who, through the dashboard.
  await cell.focus();
  await page.getByRole("button", { name: "Show changes to this cell" }).click();
  const changes = page.getByRole("list", { name: `Changes to Qualified leads, ${weeks[3]}` });
  // In the KPI's unit ("248 leads (was 245 leads)").
  await expect(changes.getByRole("listitem").first()).toContainText(new RegExp(`value ${next} leads${before ? ` \\(was ${before} leads\\)` : ""}`));
  await expect(changes.getByRole("listitem").first()).toContainText("demo@example.com, through the dashboard");
  await page.screenshot({ path: "e2e/screenshots/cell-history.png", fullPage: true });

  // The Activity page lists the save first; Undo previews, then puts it back as a new change.
  await page.goto("/s/2/activity");
  const latest = page.getByRole("row").nth(1);
  await expect(latest).toContainText("demo@example.com, through the dashboard");
  await latest.getByRole("button", { name: /^Undo change \d+$/ }).click();
  const preview = page.getByRole("list", { name: "What undo puts back" });
  await expect(preview).toContainText(`Qualified leads`);
  await expect(preview).toContainText(before ? `${next} leads → ${before} leads` : `${next} leads → no record`);
  await page.screenshot({ path: "e2e/screenshots/activity-undo-preview.png", fullPage: true });
  await page.getByRole("button", { name: "Undo 1 record" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Undid change \d+: 1 record put back, as change \d+\./ })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toContainText(/Undid change \d+/);

  await page.goto(VALUES_PAGE);
  await expect(page.getByLabel(`Qualified leads, ${weeks[3]}`, { exact: true })).toHaveValue(before);
});

test("an admin locks periods: the grid shows them read-only and a write to them is refused, until unlocked", async ({ page, baseURL }) => {
  await page.goto(VALUES_PAGE);
  const grid = page.getByRole("table", { name: "KPI values by period" });
  await expect(grid.getByRole("columnheader").nth(1)).toBeVisible();
  const first = await grid.getByRole("columnheader").nth(1).getAttribute("data-start");

  await page.goto("/s/2/edit");
  await page.getByLabel("Lock values dated up to").fill(first!);
  await page.getByRole("button", { name: "Lock", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "are locked." })).toBeVisible();

  // Unlocked again whatever happens: a lock left behind would refuse every later test's writes.
  try {
    await page.goto(VALUES_PAGE);
    // The grid renders after its reads: wait for it before reading its headers.
    await expect(grid.getByRole("columnheader").nth(1)).toContainText("(locked)");
    const headers = (await grid.getByRole("columnheader").allInnerTexts()).slice(1);
    const locked = page.getByLabel(`Qualified leads, ${headers[0]!.replace(/\s*\(locked\)/, "").trim()}`, { exact: true });
    await expect(locked).toHaveAttribute("readonly", "");
    await expect(page.getByText(`Periods up to ${first} are locked`)).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/values-locked.png", fullPage: true });
    const tree = await (await page.request.get("/api/document/2/kpi/tree")).json();
    const kpi = tree.root.children
      .flatMap((c: { children: { name: string; guid: string }[] }) => c.children)
      .find((k: { name: string }) => k.name === "Qualified leads");
    const refused = await page.request.post("/api/document/2/kpi/batch/set-values", {
      headers: { Origin: baseURL!, "Content-Type": "application/json" },
      data: { items: [{ guid: kpi.guid, date: first, value: 1 }] },
    });
    expect(refused.status()).toBe(409);

    await page.goto("/s/2/edit");
    await page.getByRole("button", { name: "Unlock all" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nothing is locked now." })).toBeVisible();
  } finally {
    await page.request.put("/api/document/2/lock", { headers: { Origin: baseURL!, "Content-Type": "application/json" }, data: { lockedUntil: null } });
  }
});

test("a lock a script sets shows in a grid already open as soon as a save meets it", async ({ page }) => {
  await page.goto(VALUES_PAGE);
  const grid = page.getByRole("table", { name: "KPI values by period" });
  const weeks = await gridPeriods(grid);
  const first = await grid.getByRole("columnheader").nth(1).getAttribute("data-start");
  // A script locks the first week through the API, while the grid is open.
  const { token } = await (await page.request.post("/rest/login", { data: { email: DEMO.email, contraseña: DEMO.password } })).json();
  const lock = (lockedUntil: string | null) =>
    page.request.put("/rest/api/document/2/lock", { headers: { Token: token, "Content-Type": "application/json" }, data: { lockedUntil } });
  expect((await lock(first)).status()).toBe(200);
  try {
    const cell = page.getByLabel(`Qualified leads, ${weeks[0]}`, { exact: true });
    await expect(cell).not.toHaveAttribute("readonly", "");
    await cell.fill(String(Number((await cell.inputValue()) || "200") + 1));
    await page.getByRole("button", { name: "Save 1 value" }).click();
    // Refused, and the grid now shows the lock it met, without a reload.
    await expect(page.getByRole("alert").filter({ hasText: "Nothing was saved." })).toBeVisible();
    await expect(grid.getByRole("columnheader").nth(1)).toContainText("(locked)");
    await expect(page.getByText(`Periods up to ${first} are locked`)).toBeVisible();
  } finally {
    expect((await lock(null)).status()).toBe(200);
  }
});
