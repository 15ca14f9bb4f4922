// Team benchmark: 20 viewers and 2 experts browse the same scorecard for 10 simulated minutes
// through the dashboard's KPI client (the shared read cache, real HTTP to the API, the real
// database). Each viewer opens the scorecard every 15 s; each expert saves a value every 30 s
// and opens the scorecard after it. Prints the account's calls used, the calls per minute the
// viewers cost, and every page that was blocked (an error instead of figures).
// Run: npm run bench -- team   (PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL, else PGlite)
import { openDatabase, type Database } from "@/lib/db/client";
import { createKpiClient } from "@/lib/bff/kpi-client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, TestClock } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { serveOverHttp } from "@/lib/testing/http-api";

const VIEWERS = 20;
const EXPERTS = 2;
const MINUTES = 10;
const STEP_S = 15;

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const created = adminUrl ? await createPostgresDatabase(adminUrl) : null;
const database: Database = await openDatabase(created ? { url: created.url } : { memory: true });
const clock = new TestClock(new Date("2026-11-23T09:00:00Z"));
const api = createTestApi(database.db, clock, { tokenTtlHours: 1000 });
const http = await serveOverHttp(api);
process.env.KPI_API_URL = http.url;

const admin = await accountWithScorecards(api, database.db, "admin@team.example", [smallScorecard("Team scorecard")]);
const docId = admin.scorecardIds[0]!;
await api.call(`/api/document/${docId}/sharing`, jsonInit("PUT", { account: "write" }, admin.auth));
const viewers = await Promise.all(Array.from({ length: VIEWERS }, (_, i) => teammate(api, database.db, admin.accountId, `viewer${i}@team.example`, "viewer")));
const experts = await Promise.all(Array.from({ length: EXPERTS }, (_, i) => teammate(api, database.db, admin.accountId, `expert${i}@team.example`, "expert")));
const info = async () => (await (await api.call("/api/access/info", { headers: admin.auth })).json()) as { usedCount: number; allowedCount: number };
const start = await info();

const range = { docId, period: "MONTH", startDate: "2026-01-01", endDate: "2026-11-30" } as const;
const now = () => clock.now();
let pages = 0;
let viewerCalls = 0;
const blocked: string[] = [];

/** One page view: a fresh client, as each request of the dashboard has, reading what the scorecard page reads. */
async function openScorecard(token: string, who: string) {
  const client = createKpiClient(token, { db: async () => database.db, now });
  pages++;
  try {
    await Promise.all([client.tree({ docId }), client.grouped(range), client.budget({ docId })]);
  } catch (error) {
    blocked.push(`${clock.now().toISOString().slice(11, 19)} ${who}: ${(error as Error).message}`);
  }
}

const kpi = (await createKpiClient(admin.token, { db: async () => database.db, now }).tree({ docId })).root.children[0]!.children[0]!.guid;
for (let t = 0; t < MINUTES * 60; t += STEP_S) {
  const before = (await info()).usedCount;
  await Promise.all(viewers.map((v, i) => openScorecard(v.token, `viewer${i}`)));
  viewerCalls += (await info()).usedCount - before;
  if (t % 30 === 0) {
    for (const [i, expert] of experts.entries()) {
      const client = createKpiClient(expert.token, { db: async () => database.db, now });
      await client.setValues({ docId }, { body: { items: [{ guid: kpi, date: "2026-11-01", value: t + i }] }, headers: { "Idempotency-Key": `e${i}-${t}` } });
      await openScorecard(expert.token, `expert${i}`);
    }
  }
  clock.advance(STEP_S * 1000);
}

const end = await info();
console.log(`team browse: ${VIEWERS} viewers + ${EXPERTS} experts, ${MINUTES} simulated minutes, ${pages} page views`);
console.log(`  account's calls used: ${end.usedCount - start.usedCount} of ${end.allowedCount} an hour`);
console.log(
  `  viewers' page views cost ${viewerCalls} calls: ${(viewerCalls / MINUTES).toFixed(1)} per minute for one scorecard (aim: at most 2 reads x 1 per minute, refreshed after each expert save)`,
);
console.log(`  pages blocked: ${blocked.length}${blocked.length ? `\n    ${blocked.join("\n    ")}` : ""}`);

await http.close();
await database.close();
await created?.drop();
