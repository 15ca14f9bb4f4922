// Working-hour benchmark: what one hour of real use costs the account's pooled calls. Simulated
// time (a test clock), real everything else: the dashboard's KPI client and its shared read cache
// in the database, real HTTP to the API, the real call counter. Three actors, counted apart:
//  - an expert: 150 page views in the hour (one every 24 s) over 3 scorecards and every period
//    (list, scorecard, values grid and plans, map, editor), with 10 saves of the value grid, each
//    followed by the re-read the page makes; each view reads exactly what its server render and
//    its browser read (the Prefetch list, the layout's access/info, scorecardAccess);
//  - 20 viewers opening one scorecard every 5 minutes;
//  - a script polling one scorecard's grouped read every minute as the README shows (If-None-Match).
// Prints the calls each spent. Run it on two checkouts for a before and after.
// Run: npm run bench -- hour   (PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL, else PGlite)
import { openDatabase, type Database } from "@/lib/db/client";
import { createKpiClient, type KpiClient } from "@/lib/bff/kpi-client";
import { dashboardProofKey } from "@/lib/dashboard-proof";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, TestClock } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { serveOverHttp } from "@/lib/testing/http-api";
import { filtersFrom, groupedInput } from "@/lib/filters";
import type { Period } from "@/lib/contract/kpis";

const VIEWS = 150;
const SAVES = 10;
const VIEWERS = 20;
const STEP_S = 24;

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const created = adminUrl ? await createPostgresDatabase(adminUrl) : null;
const database: Database = await openDatabase(created ? { url: created.url } : { memory: true });
const clock = new TestClock(new Date("2026-11-23T09:00:00Z"));
// A limit no actor reaches: the benchmark counts calls, it does not ration them. The API takes the
// dashboard's proof as the server does (the KPI client signs with this process's session secret).
const api = createTestApi(database.db, clock, {
  tokenTtlHours: 1000,
  rateLimitPerHour: 100_000,
  personRatePerWindow: 100_000,
  dashboardKey: dashboardProofKey(),
});
const http = await serveOverHttp(api);
process.env.KPI_API_URL = http.url;

const admin = await accountWithScorecards(
  api,
  database.db,
  "admin@hour.example",
  ["Sales", "Operations", "People"].map((n) => smallScorecard(n)),
);
for (const docId of admin.scorecardIds) await api.call(`/api/document/${docId}/sharing`, jsonInit("PUT", { account: "write" }, admin.auth));
const expert = await teammate(api, database.db, admin.accountId, "expert@hour.example", "expert");
const viewers = await Promise.all(Array.from({ length: VIEWERS }, (_, i) => teammate(api, database.db, admin.accountId, `viewer${i}@hour.example`, "viewer")));
const used = async () => ((await (await api.call("/api/access/info", { headers: admin.auth })).json()) as { usedCount: number }).usedCount;
const db = async () => database.db;
const now = () => clock.now();
const today = () => clock.now();

/** Calls spent by `act`, read off the account's counter (nothing else runs meanwhile). */
async function spent(act: () => Promise<unknown>): Promise<number> {
  const before = await used();
  await act();
  return (await used()) - before;
}

const PERIODS: Period[] = ["MONTH", "QUARTER", "YEAR", "WEEK", "DAY", "HALF_YEAR"];
type Page = (client: KpiClient, docId: number, period: Period) => Promise<unknown>;
const range = (docId: number, period: Period) => groupedInput(docId, filtersFrom({ period }, today()));
/** What each page reads, besides the layout's access/info: its Prefetch list and scorecardAccess. */
const pages: Record<string, Page> = {
  list: (c) => c.scorecards({}),
  scorecard: (c, docId, period) => Promise.all([c.budget({ docId }), c.tree({ docId }), c.grouped(range(docId, period))]),
  values: (c, docId, period) => Promise.all([c.budget({ docId }), c.tree({ docId }), c.grouped(range(docId, period))]),
  targets: (c, docId) =>
    Promise.all([
      c.budget({ docId }),
      c.tree({ docId }),
      c.grouped(range(docId, "MONTH")),
      c.records({ docId, field: "target", to: range(docId, "MONTH").endDate }),
    ]),
  map: (c, docId) => Promise.all([c.budget({ docId }), c.tree({ docId }), c.maps({ docId })]),
  edit: (c, docId) =>
    Promise.all([
      c.budget({ docId }),
      c.tree({ docId }),
      c.scorecard({ docId }),
      c.grouped({ docId, period: "MONTH", startDate: "2026-10-01", endDate: "2026-10-31" }),
    ]),
};
const journey = ["list", "scorecard", "scorecard", "values", "scorecard", "map", "scorecard", "targets", "scorecard", "edit"];

/** One page view: a fresh client, as each request of the dashboard has, and the layout's access/info. */
async function view(token: string, page: string, docId: number, period: Period) {
  const client = createKpiClient(token, { db, now });
  await client.budget({});
  await pages[page]!(client, docId, period);
}

const pollUrl = `${http.url}/api/document/${admin.scorecardIds[2]}/kpi/indicators/grouped-value/MONTH/2026-01-01/2026-12-31`;
let etag: string | null = null;
const firstKpi = new Map<number, string>();
for (const docId of admin.scorecardIds)
  firstKpi.set(docId, (await createKpiClient(admin.token, { db, now }).tree({ docId })).root.children[0]!.children[0]!.guid);

/** One hour of the three actors, from the clock's current time; the cache keeps what earlier hours read. */
async function hour(label: string) {
  const tally = { expert: 0, saves: 0, saveCalls: 0, viewers: 0, poller: 0, polls: 0 };
  const byPage = new Map<string, number>();
  let lastPollMinute = -1;
  for (let i = 0; i < VIEWS; i++) {
    const t = i * STEP_S;
    const docId = admin.scorecardIds[i % 3]!;
    const page = journey[i % journey.length]!;
    const period = PERIODS[Math.floor(i / journey.length) % PERIODS.length]!;
    const cost = await spent(() => view(expert.token, page, docId, period));
    tally.expert += cost;
    byPage.set(page, (byPage.get(page) ?? 0) + cost);
    // The poller's scorecard (the third) is only read: the expert saves into the first two.
    if (page === "values" && docId !== admin.scorecardIds[2] && tally.saves < SAVES) {
      // The grid's save, then the re-read the browser makes of what the page shows.
      tally.saves++;
      tally.saveCalls += await spent(async () => {
        const client = createKpiClient(expert.token, { db, now });
        await client.setValues(
          { docId },
          {
            body: { items: [{ guid: firstKpi.get(docId)!, date: "2026-11-02", value: (clock.now().getTime() / 24_000) % 997 }] },
            headers: { "Idempotency-Key": `save-${clock.now().getTime()}` },
          },
        );
        await client.grouped(range(docId, period));
      });
    }
    if (t % 300 === 0) tally.viewers += await spent(() => Promise.all(viewers.map((v) => view(v.token, "scorecard", admin.scorecardIds[0]!, "MONTH"))));
    if (Math.floor(t / 60) > lastPollMinute) {
      lastPollMinute = Math.floor(t / 60);
      tally.polls++;
      tally.poller += await spent(async () => {
        const response = await fetch(pollUrl, { headers: { Token: admin.token, ...(etag ? { "If-None-Match": etag } : {}) } });
        if (response.status === 200) etag = response.headers.get("ETag");
        await response.arrayBuffer();
      });
    }
    clock.advance(STEP_S * 1000);
  }
  console.log(`  ${label}:`);
  console.log(
    `    expert: ${VIEWS} page views over 3 scorecards and 6 periods, ${tally.saves} saves: ${tally.expert + tally.saveCalls} pooled calls (aim: 0: people never spend the pool)`,
  );
  console.log(`      the saves with their re-reads: ${tally.saveCalls}; the page views: ${[...byPage].map(([p, n]) => `${p} ${n}`).join(", ")}`);
  console.log(`    ${VIEWERS} viewers opening one scorecard every 5 minutes (${VIEWERS * 12} views): ${tally.viewers} pooled calls (aim: 0)`);
  console.log(`    a script polling an unchanged grouped read every minute (${tally.polls} polls): ${tally.poller} calls (aim: 1)`);
}

console.log(`working hour (${created ? "PostgreSQL" : "PGlite"}; simulated clock, real HTTP, cache and counter):`);
await hour("the first hour, from an empty cache");
await hour("the next hour, the cache kept");

await http.close();
await database.close();
await created?.drop();
