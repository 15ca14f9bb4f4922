// `npm run bench -- <name>` runs one benchmark; without a name it lists them. Benchmarks that
// import the service (and its `server-only` modules) run under the react-server condition.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));

/** name -> [file, needs the react-server condition, what it measures and what it needs] */
const BENCHMARKS = {
  grouped: ["grouped-values.ts", true, "5000-value batch writes and MONTH/WEEK grouped reads, in-process, PGlite and PostgreSQL"],
  wire: ["wire-reads.ts", true, "the grouped read over real HTTP with gzip and br, beside the raw GROUP BY"],
  odata: ["odata-paging.ts", true, "a deep OData page by key beside by offset, and Periods' first page over 12 scorecards"],
  reads: ["reads.ts", true, "OData Periods and forecasts beside the REST grouped read"],
  list: ["list-growth.ts", true, "the scorecard list for 3 scorecards and for 200"],
  later: ["later-values.ts", true, "a 5000-value write beside one whose KPIs hold 30,000 values dated after it"],
  growth: ["growth.ts", true, "a small installation beside one of 10 million values (PostgreSQL)"],
  load: ["load.ts", true, "50 clients against real server processes (PostgreSQL; BENCH_PROCESSES=2)"],
  hour: ["working-hour.ts", true, "one working hour of the account's call budget, simulated clock"],
  team: ["team-browse.ts", true, "20 viewers and 2 experts browsing one scorecard for 10 minutes"],
  connectors: ["connectors.ts", true, "per-period and rows connectors from MariaDB and PostgreSQL (TEST_DATABASE_URL, TEST_MYSQL_URL)"],
  workbooks: ["workbooks.ts", true, "a zip bomb, a 20 MiB workbook and a 500-day backfill: time and peak memory (TEST_MYSQL_URL)"],
  forecast: ["forecast-accuracy.ts", false, "forecast error and interval coverage on 200 synthetic series"],
  serving: ["serving.ts", false, "`npm start` on a fresh folder: memory of every process, compressed answers"],
  bff: ["bff-cost.ts", false, "the dashboard server's CPU and /rest calls per page view (build first)"],
  pages: ["page-weight.ts", false, "each page's JavaScript and requests (BASE_URL of a running server)"],
  lighthouse: ["lighthouse.ts", false, "Lighthouse on the main pages (BASE_URL; TUTORIAL_URL to compare)"],
};

const name = process.argv[2];
const benchmark = name ? BENCHMARKS[name] : undefined;
if (!benchmark) {
  if (name) console.error(`No benchmark is called "${name}".\n`);
  console.log("npm run bench -- <name>, where <name> is one of:\n");
  const width = Math.max(...Object.keys(BENCHMARKS).map((key) => key.length));
  for (const [key, [, , summary]] of Object.entries(BENCHMARKS)) console.log(`  ${key.padEnd(width)}  ${summary}`);
  process.exit(name ? 1 : 0);
}

const [file, reactServer] = benchmark;
const args = [...(reactServer ? ["--conditions=react-server"] : []), path.join(here, file), ...process.argv.slice(3)];
const tsx = path.join(here, "..", "..", "node_modules", ".bin", "tsx");
const result = spawnSync(tsx, args, { stdio: "inherit" });
process.exit(result.status ?? 1);
