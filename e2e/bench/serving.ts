// Benchmark: what serving costs. Starts Gauge with `npm start` (the README's command) on a fresh
// data folder and prints every process of its tree with its idle memory (and again after a
// restart on the same folder, as a server runs from then on), then the time and bytes
// of large API answers (the three-year WEEK and MONTH grouped reads of the demo scorecard) with
// and without gzip and brotli, so the price of compression is read off beside the read itself.
// Run: npm run bench -- serving
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const PORT = Number(process.env.BENCH_PORT ?? 3450);
const RUNS = 15;
const base = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "gauge-serving-"));

const startServer = () =>
  spawn("npm", ["start"], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: "", SESSION_SECRET: "s".repeat(40) },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
let server = startServer();

function processTree(pid: number): { pid: number; name: string; rssMiB: number; peakMiB: number }[] {
  const children = readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return Number(readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).slice(0, 3).join(" ");
  const rssMiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  const peakMiB = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  return [{ pid, name: cmd, rssMiB, peakMiB }, ...children.flatMap(processTree)];
}

/** A GET whose body is counted as it crosses the wire (node:http decompresses nothing). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; wire: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, wire: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

async function started() {
  for (
    let i = 0;
    !(await fetch(`${base}/rest/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 600) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
}

function printTree(label: string) {
  const tree = processTree(server.pid!);
  console.log(`  ${label}:`);
  for (const p of tree)
    console.log(`  ${String(p.pid).padStart(7)}  ${p.rssMiB.toFixed(0).padStart(5)} MiB (peak ${p.peakMiB.toFixed(0).padStart(4)})  ${p.name}`);
  console.log(`  ${tree.length} process(es), ${tree.reduce((s, p) => s + p.rssMiB, 0).toFixed(0)} MiB in all`);
}

async function stopServer() {
  if (server.exitCode !== null || server.signalCode !== null) return;
  process.kill(-server.pid!, "SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
}

try {
  await started();
  const login = await fetch(`${base}/rest/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "demo@example.com", contraseña: "demo-password" }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const auth = { Token: token };
  const docs = (await (await fetch(`${base}/rest/api/documents/list`, { headers: auth })).json()) as { documents: { id: number }[] };
  const doc = docs.documents[0]!.id;
  console.log(`npm start: ${base}, demo data, embedded database`);
  // Loading the demo leaves garbage that V8 collects once the process idles: memory 3 s after
  // the first calls, and after 30 s with nothing to do.
  for (const wait of [3, 30]) {
    await new Promise((r) => setTimeout(r, (wait === 3 ? 3 : 27) * 1000));
    printTree(`${wait} s idle`);
  }
  // The first start creates the embedded database and loads the demo; every later start opens them.
  await stopServer();
  server = startServer();
  await started();
  await new Promise((r) => setTimeout(r, 30_000));
  printTree("restarted on the same folder, 30 s idle");

  const to = new Date().toISOString().slice(0, 10);
  const from = `${Number(to.slice(0, 4)) - 3}${to.slice(4)}`;
  for (const period of ["WEEK", "MONTH"]) {
    const url = `${base}/rest/api/document/${doc}/kpi/indicators/grouped-value/${period}/${from}/${to}`;
    for (const encoding of ["identity", "gzip", "br"]) {
      const samples: number[] = [];
      let body: Buffer = Buffer.alloc(0);
      for (let i = 0; i <= RUNS; i++) {
        const t = performance.now();
        const { status, wire } = await get(url, { ...auth, "Accept-Encoding": encoding });
        if (status !== 200) throw new Error(`${period} ${encoding}: ${status}`);
        if (i > 0) samples.push(performance.now() - t);
        body = wire;
      }
      samples.sort((a, b) => a - b);
      console.log(
        `  grouped ${period.padEnd(5)} 3 years, ${encoding.padEnd(8)} median ${samples[samples.length >> 1]!.toFixed(1).padStart(6)} ms  (${(body.length / 1024).toFixed(0)} KiB on the wire)`,
      );
      if (encoding === "identity") {
        // What the same body costs to compress at Next's default level and at the levels served now.
        const codings: [string, (b: Buffer) => Buffer][] = [
          ["gzip level 6 (Next's default)", (b) => zlib.gzipSync(b, { level: 6 })],
          ["gzip level 1 (served)        ", (b) => zlib.gzipSync(b, { level: 1 })],
          ["brotli 1 (served)            ", (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } })],
        ];
        for (const [name, compress] of codings) {
          const times: number[] = [];
          let size = 0;
          for (let i = 0; i < RUNS; i++) {
            const t = performance.now();
            size = compress(body).length;
            times.push(performance.now() - t);
          }
          times.sort((a, b) => a - b);
          console.log(`    ${name} of that body: ${times[times.length >> 1]!.toFixed(1).padStart(5)} ms -> ${(size / 1024).toFixed(0)} KiB`);
        }
      }
    }
  }
} finally {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
