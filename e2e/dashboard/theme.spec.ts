import type { BrowserContext } from "@playwright/test";
import { expect, test } from "../fixtures";

const DARK = /\bdark\b/;
const LIGHT = /^(?!.*\bdark\b)/;
const themeCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "gauge_theme")?.value;
/** The <html> tag as the server sends it, before any script runs. */
const servedHtmlTag = async (context: BrowserContext, path: string) => (await (await context.request.get(path)).text()).match(/<html[^>]*>/)![0];

test("a chosen theme comes with the page from the server, whatever the system's", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, colorScheme: "light" });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(LIGHT);
  await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(DARK);
  await expect.poll(() => themeCookie(context)).toBe("dark");
  expect(await servedHtmlTag(context, "/s/1")).toMatch(/class="dark"/);
  await page.goto("/s/1");
  await expect(page.locator("html")).toHaveClass(DARK);

  // Light chosen on a dark system stays light: the page sends no script that follows the system.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
  await expect.poll(() => themeCookie(context)).toBe("light");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(LIGHT);
  expect(await servedHtmlTag(context, "/s/1")).not.toMatch(/class=/);
  await context.close();
});

test("without a choice the page follows the system's theme", async ({ browser, baseURL }) => {
  for (const colorScheme of ["dark", "light"] as const) {
    const context = await browser.newContext({ baseURL, colorScheme });
    const page = await context.newPage();
    await page.goto("/s/1");
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? DARK : LIGHT);
    await context.close();
  }
});

test("a theme the toggle kept in localStorage moves to the cookie", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, colorScheme: "light" });
  const page = await context.newPage();
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  // Before any of the page's scripts run (they are held back): the move waits for no hydration.
  await context.route("**/_next/static/chunks/**", (route) => route.abort());
  await page.reload();
  await expect(page.locator("html")).toHaveClass(DARK);
  await context.unroute("**/_next/static/chunks/**");
  await expect.poll(() => themeCookie(context)).toBe("dark");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
  expect(await servedHtmlTag(context, "/")).toMatch(/class="dark"/);
  await context.close();
});

test("the browser's time zone is recorded once the page has loaded", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, timezoneId: "Asia/Tokyo", storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/login");
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "gauge_tz")?.value).toBe("Asia%2FTokyo");
  await context.close();
});
