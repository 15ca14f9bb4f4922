// Load benchmark: 50 clients on loopback against real Gauge server processes over one fresh
// PostgreSQL database, with a realistic mix: grouped reads (the dashboard's charts), 100-item
// batch writes (scripts and the value grid) and single reads. Prints throughput, p50/p99 per kind
// and overall, errors, and each server's memory. Bounded by BENCH_SECONDS (default 30).
// Also prints the CPU time the servers, PostgreSQL and the load generator itself spent per request.
// Run: npm run bench -- load   (BENCH_PROCESSES=2 for two processes; PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL;
// BENCH_PROFILE=<dir> writes each server's CPU profile there)
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { readdirSync, readFileSync } from "node:fs";
import { openDatabase } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, TestClock } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { benchScorecard, dailyValues, dayAfter } from "./bench-scorecard";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
const FIRST_PORT = 3400;
const FROM = "2022-01-01";
const DAYS = 3 * 365 + 1;

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.log("Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (this benchmark needs one).");
  process.exit(0);
}
const day = (n: number) => dayAfter(FROM, n);
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

// 1. A fresh database with a 40-KPI scorecard and three years of daily values.
const created = await createPostgresDatabase(adminUrl);
const database = await openDatabase({ url: created.url });
const seedApi = createTestApi(database.db, new TestClock(new Date()), { rateLimitPerHour: 1_000_000, tokenTtlHours: 1000 });
const { auth, scorecardIds } = await accountWithScorecards(seedApi, database.db, "load@example.com", [benchScorecard("Load")]);
const doc = scorecardIds[0]!;
const list = (await (await seedApi.call(`/api/document/${doc}/kpi/list`, { headers: auth })).json()).items as { guid: string; indicatorType: string }[];
const guids = list.filter((k) => k.indicatorType === "INDICATOR").map((k) => k.guid);
const all = dailyValues(guids, FROM, DAYS);
for (let i = 0; i < all.length; i += 5000) {
  const response = await seedApi.call(`/api/document/${doc}/kpi/batch/set-values`, jsonInit("POST", { items: all.slice(i, i + 5000) }, auth));
  if (response.status !== 200) throw new Error(`seeding failed: ${response.status}`);
}
await database.close();
console.log(`seeded ${all.length} values; starting ${PROCESSES} server process(es) on PostgreSQL`);

// 2. The servers, exactly as npm start runs them, one after the other: the first builds the app
// when the sources changed, and two processes building into one .next at once broke the build.
const servers: { child: ChildProcess; base: string }[] = [];
const startFlags = (JSON.parse(readFileSync("package.json", "utf8")).scripts.start as string).split(/\s+/).filter((arg) => arg.startsWith("--"));
for (let i = 0; i < PROCESSES; i++) {
  const port = FIRST_PORT + i;
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...startFlags, ...profile, "lib/cli/start.mjs"], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: created.url, RATE_LIMIT_PER_HOUR: "1000000000", SESSION_SECRET: "x".repeat(40) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}/rest`;
  servers.push({ child, base });
  for (
    let tries = 0;
    !(await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 600) throw new Error(`${base} did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
const rss = () => servers.map(({ child }) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
const idle = rss();
// CPU seconds (user + system) of the servers, and of every PostgreSQL process on this machine.
const cpuOf = (pid: string | number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const postgresCpu = () =>
  readdirSync("/proc")
    .filter((pid) => /^\d+$/.test(pid))
    .reduce((sum, pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("postgres") ? sum + cpuOf(pid) : sum;
      } catch {
        return sum; // the process ended meanwhile
      }
    }, 0);
const serverCpu = () => servers.reduce((sum, { child }) => sum + cpuOf(child.pid!), 0);

// 3. The mix. Each client sends a request, reads its answer to the last byte as it crosses the
// wire, and only then sends the next, over a kept-alive connection. It asks for gzip as fetch
// and scripts do, but leaves the answer compressed: inflating it is a client's own work, which
// fetch did here on the same two cores as the servers (1.5-1.9 ms of CPU per request).
type Kind = "grouped read" | "batch write (100)" | "single read";
type Answer = { ok: boolean; status: number };
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
const headers = { Token: auth.Token, "Content-Type": "application/json", "Accept-Encoding": "gzip, deflate" };
function send(url: string, init: { method?: string; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? "GET", headers, agent }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve({ ok: response.statusCode! >= 200 && response.statusCode! < 300, status: response.statusCode! }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(init.body);
  });
}
const requests: Record<Kind, (base: string) => Promise<Answer>> = {
  "grouped read": (base) => {
    const [period, from, to] = pick([
      ["MONTH", FROM, day(DAYS - 1)],
      ["WEEK", day(DAYS - 365), day(DAYS - 1)],
      ["QUARTER", FROM, day(DAYS - 1)],
      ["DAY", day(DAYS - 31), day(DAYS - 1)],
    ] as const);
    return send(`${base}/api/document/${doc}/kpi/indicators/grouped-value/${period}/${from}/${to}`);
  },
  "batch write (100)": (base) => {
    const start = Math.floor(Math.random() * (DAYS - 10));
    const items = Array.from({ length: 100 }, (_, i) => ({
      guid: guids[(start + i) % guids.length]!,
      date: day(start + (i % 10)),
      value: Math.random() * 200,
    }));
    return send(`${base}/api/document/${doc}/kpi/batch/set-values`, { method: "POST", body: JSON.stringify({ items }) });
  },
  "single read": (base) => send(`${base}/api/document/${doc}/kpi/indicator/${pick(guids)}/value/${day(Math.floor(Math.random() * DAYS))}`),
};
const weights: [Kind, number][] = [
  ["grouped read", 0.4],
  ["batch write (100)", 0.3],
  ["single read", 0.3],
];
const choose = (): Kind => {
  let r = Math.random();
  for (const [kind, w] of weights) if ((r -= w) < 0) return kind;
  return "single read";
};

const samples: Record<Kind, number[]> = { "grouped read": [], "batch write (100)": [], "single read": [] };
const errors: string[] = [];
const cpuBefore = { server: serverCpu(), postgres: postgresCpu(), generator: process.cpuUsage() };
const deadline = performance.now() + SECONDS * 1000;
let peak = idle;
const sampler = setInterval(() => (peak = rss().map((v, i) => Math.max(v, peak[i]!))), 1000);
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, c) => {
    const base = servers[c % servers.length]!.base;
    while (performance.now() < deadline) {
      const kind = choose();
      const t = performance.now();
      try {
        const response = await requests[kind](base);
        if (!response.ok) errors.push(`${kind}: ${response.status}`);
      } catch (error) {
        errors.push(`${kind}: ${(error as Error).message}`);
      }
      samples[kind].push(performance.now() - t);
    }
  }),
);
clearInterval(sampler);
const generatorCpu = process.cpuUsage(cpuBefore.generator);
const cpuUsed = {
  server: serverCpu() - cpuBefore.server,
  postgres: postgresCpu() - cpuBefore.postgres,
  generator: (generatorCpu.user + generatorCpu.system) / 1e6,
};

// 4. The figures.
const quantile = (s: number[], q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
const line = (name: string, s: number[]) => {
  const sorted = [...s].sort((a, b) => a - b);
  return `  ${name.padEnd(18)} ${String(s.length).padStart(7)}   p50 ${quantile(sorted, 0.5).toFixed(1).padStart(7)} ms   p99 ${quantile(sorted, 0.99).toFixed(1).padStart(7)} ms`;
};
const everything = Object.values(samples).flat();
console.log(`\n${CLIENTS} clients for ${SECONDS} s against ${PROCESSES} process(es) on PostgreSQL`);
console.log(`  throughput         ${(everything.length / SECONDS).toFixed(1)} requests/s`);
for (const [kind, s] of Object.entries(samples)) console.log(line(kind, s));
console.log(line("all", everything));
console.log(`  errors             ${errors.length}${errors.length ? ` (${[...new Set(errors)].slice(0, 5).join("; ")})` : ""}`);
const perRequest = (seconds: number) => `${((seconds * 1000) / everything.length).toFixed(1)} ms`;
console.log(
  `  CPU per request    server ${perRequest(cpuUsed.server)}, PostgreSQL ${perRequest(cpuUsed.postgres)}, this load generator ${perRequest(cpuUsed.generator)}`,
);
console.log(`  server memory      idle ${idle.map((m) => `${m.toFixed(0)} MiB`).join(", ")}; peak ${peak.map((m) => `${m.toFixed(0)} MiB`).join(", ")}`);

for (const { child } of servers) child.kill("SIGTERM");
await new Promise((r) => setTimeout(r, 1000));
await created.drop();
process.exit(0);
