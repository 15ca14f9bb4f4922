import { chromium } from "@playwright/test";
const [, , url, file, width = "1440"] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
const page = await context.newPage();
await page.goto("http://localhost:3300/login");
await page.getByLabel("E-mail").fill("demo@example.com");
await page.getByLabel("Password").fill("demo-password");
await page.getByRole("button", { name: "Log in" }).click();
await page.waitForURL("http://localhost:3300/");
await page.goto(`http://localhost:3300${url}`, { waitUntil: "networkidle" });
for (const action of process.argv.slice(5)) {
  const [kind, name] = action.split(":");
  if (kind === "click") await page.getByRole("button", { name: name! }).first().click();
  await page.waitForTimeout(500);
}
await page.screenshot({ path: file!, fullPage: true });
await browser.close();
