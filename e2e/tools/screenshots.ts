// Screenshots of every dashboard page at desktop and phone width, light and dark, to look at.
// Against a running server: BASE_URL=http://localhost:3000 npm run screenshots [-- <name filter>]
// SHOTS_LOCALE=es-ES takes them as a browser in that language sees them.
// Writes e2e/screenshots/pages/<page>-<width>-<theme>.png
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const out = process.env.SHOTS_DIR ?? "e2e/screenshots/pages";
const filter = process.argv[2];
const email = process.env.SHOTS_EMAIL ?? "demo@example.com";
const password = process.env.SHOTS_PASSWORD ?? "demo-password";
const locale = process.env.SHOTS_LOCALE;

export const PAGES: { name: string; path: string; anonymous?: boolean }[] = [
  { name: "login", path: "/login", anonymous: true },
  { name: "scorecards", path: "/" },
  { name: "scorecard", path: "/s/1" },
  { name: "scorecard-year", path: "/s/1?period=YEAR" },
  { name: "scorecard-week", path: "/s/1?period=WEEK" },
  { name: "values", path: "/s/1/values" },
  { name: "alerts", path: "/s/1/alerts" },
  { name: "webhooks", path: "/webhooks" },
  { name: "people", path: "/people" },
  { name: "api-keys", path: "/api-keys" },
  { name: "account", path: "/account" },
  { name: "sharing", path: "/s/1/sharing" },
  { name: "edit", path: "/s/1/edit" },
  { name: "map", path: "/s/1/map" },
  { name: "pack", path: "/s/1/pack" },
  { name: "scorecard-activity", path: "/s/1/activity" },
  { name: "activity-log", path: "/activity" },
  { name: "connectors", path: "/connectors" },
  { name: "sheets", path: "/s/1/sheets" },
  { name: "values-locked", path: "/s/1/values?period=MONTH&from=2025-12-01&to=2026-11-30" },
  { name: "not-found", path: "/s/987654" },
  { name: "unknown-address", path: "/no-such-page" },
  { name: "api-reference", path: "/rest/docs" },
  { name: "invitation-gone", path: "/join/gin_not_an_invitation", anonymous: true },
  { name: "security", path: "/security" },
  { name: "forgot", path: "/forgot", anonymous: true },
  { name: "reset", path: "/reset/gpr_example", anonymous: true },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const login = await browser.newContext();
const page = await login.newPage();
await page.goto(`${base}/login`);
await page.getByLabel("E-mail").fill(email);
await page.getByLabel("Password").fill(password);
await page.getByRole("button", { name: "Log in" }).click();
await page.waitForURL(`${base}/`);
const storageState = await login.storageState();

for (const { name, path, anonymous } of PAGES.filter((p) => !filter || p.name.includes(filter))) {
  for (const width of [1440, 390]) {
    for (const theme of ["light", "dark"] as const) {
      const context = await browser.newContext({
        viewport: { width, height: width > 800 ? 900 : 844 },
        colorScheme: theme,
        ...(locale ? { locale } : {}),
        ...(anonymous ? {} : { storageState }),
      });
      const tab = await context.newPage();
      await tab.goto(`${base}${path}`, { waitUntil: "networkidle" });
      const file = `${out}/${name}-${width}-${theme}.png`;
      await tab.screenshot({ path: file, fullPage: true });
      const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(`${file}${overflow > 0 ? `  (overflows sideways by ${overflow} px)` : ""}`);
      await context.close();
    }
  }
}
await browser.close();
