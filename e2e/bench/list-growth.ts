// Benchmark: the scorecard list (documents/list, with each scorecard's health) for an account of
// 3 scorecards and of 200: in-process, and over real HTTP with Accept-Encoding "br, gzip" through
// the server's own compression (lib/cli/compress-answer.mjs), time to the last byte; medians of 20
// interleaved reads each. The list should not cost more than about 3x as much at 200 as at 3.
// PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL when set, else PGlite.
// Run: npm run bench -- list
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { compressAnswer } from "@/lib/cli/compress-answer.mjs";
import { openDatabase } from "@/lib/db/client";
import { importScorecard } from "@/lib/db/import";
import { accountWithScorecards, createTestApi, smallScorecard } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";

const RUNS = 20;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const created = adminUrl ? await createPostgresDatabase(adminUrl) : null;
const database = created ? await openDatabase({ url: created.url }) : await openDatabase({ memory: true });
const api = createTestApi(database.db, undefined, { rateLimitPerHour: 1_000_000, tokenTtlHours: 1000 });
const median = (s: number[]) => [...s].sort((a, b) => a - b)[Math.floor(s.length / 2)]!;

const withValues = (name: string) => {
  const card = smallScorecard(name);
  const sales = card.kpis[0]!.children![0]!;
  sales.values = ["2025-12-01", "2026-01-01", "2026-02-01"].map((date, i) => ({ date, value: 50 + i * 10 }));
  return card;
};
const accounts: Record<number, Record<string, string>> = {};
for (const n of [3, 200]) {
  const { auth, accountId } = await accountWithScorecards(api, database.db, `list${n}@example.com`, [withValues("Card 0")]);
  for (let i = 1; i < n; i++) await database.db.transaction((tx) => importScorecard(tx, accountId, withValues(`Card ${i}`)));
  accounts[n] = auth;
}
const server = http.createServer(
  getRequestListener(async (request) => compressAnswer(request, await api.app.fetch(request)), { overrideGlobalObjects: false }),
);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** One GET of the list over HTTP, to its last byte (left compressed): its bytes on the wire. */
const overHttp = (headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const port = (server.address() as AddressInfo).port;
    http
      .get({ host: "127.0.0.1", port, path: "/rest/api/documents/list", agent, headers: { ...headers, "Accept-Encoding": "br, gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${res.statusCode}`))));
      })
      .on("error", reject);
  });
const ways: [string, (n: number) => Promise<number>][] = [
  [
    "in-process",
    async (n) => {
      const response = await api.call("/api/documents/list", { headers: accounts[n]! });
      return (await response.arrayBuffer()).byteLength;
    },
  ],
  ["HTTP, br", (n) => overHttp(accounts[n]!)],
];
const samples = new Map<string, number[]>();
const bytes = new Map<string, number>();
for (let run = -1; run < RUNS; run++) {
  for (const [way, read] of ways)
    for (const n of [3, 200]) {
      const t = performance.now();
      bytes.set(`${way} ${n}`, await read(n));
      if (run >= 0) samples.set(`${way} ${n}`, [...(samples.get(`${way} ${n}`) ?? []), performance.now() - t]);
    }
}
console.log(`\n${created ? "PostgreSQL" : "PGlite"}: documents/list, medians of ${RUNS} interleaved reads`);
for (const [way] of ways) {
  const [small, large] = [3, 200].map((n) => median(samples.get(`${way} ${n}`)!)) as [number, number];
  const size = (n: number) => `${(bytes.get(`${way} ${n}`)! / 1024).toFixed(1)} KiB`;
  console.log(
    `  ${way.padEnd(11)}   3 scorecards ${small.toFixed(1).padStart(6)} ms (${size(3)})   200 scorecards ${large.toFixed(1).padStart(6)} ms (${size(200)})   ${(large / small).toFixed(1)}x (aim: at most 3x)`,
  );
}
server.close();
agent.destroy();
await database.close();
await created?.drop();
