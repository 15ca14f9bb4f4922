import { expect, rowStatus, seriousFindings, test } from "../fixtures";

const KPIS = ["Revenue", "Operating costs", "Churn rate", "New customers", "Defect rate", "Training hours per employee", "Internal promotions"];

test("the strategy map's statuses agree with the scorecard page's for the last complete month", async ({ page }) => {
  await page.goto("/s/1/map");
  const map = page.getByRole("group", { name: /Strategy map of Acme Corp/ });
  await expect(map).toBeVisible();
  const onMap: Record<string, string> = {};
  for (const name of KPIS)
    onMap[name] = (await map.getByRole("button", { name: new RegExp(`^${name}: `) }).getAttribute("aria-label"))!.split(": ")[1]!.split("; ")[0]!;

  await page.goto("/s/1?period=MONTH");
  for (const name of KPIS) {
    // The badge reads "● On track 100 %" (or "○ No data"): the map says the same words and score.
    const badge = await rowStatus(page, name);
    expect(badge || "No data", name).toBe(onMap[name]);
  }
  // The KPIs checked cover every status a month can have here.
  expect([...new Set(Object.values(onMap).map((s) => s.replace(/ \d+ %$/, "")))].sort()).toEqual(["At risk", "Off track", "On track"]);
});

test("the map is chosen from the keyboard, its arrows edited, and it passes axe light and dark", async ({ page }) => {
  await page.goto("/s/1/map");
  const map = page.getByRole("group", { name: /Strategy map of Acme Corp/ });
  // The marker's count comes with the initiatives' names, on the map and in the detail.
  await expect(map.getByRole("button", { name: /^Churn rate: .*; initiatives: Customer success programme$/ })).toBeVisible();
  await map.getByRole("button", { name: /^Churn rate: / }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Churn rate on the map" })).toContainText("Customer · At risk");
  await expect(page.getByRole("region", { name: "Churn rate on the map" })).toContainText("1 initiative on the map");
  await expect(page.getByRole("list", { name: "Initiatives of Churn rate" })).toHaveText("◆ Customer success programme · In progress");
  await page.getByRole("link", { name: "Churn rate: its chart and history" }).click();
  await expect(page.getByRole("heading", { name: "Churn rate", level: 2 })).toBeVisible();
  await page.goto("/s/1/map");

  const arrows = page.getByRole("region", { name: "Cause and effect" }).getByRole("listitem");
  await expect(arrows).toHaveCount(7);
  await page.getByLabel("From (the cause)").selectOption({ label: "Staff turnover (Learning and growth)" });
  await page.getByLabel("To (the effect)").selectOption({ label: "First pass yield (Internal process)" });
  await page.getByRole("button", { name: "Add arrow" }).click();
  await expect(arrows).toHaveCount(8);
  const stored = await (await page.request.get("/api/document/1/maps")).json();
  expect(stored.items[0].links).toHaveLength(8);
  await page.getByRole("button", { name: "Add arrow" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That arrow is already on the map." })).toBeVisible();
  await page.getByRole("button", { name: "Remove the arrow from Staff turnover to First pass yield" }).click();
  await expect(arrows).toHaveCount(7);

  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.reload();
    await expect(map).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/map-${theme}.png`, fullPage: true });
    expect(await seriousFindings(page)).toEqual([]);
  }
  // Downloads as SVG: the drawing itself, with its statuses in words.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download SVG" }).click()]);
  const svg = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(svg).toContain("<svg");
  expect(svg).toContain("Off track");
});
