// Measures what each dashboard page costs a browser on a first load: JavaScript (raw and gzip),
// split into the first-load scripts the HTML names (what hydration waits for) and those loaded
// afterwards (the lazy chart), and every request. First-load scripts also in brotli (quality 11), as
// the server sends them to browsers that take it. Run against a running server: BASE_URL=http://localhost:3000 npm run bench -- pages
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
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
console.log("page             JS files   JS raw      JS gzip   first load gz   first load br   later gz   requests");
const brotli = (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
for (const [path, name] of pages) {
  const context = await browser.newContext(path === "/login" ? {} : { storageState });
  const tab = await context.newPage();
  const scripts: { url: string; body: Promise<Buffer> }[] = [];
  let html = "";
  let requests = 0;
  tab.on("response", (response) => {
    requests++;
    if (response.request().resourceType() === "script") scripts.push({ url: new URL(response.url()).pathname, body: response.body() });
    if (response.request().resourceType() === "document")
      void response.text().then(
        (t) => (html = t),
        () => {},
      );
  });
  await tab.goto(`${base}${path}`, { waitUntil: "networkidle" });
  const bodies = await Promise.all(scripts.map(async (s) => ({ url: s.url, body: await s.body })));
  const named = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => new URL(m[1]!.replaceAll("&amp;", "&"), base).pathname));
  const kib = (list: { body: Buffer }[], f: (b: Buffer) => number) => (list.reduce((n, b) => n + f(b.body), 0) / 1024).toFixed(1);
  const first = bodies.filter((b) => named.has(b.url));
  const later = bodies.filter((b) => !named.has(b.url));
  console.log(
    `${name.padEnd(16)} ${String(bodies.length).padStart(8)} ${kib(bodies, (b) => b.length).padStart(6)} KiB ${kib(bodies, (b) => gzipSync(b).length).padStart(7)} KiB` +
      ` ${kib(first, (b) => gzipSync(b).length).padStart(11)} KiB ${kib(first, brotli).padStart(11)} KiB ${kib(later, (b) => gzipSync(b).length).padStart(10)} KiB ${String(requests).padStart(9)}`,
  );
  await context.close();
}
await browser.close();
