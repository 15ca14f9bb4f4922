// Benchmark: what the dashboard's own server side costs per page view. `npm start` runs on a
// fresh folder with the BFF's API address (KPI_API_URL) pointed at a counting proxy in front of
// the same server's /rest, which passes every call on as the loopback would (uncompressed). For
// the scorecard list, a scorecard, its value grid and its map, each viewed as a browser's first
// request (the HTML, with the session cookie): the server's CPU per view (every thread's, from
// /proc) and the calls the BFF made to /rest per view; then each viewed in Chromium until the
// network is idle (the HTML and what the page itself asks of the server afterwards). Pages
// interleaved; medians of the rounds.
// Run: npm run bench -- bff (build first: npx next build); BENCH_PROFILE=<folder> for a CPU profile.
import { spawn } from "node:child_process";
import { chromium } from "@playwright/test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

const PORT = Number(process.env.BENCH_PORT ?? 3530);
const PROXY = PORT + 1;
const BATCHES = Number(process.env.BENCH_RUNS ?? 9);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "gauge-bff-"));

const calls: string[] = [];
const proxy = http.createServer((req, res) => {
  calls.push(`${req.method} ${req.url}`);
  const headers = { ...req.headers, host: `127.0.0.1:${PORT}`, "accept-encoding": "identity" };
  const upstream = http.request({ host: "127.0.0.1", port: PORT, path: req.url, method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode!, answer.headers);
    answer.pipe(res);
  });
  upstream.on("error", () => res.destroy());
  req.pipe(upstream);
});
await new Promise<void>((resolve) => proxy.listen(PROXY, "127.0.0.1", resolve));

// BENCH_PROFILE=<folder> also writes the server's CPU profile there (for Chrome's DevTools).
const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
const server = spawn(process.execPath, ["--max-semi-space-size=32", ...profile, "lib/cli/start.mjs"], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    RATE_LIMIT_PER_HOUR: "1000000",
    KPI_API_URL: `http://127.0.0.1:${PROXY}/rest`,
  },
  stdio: ["ignore", "ignore", "inherit"],
});
for (let i = 0; ; i++) {
  if (
    await fetch(`${base}/rest/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 300) throw new Error("the server did not start");
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** CPU milliseconds every thread of the server process has run, from /proc's schedstat (nanoseconds). */
const cpuMs = () =>
  readdirSync(`/proc/${server.pid}/task`).reduce((sum, task) => {
    try {
      return sum + Number(readFileSync(`/proc/${server.pid}/task/${task}/schedstat`, "utf8").split(" ")[0]) / 1e6;
    } catch {
      return sum; // a thread that ended meanwhile
    }
  }, 0);

const login = await fetch(`${base}/api/session`, {
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: base },
  body: JSON.stringify({ email: "demo@example.com", contraseña: "demo-password" }),
});
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
const view = async (page: string) => {
  const response = await fetch(`${base}${page}`, { headers: { Cookie: cookie, Accept: "text/html" }, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
  await response.arrayBuffer();
};

const pages = [
  ["/", "scorecard list"],
  ["/s/1", "scorecard"],
  ["/s/1/values", "value grid"],
  ["/s/1/map", "strategy map"],
] as const;
for (const [page] of pages) for (let i = 0; i < 3; i++) await view(page);

// Two regimes: a view more than FRESH_MS (5 s) after the last one, whose reads the shared cache
// confirms with the API (conditional requests, free when unchanged), and a view right after
// another, served from the cache as it is.
const regimes = ["after 5 s", "right after"] as const;
const key = (regime: string, page: string) => `${regime} ${page}`;
const cpu = new Map<string, number[]>();
const loopback = new Map<string, number[]>();
const seen = new Map<string, Set<string>>();
for (let round = 0; round < BATCHES; round++) {
  await new Promise((resolve) => setTimeout(resolve, 5_100));
  for (const regime of regimes) {
    for (const [page] of pages) {
      const before = cpuMs();
      const called = calls.length;
      await view(page);
      const k = key(regime, page);
      if (!cpu.has(k)) [cpu.set(k, []), loopback.set(k, []), seen.set(k, new Set())];
      cpu.get(k)!.push(cpuMs() - before);
      loopback.get(k)!.push(calls.length - called);
      for (const c of calls.slice(called))
        seen.get(k)!.add(
          c
            .replace(/\?.*$/, "")
            .replace(/\/\d{4}-\d\d-\d\d/g, "/<date>")
            .replace(/\/rest\/api\/document\/1/, ""),
        );
    }
  }
}
const median = (s: number[]) => [...s].sort((a, b) => a - b)[Math.floor(s.length / 2)]!;
console.log(`\nServer CPU (every thread) and calls to /rest per page view (the HTML of a first request), medians of ${BATCHES} rounds`);
for (const regime of regimes) {
  console.log(
    `  a view ${regime === "after 5 s" ? "more than 5 s after the last (reads confirmed with the API)" : "right after another (reads served from the shared cache)"}`,
  );
  let total = 0;
  for (const [page, name] of pages) {
    const k = key(regime, page);
    total += median(cpu.get(k)!);
    console.log(
      `    ${name.padEnd(14)} ${median(cpu.get(k)!).toFixed(1).padStart(6)} ms CPU   ${median(loopback.get(k)!)} calls: ${[...seen.get(k)!].join(", ")}`,
    );
  }
  console.log(`    ${"all four".padEnd(14)} ${total.toFixed(1).padStart(6)} ms CPU`);
}
// A view in Chromium: the HTML, then whatever the page asks of the server until the network is
// idle (its own reads, and any page a link would prefetch), the build's static files aside.
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext({ baseURL: base });
await context.addCookies(cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: base })));
const tab = await context.newPage();
let asked = 0;
tab.on("request", (request) => void (!new URL(request.url()).pathname.startsWith("/_next/static/") && asked++));
const inBrowser = new Map<string, { cpu: number[]; asked: number[] }>(pages.map(([page]) => [page, { cpu: [], asked: [] }]));
for (let round = 0; round < BATCHES; round++) {
  for (const [page] of pages) {
    const [before, askedBefore] = [cpuMs(), asked];
    await tab.goto(page, { waitUntil: "networkidle" });
    inBrowser.get(page)!.cpu.push(cpuMs() - before);
    inBrowser.get(page)!.asked.push(asked - askedBefore);
  }
}
await browser.close();
console.log("  a view in Chromium (the HTML, then the page's own requests until the network is idle)");
let browserTotal = 0;
for (const [page, name] of pages) {
  const { cpu: spent, asked: requests } = inBrowser.get(page)!;
  browserTotal += median(spent);
  console.log(`    ${name.padEnd(14)} ${median(spent).toFixed(1).padStart(6)} ms CPU   ${median(requests)} requests besides static files`);
}
console.log(`    ${"all four".padEnd(14)} ${browserTotal.toFixed(1).padStart(6)} ms CPU`);
server.kill("SIGTERM");
proxy.close();
await new Promise((resolve) => server.once("exit", resolve));
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
