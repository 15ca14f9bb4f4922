import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures";
import { pageRoutes } from "../page-routes";

// Every page of the app (read from app/, so a new page is checked too) and the API reference,
// under WCAG 2.2 AA's rules, every impact, in both themes: no finding at all.
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const ANONYMOUS = new Set(["/login", "/join/inv_not_an_invitation", "/p/pub_not_published_0000000000"]);
const PAGES = [...pageRoutes(), "/rest/docs", "/no-such-page"];

// A page is scanned at three moments of its load, with the CPU slowed four times as on a modest
// phone: the server's HTML before any of the page's scripts has run (they are held back until
// that scan is done: skeletons, placeholders, lazy parts not yet loaded), once the load event has
// fired, and settled. A state that is invalid for a moment is then met on every run, not by chance
// of how fast the scripts came.
const CPU_SLOWDOWN = 4;
const PAGE_SCRIPTS = /\/_next\/static\/.*\.js(\?|$)/;

for (const path of PAGES) {
  for (const theme of ["light", "dark"] as const) {
    test(`${path} in the ${theme} theme has no WCAG 2.2 AA finding while it loads or once settled`, async ({ page, browser, baseURL }) => {
      // A slowed page: the larger ones take several seconds to settle.
      test.setTimeout(90_000);
      const context = ANONYMOUS.has(path) ? await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } }) : null;
      const tab = context ? await context.newPage() : page;
      const cdp = await tab.context().newCDPSession(tab);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await tab.emulateMedia({ colorScheme: theme });
      let releaseScripts!: () => void;
      const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
      await tab.route(PAGE_SCRIPTS, async (route) => {
        await scriptsHeld;
        await route.continue();
      });
      const findings: string[] = [];
      // The page loads slowed; the scanner itself runs at full speed, which changes nothing it sees
      // of the held-back first state and little of the others, and keeps each test in seconds.
      const scan = async (moment: string) => {
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
        const { violations } = await new AxeBuilder({ page: tab }).withTags(WCAG_22_AA).analyze();
        findings.push(
          ...violations.map(
            (v) =>
              `${moment}: ${v.id} (${v.impact}): ${v.nodes
                .map((n) => n.target.join(" "))
                .slice(0, 3)
                .join(", ")}`,
          ),
        );
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      };
      await tab.goto(path, { waitUntil: "commit" });
      await tab.waitForFunction(() => document.readyState !== "loading");
      await scan("the server's HTML");
      releaseScripts();
      await tab.waitForLoadState("load");
      await scan("at load");
      await tab.waitForLoadState("networkidle");
      await expect(tab.locator("main")).toBeVisible();
      await scan("settled");
      await tab.unrouteAll({ behavior: "ignoreErrors" });
      await cdp.detach();
      expect(findings).toEqual([]);
      await context?.close();
    });
  }
}

test("the first tab stop skips the header's links to the page's content", async ({ page }) => {
  await page.goto("/s/1");
  await expect(page.getByRole("table", { name: "KPIs with their latest values" })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#content")).toBeFocused();
});

test("a chart is named and has a text alternative with its figures", async ({ page }) => {
  await page.goto("/s/1?period=MONTH");
  const figure = page.getByRole("figure", { name: /by month/ }).first();
  await expect(figure).toBeVisible();
  await expect(figure.locator("svg title").first()).toHaveText(/by month$/);
  await expect(figure.locator("p.sr-only")).toContainText(/\w{3} \d{4}: /);
});

test("every page fits a 390 px phone: nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const overflowing: string[] = [];
  for (const path of PAGES.filter((p) => !ANONYMOUS.has(p))) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) overflowing.push(`${path}: ${overflow} px`);
  }
  await page.goto("/s/1");
  await page.screenshot({ path: "e2e/screenshots/scorecard-phone.png", fullPage: true });
  expect(overflowing).toEqual([]);
});
