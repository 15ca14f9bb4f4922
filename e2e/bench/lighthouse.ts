// Lighthouse on the scorecard page, the list and the value grid, beside Vercel's Next.js dashboard
// tutorial when one is running (its dashboard and its invoice list): first-load JavaScript and the
// HTML document (bytes on the wire), LCP with its range, TBT, FCP and the performance score, median
// of RUNS runs each, in Debian's Chromium.
// Both apps are logged in through their own login form; Lighthouse sends the session cookie.
//   BASE_URL=http://localhost:3000 TUTORIAL_URL=http://localhost:3502 npm run bench -- lighthouse
// The tutorial (vercel/next-learn, dashboard/final-example) is built outside this repository.
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const RUNS = Number(process.env.RUNS ?? 5);
const PORT = 9333;
const gauge = process.env.BASE_URL ?? "http://localhost:3000";
const tutorial = process.env.TUTORIAL_URL;

type App = { name: string; base: string; login: (page: Page) => Promise<void>; pages: { path: string; presets: Preset[] }[] };
// "mobile" is Lighthouse's default: a run on the unthrottled machine, with load times simulated
// for a slow phone from what the browser did (Lantern). On localhost the browser receives every
// script before its first paint, so the simulation counts every script before the LCP. "mobile
// applied" throttles the browser itself to the same network and CPU, so the page paints as it
// would on that phone, before the scripts arrive.
const PRESETS = ["desktop", "mobile", "mobile applied"] as const;
type Preset = (typeof PRESETS)[number];
const apps: App[] = [
  {
    name: "Gauge",
    base: gauge,
    login: async (page) => {
      await page.goto(`${gauge}/login`);
      await page.getByLabel("E-mail").fill("demo@example.com");
      await page.getByLabel("Password").fill("demo-password");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(`${gauge}/`);
    },
    // The scorecard with every preset (its mobile LCP is a target); the list and the value grid
    // for their first-load JavaScript, which no preset changes.
    pages: [
      { path: "/s/1", presets: [...PRESETS] },
      { path: "/", presets: ["desktop"] },
      { path: "/s/1/values", presets: ["desktop"] },
    ],
  },
];
if (tutorial) {
  apps.push({
    name: "tutorial",
    base: tutorial,
    login: async (page) => {
      await page.goto(`${tutorial}/login`);
      await page.getByLabel("Email").fill("user@nextmail.com");
      await page.getByLabel("Password").fill("123456");
      await page.getByRole("button", { name: /Log in/ }).click();
      await page.waitForURL(`${tutorial}/dashboard`);
    },
    pages: [
      { path: "/dashboard", presets: [...PRESETS] },
      { path: "/dashboard/invoices", presets: ["desktop"] },
    ],
  });
}
type Target = { name: string; url: string; app: App; presets: Preset[] };
const targets: Target[] = apps.flatMap((app) => app.pages.map(({ path, presets }) => ({ name: `${app.name} ${path}`, url: app.base + path, app, presets })));

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [`--remote-debugging-port=${PORT}`, "--disable-background-networking"],
});

type Cookie = Awaited<ReturnType<BrowserContext["cookies"]>>[number];

async function cookiesFor(app: App): Promise<Cookie[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await app.login(page);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

type Figures = { jsKiB: number; firstKiB: number; jsFiles: number; htmlKiB: number; lcp: number; tbt: number; fcp: number; score: number };

/** The scripts the page's HTML names: what the page needs before it is interactive (first-load JS). */
async function namedScripts(url: string, cookie: string): Promise<Set<string>> {
  const html = await (await fetch(url, { headers: { Cookie: cookie } })).text();
  return new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => new URL(m[1]!.replaceAll("&amp;", "&"), url).pathname));
}

// Cookies ignore ports: what one app set in the browser Lighthouse drives would ride along to the
// other on the same host name, so every run starts from a jar holding only its app's session
// (set in the jar, not as a header, so the page's own fetches carry it too).
const browserSession = await browser.newBrowserCDPSession();

async function audit(url: string, cookies: Cookie[], named: Set<string>, preset: Preset, attempt = 1): Promise<Figures> {
  await browserSession.send("Storage.clearCookies", {});
  await browserSession.send("Storage.setCookies", {
    cookies: cookies.map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }) => ({
      name,
      value,
      domain,
      path,
      expires,
      httpOnly,
      secure,
      sameSite,
    })),
  });
  const flags = { port: PORT, output: "json" as const, logLevel: "error" as const, onlyCategories: ["performance"] };
  const result = await lighthouse(
    url,
    preset === "mobile applied" ? { ...flags, throttlingMethod: "devtools" } : flags,
    preset === "desktop" ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories, finalDisplayedUrl, runtimeError } = result.lhr;
  // Lighthouse sometimes misses the start of the trace and asks for the run to be repeated.
  if (runtimeError?.code === "NO_NAVSTART" && attempt < 3) return audit(url, cookies, named, preset, attempt + 1);
  if (runtimeError) throw new Error(`${url}: ${runtimeError.message}`);
  if (finalDisplayedUrl !== url) throw new Error(`${url} ended at ${finalDisplayedUrl}: the login did not hold`);
  const requests = (audits["network-requests"]!.details as { items: { url: string; resourceType?: string; transferSize?: number }[] }).items;
  const html = requests.find((r) => r.resourceType === "Document" && r.url === url);
  const scripts = requests.filter((r) => r.resourceType === "Script");
  const kib = (list: typeof scripts) => list.reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1024;
  return {
    jsKiB: kib(scripts),
    firstKiB: kib(scripts.filter((r) => named.has(new URL(r.url).pathname))),
    jsFiles: scripts.length,
    htmlKiB: (html?.transferSize ?? 0) / 1024,
    lcp: audits["largest-contentful-paint"]!.numericValue!,
    tbt: audits["total-blocking-time"]!.numericValue!,
    fcp: audits["first-contentful-paint"]!.numericValue!,
    score: (categories.performance!.score ?? 0) * 100,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(`Lighthouse ${RUNS} runs each, medians. JS: script bytes on the wire during the load; first-load: those the HTML names;`);
console.log("HTML: the page's document on the wire. LCP range: the lowest and highest run (the simulated LCP swings when,");
console.log("on this machine, the scripts happen to run before the first paint: Lantern then counts them all).");
console.log("page                         preset          JS KiB first-load KiB  files HTML KiB   LCP ms   LCP range   TBT ms   FCP ms  score");
try {
  const cookies = new Map<App, Cookie[]>();
  const named = new Map<Target, Set<string>>();
  for (const app of apps) cookies.set(app, await cookiesFor(app));
  for (const target of targets)
    named.set(
      target,
      await namedScripts(
        target.url,
        cookies
          .get(target.app)!
          .map((c) => `${c.name}=${c.value}`)
          .join("; "),
      ),
    );
  for (const preset of PRESETS) {
    for (const target of targets.filter((t) => t.presets.includes(preset))) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(target.url, cookies.get(target.app)!, named.get(target)!, preset));
      const m = (f: (x: Figures) => number) => median(runs.map(f));
      const lcps = runs.map((x) => x.lcp);
      const range = `${Math.min(...lcps).toFixed(0)}-${Math.max(...lcps).toFixed(0)}`;
      console.log(
        `${target.name.padEnd(28)} ${preset.padEnd(14)} ${m((x) => x.jsKiB)
          .toFixed(1)
          .padStart(7)} ${m((x) => x.firstKiB)
          .toFixed(1)
          .padStart(14)} ${m((x) => x.jsFiles)
          .toFixed(0)
          .padStart(6)} ${m((x) => x.htmlKiB)
          .toFixed(1)
          .padStart(8)}` +
          ` ${m((x) => x.lcp)
            .toFixed(0)
            .padStart(8)} ${range.padStart(11)} ${m((x) => x.tbt)
            .toFixed(0)
            .padStart(8)} ${m((x) => x.fcp)
            .toFixed(0)
            .padStart(8)} ${m((x) => x.score)
            .toFixed(0)
            .padStart(6)}`,
      );
    }
  }
} finally {
  await browser.close();
}
