// Benchmark: the grouped read as scripts ask for it, over real HTTP with Accept-Encoding: gzip or
// br (the 40-KPI scorecard with three years of daily values, by month and by week), beside the
// same read uncompressed and the SQL scan of the raw values (what a plain GROUP BY costs).
// Two servers on one API and database, requests interleaved: one compressing every answer (as
// before), one keeping each compressed answer by coding and ETag (lib/cli/compress-answer.mjs).
// Time to the answer's last byte, left compressed (decoding is the client's own work).
// Run: npm run bench -- wire   (PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL, else PGlite)
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { compressAnswer, keptAnswers, type KeptAnswers } from "@/lib/cli/compress-answer.mjs";
import { periodsBetween } from "@/lib/service/domain/periods";
import { rawBuckets } from "@/lib/service/domain/value-queries";
import { BENCH_FROM as FROM, BENCH_TO as TO, benchInstallation } from "./bench-scorecard";

const RUNS = 30;
const { kind, created, database, api, auth, doc, indicators, values } = await benchInstallation("bench-wire@example.com");

async function serve(kept: KeptAnswers | null): Promise<number> {
  const listener = getRequestListener(async (request) => compressAnswer(request, await api.app.fetch(request), kept), { overrideGlobalObjects: false });
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}
const everyTime = await serve(null);
const kept = await serve(keptAnswers());
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET to the last byte: its time and the bytes on the wire. */
function get(port: number, path: string, encoding: string): Promise<{ ms: number; bytes: number }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: `/rest${path}`, agent, headers: { ...auth, "Accept-Encoding": encoding } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => (res.statusCode === 200 ? resolve({ ms: performance.now() - t, bytes }) : reject(new Error(`${res.statusCode} ${path}`))));
      })
      .on("error", reject);
  });
}

const median = (s: number[]) => [...s].sort((a, b) => a - b)[Math.floor(s.length / 2)]!;
console.log(`\n${kind}: ${values} values; medians of ${RUNS} interleaved runs, time to the last byte`);
for (const period of ["MONTH", "WEEK"] as const) {
  const path = `/api/document/${doc}/kpi/indicators/grouped-value/${period}/${FROM}/${TO}`;
  const spans = periodsBetween(FROM, TO, period)!;
  const indicatorKpis = indicators as never;
  const cases: [string, () => Promise<{ ms: number; bytes: number }>][] = [
    [
      "raw-value scan SQL (GROUP BY)",
      async () => {
        const t = performance.now();
        await rawBuckets(database.db, indicatorKpis, period, spans[0]!.start, spans[spans.length - 1]!.end);
        return { ms: performance.now() - t, bytes: 0 };
      },
    ],
    ["uncompressed", () => get(kept, path, "identity")],
    ["gzip, compressed every time (before)", () => get(everyTime, path, "gzip")],
    ["gzip, kept compressed (after)", () => get(kept, path, "gzip")],
    ["br, compressed every time (before)", () => get(everyTime, path, "br")],
    ["br, kept compressed (after)", () => get(kept, path, "br")],
  ];
  const samples = new Map(cases.map(([name]) => [name, [] as number[]]));
  const bytes = new Map<string, number>();
  for (let run = -2; run < RUNS; run++) {
    for (const [name, measure] of cases) {
      const result = await measure();
      if (run >= 0) samples.get(name)!.push(result.ms);
      bytes.set(name, result.bytes);
    }
  }
  const scan = median(samples.get(cases[0]![0])!);
  console.log(`\n  grouped ${period} read, 3 years`);
  for (const [name] of cases) {
    const ms = median(samples.get(name)!);
    const size = bytes.get(name)! > 0 ? `${(bytes.get(name)! / 1024).toFixed(0).padStart(5)} KiB` : "         ";
    console.log(`    ${name.padEnd(40)} ${ms.toFixed(1).padStart(6)} ms  ${size}  ${(ms / scan).toFixed(2)}x the raw scan`);
  }
}
agent.destroy();
await database.close();
await created?.drop();
process.exit(0);
