// Benchmark: OData pages. A deep page of Values read by key (the nextLink's $skiptoken) beside
// the same page read by offset (a bare-number $skiptoken, the earlier form the service still
// reads), and the first page of Periods over 12 scorecards, which computes only the scorecards
// it shows, beside the same page with $count=true, which computes all of them. Medians of
// interleaved runs. PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) when set, else PGlite.
// Run: npm run bench -- odata
import { accountWithScorecards, jsonInit } from "@/lib/testing/api";
import { createODataApp } from "@/lib/service/odata/app";
import { benchInstallation, benchScorecard, dailyValues } from "./bench-scorecard";

const ROUNDS = 7;
const median = (s: number[]) => [...s].sort((a, b) => a - b)[Math.floor(s.length / 2)]!;

const { kind, created, database, api, auth, values } = await benchInstallation("bench-odata@example.com");
const odata = createODataApp(api.app.deps);
const basicFor = async (headers: Record<string, string>, email: string) => {
  const { key } = await (await api.call("/api/api-keys", jsonInit("POST", { name: "Power BI" }, headers))).json();
  return { Authorization: `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}` };
};
const basic = await basicFor(auth, "bench-odata@example.com");
const get = async (path: string, headers: Record<string, string>, pageSize = 5000) => {
  const started = performance.now();
  const response = await odata.request(`http://bench.test/odata${path}`, { headers: { ...headers, Prefer: `odata.maxpagesize=${pageSize}` } });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
};

// The keyed tokens of every page, read once by following the nextLinks.
const tokens: string[] = [];
for (let url: string | undefined = "/Values"; url; ) {
  const { body } = await get(url.replace("http://bench.test/odata", ""), basic);
  url = body["@odata.nextLink"];
  if (url) tokens.push(new URL(url).searchParams.get("$skiptoken")!);
}
const lastToken = tokens.at(-1)!;
const lastOffset = tokens.length * 5000;

// Twelve scorecards of 40 KPIs with 90 days of values each, in another account.
const team = await accountWithScorecards(
  api,
  database.db,
  "bench-periods@example.com",
  Array.from({ length: 12 }, (_, i) => benchScorecard(`Team ${i + 1}`)),
);
for (const doc of team.scorecardIds) {
  const kpis = (await (await api.call(`/api/document/${doc}/kpi/list`, { headers: team.auth })).json()).items as { guid: string; indicatorType: string }[];
  const items = dailyValues(
    kpis.filter((k) => k.indicatorType === "INDICATOR").map((k) => k.guid),
    "2024-10-01",
    90,
  );
  for (let i = 0; i < items.length; i += 5000)
    await api.call(`/api/document/${doc}/kpi/batch/set-values`, jsonInit("POST", { items: items.slice(i, i + 5000) }, team.auth));
}
const teamBasic = await basicFor(team.auth, "bench-periods@example.com");
const periods = "/Periods?$filter=Period eq 'MONTH' and Start ge 2024-10-01 and Start le 2024-12-31";

const samples = { byKey: [] as number[], byOffset: [] as number[], periodsPage: [] as number[], periodsAll: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  samples.byKey.push((await get(`/Values?$skiptoken=${lastToken}`, basic)).ms);
  samples.byOffset.push((await get(`/Values?$skiptoken=${lastOffset}`, basic)).ms);
  samples.periodsPage.push((await get(periods, teamBasic, 100)).ms);
  samples.periodsAll.push((await get(`${periods}&$count=true`, teamBasic, 100)).ms);
}
const ms = (s: number[]) => `${median(s).toFixed(1)} ms`;
console.log(`OData paging on ${kind}: ${values.toLocaleString("en")} values, pages of 5,000; medians of ${ROUNDS} interleaved runs`);
console.log(`  last page of Values (rows from ${lastOffset.toLocaleString("en")}): by key ${ms(samples.byKey)}, by offset ${ms(samples.byOffset)}`);
console.log(
  `  first page of Periods (100 rows, 12 scorecards): computing the page's scorecards ${ms(samples.periodsPage)}, all of them ($count) ${ms(samples.periodsAll)}`,
);
await database.close();
await created?.drop();
