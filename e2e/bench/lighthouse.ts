// Lighthouse on the scorecard page, beside Vercel's Next.js dashboard tutorial when one is running:
// first-load JavaScript (bytes on the wire), LCP, TBT, FCP and the performance score, with the
// desktop and the mobile preset, median of RUNS runs each, all in Debian's Chromium.
// Both apps are logged in through their own login form; Lighthouse sends the session cookie.
//   BASE_URL=http://localhost:3000 TUTORIAL_URL=http://localhost:3502 npm run bench:lighthouse
// The tutorial (vercel/next-learn, dashboard/final-example) is built outside this repository.
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const RUNS = Number(process.env.RUNS ?? 3);
const PORT = 9333;
const gauge = process.env.BASE_URL ?? "http://localhost:3000";
const tutorial = process.env.TUTORIAL_URL;

type Target = { name: string; url: string; login: (page: Page) => Promise<void> };
const targets: Target[] = [
  {
    name: "Gauge scorecard /s/1",
    url: `${gauge}/s/1`,
    login: async (page) => {
      await page.goto(`${gauge}/login`);
      await page.getByLabel("E-mail").fill("demo@example.com");
      await page.getByLabel("Password").fill("demo-password");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(`${gauge}/`);
    },
  },
];
if (tutorial) {
  targets.push({
    name: "tutorial /dashboard",
    url: `${tutorial}/dashboard`,
    login: async (page) => {
      await page.goto(`${tutorial}/login`);
      await page.getByLabel("Email").fill("user@nextmail.com");
      await page.getByLabel("Password").fill("123456");
      await page.getByRole("button", { name: /Log in/ }).click();
      await page.waitForURL(`${tutorial}/dashboard`);
    },
  });
}

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [`--remote-debugging-port=${PORT}`, "--disable-background-networking"],
});

type Cookie = Awaited<ReturnType<BrowserContext["cookies"]>>[number];

async function cookiesFor(target: Target): Promise<Cookie[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await target.login(page);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

type Figures = { jsKiB: number; firstKiB: number; jsFiles: number; lcp: number; tbt: number; fcp: number; score: number };

/** The scripts the page's HTML names: what the page needs before it is interactive (first-load JS). */
async function namedScripts(url: string, cookie: string): Promise<Set<string>> {
  const html = await (await fetch(url, { headers: { Cookie: cookie } })).text();
  return new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => new URL(m[1]!.replaceAll("&amp;", "&"), url).pathname));
}

// Cookies ignore ports: what one app set in the browser Lighthouse drives would ride along to the
// other on the same host name, so every run starts from a jar holding only its app's session
// (set in the jar, not as a header, so the page's own fetches carry it too).
const browserSession = await browser.newBrowserCDPSession();

async function audit(url: string, cookies: Cookie[], named: Set<string>, preset: "desktop" | "mobile"): Promise<Figures> {
  await browserSession.send("Storage.clearCookies", {});
  await browserSession.send("Storage.setCookies", { cookies: cookies.map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }) => ({ name, value, domain, path, expires, httpOnly, secure, sameSite })) });
  const result = await lighthouse(url, { port: PORT, output: "json", logLevel: "error", onlyCategories: ["performance"] }, preset === "desktop" ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories, finalDisplayedUrl, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.message}`);
  if (finalDisplayedUrl !== url) throw new Error(`${url} ended at ${finalDisplayedUrl}: the login did not hold`);
  const requests = (audits["network-requests"]?.details as { items: { url: string; resourceType?: string; transferSize?: number }[] }).items;
  const scripts = requests.filter((r) => r.resourceType === "Script");
  const kib = (list: typeof scripts) => list.reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1024;
  return {
    jsKiB: kib(scripts),
    firstKiB: kib(scripts.filter((r) => named.has(new URL(r.url).pathname))),
    jsFiles: scripts.length,
    lcp: audits["largest-contentful-paint"]!.numericValue!,
    tbt: audits["total-blocking-time"]!.numericValue!,
    fcp: audits["first-contentful-paint"]!.numericValue!,
    score: (categories.performance!.score ?? 0) * 100,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(`Lighthouse ${RUNS} runs each, medians. JS: script bytes on the wire during the load; first-load: those the HTML names`);
console.log("page                    preset    JS KiB first-load KiB  files   LCP ms   TBT ms   FCP ms  score");
try {
  const cookies = new Map<Target, Cookie[]>();
  const named = new Map<Target, Set<string>>();
  for (const target of targets) {
    cookies.set(target, await cookiesFor(target));
    named.set(target, await namedScripts(target.url, cookies.get(target)!.map((c) => `${c.name}=${c.value}`).join("; ")));
  }
  for (const preset of ["desktop", "mobile"] as const) {
    for (const target of targets) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(target.url, cookies.get(target)!, named.get(target)!, preset));
      const m = (f: (x: Figures) => number) => median(runs.map(f));
      console.log(
        `${target.name.padEnd(23)} ${preset.padEnd(8)} ${m((x) => x.jsKiB).toFixed(1).padStart(7)} ${m((x) => x.firstKiB).toFixed(1).padStart(14)} ${m((x) => x.jsFiles).toFixed(0).padStart(6)}` +
          ` ${m((x) => x.lcp).toFixed(0).padStart(8)} ${m((x) => x.tbt).toFixed(0).padStart(8)} ${m((x) => x.fcp).toFixed(0).padStart(8)} ${m((x) => x.score).toFixed(0).padStart(6)}`,
      );
    }
  }
} finally {
  await browser.close();
}
