import { chromium } from "@playwright/test";
const base = "http://localhost:3500";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const ctx = await browser.newContext();
const page = await ctx.newPage();
await page.goto(`${base}/login`);
await page.getByLabel("E-mail").fill("demo@example.com");
await page.getByLabel("Password").fill("demo-password");
await page.getByRole("button", { name: "Log in" }).click();
await page.waitForURL(`${base}/`);
for (const path of ["/", "/s/1", "/s/1/values", "/s/1/map"]) {
  const p2 = await ctx.newPage();
  const seen: string[] = [];
  p2.on("request", (r) => { if (new URL(r.url()).pathname.startsWith("/api/")) seen.push(`${r.method()} ${new URL(r.url()).pathname}`); });
  await p2.goto(`${base}${path}`, { waitUntil: "networkidle" });
  console.log(path, seen);
  await p2.close();
}
await browser.close();
