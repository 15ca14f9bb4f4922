// Measures what each dashboard page costs a browser on a first load: JavaScript (raw and gzip)
// and every request. Run against a running server: BASE_URL=http://localhost:3000 npm run bench:pages
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--disable-background-networking"] });
const login = await browser.newContext();
const page = await login.newPage();
await page.goto(`${base}/login`);
await page.getByLabel("E-mail").fill("demo@example.com");
await page.getByLabel("Password").fill("demo-password");
await page.getByRole("button", { name: "Log in" }).click();
await page.waitForURL(`${base}/`);
const storageState = await login.storageState();

const pages = [
  ["/login", "login"],
  ["/", "scorecard list"],
  ["/s/1", "scorecard"],
  ["/s/1/values", "value entry"],
  ["/s/1/alerts", "alerts"],
  ["/webhooks", "webhooks"],
] as const;
console.log("page             JS files   JS raw      JS gzip    requests");
for (const [path, name] of pages) {
  const context = await browser.newContext(path === "/login" ? {} : { storageState });
  const tab = await context.newPage();
  const scripts: Promise<Buffer>[] = [];
  let requests = 0;
  tab.on("response", (response) => {
    requests++;
    if (response.request().resourceType() === "script") scripts.push(response.body());
  });
  await tab.goto(`${base}${path}`, { waitUntil: "networkidle" });
  const bodies = await Promise.all(scripts);
  const raw = bodies.reduce((n, b) => n + b.length, 0);
  const gzip = bodies.reduce((n, b) => n + gzipSync(b).length, 0);
  console.log(
    `${name.padEnd(16)} ${String(bodies.length).padStart(8)} ${(raw / 1024).toFixed(0).padStart(6)} KiB ${(gzip / 1024).toFixed(0).padStart(7)} KiB ${String(requests).padStart(10)}`,
  );
  await context.close();
}
await browser.close();
