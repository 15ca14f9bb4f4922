// Benchmark: reads built on the grouped values, beside the REST grouped read (40 KPIs x 3 years of
// daily values, by month): the OData feed's Periods of the same figures, and the forecast of every
// KPI to the end of the year. Time to the last byte and bytes, medians of interleaved runs,
// in-process. PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL when set, else PGlite.
// Run: npm run bench -- reads
import { createODataApp } from "@/lib/service/odata/app";
import { jsonInit } from "@/lib/testing/api";
import { BENCH_FROM as FROM, BENCH_TO as TO, benchInstallation } from "./bench-scorecard";

const RUNS = 20;
const { kind, created, database, api, auth, doc, kpis, values } = await benchInstallation("bench-odata@example.com");
const odata = createODataApp(api.app.deps);

const filter = encodeURIComponent(`ScorecardId eq ${doc} and Period eq 'MONTH' and Start ge ${FROM} and Start le ${TO}`);
const grouped = async () => {
  const response = await api.call(`/api/document/${doc}/kpi/indicators/grouped-value/MONTH/${FROM}/${TO}`, { headers: auth });
  return { status: response.status, bytes: (await response.arrayBuffer()).byteLength, rows: 0 };
};
const forecast = async () => {
  const response = await api.call(`/api/document/${doc}/kpi/indicators/forecast/MONTH`, { headers: auth });
  return { status: response.status, bytes: (await response.arrayBuffer()).byteLength, rows: 0 };
};
const periods = async () => {
  let url: string | undefined = `http://bench/odata/Periods?$filter=${filter}`;
  let bytes = 0;
  let rows = 0;
  let status = 200;
  while (url) {
    const response = await odata.request(url, { headers: auth });
    status = response.status;
    const text = await response.text();
    bytes += Buffer.byteLength(text);
    const page = JSON.parse(text);
    rows += page.value.length;
    url = page["@odata.nextLink"];
  }
  return { status, bytes, rows };
};
// Each round: the reads repeated (nothing changed since the last round's), then one write to one
// KPI (not timed) and the reads again, each computing anew what the write changed.
const reads: [name: string, read: typeof grouped][] = [
  ["REST grouped read (MONTH, 3 years), repeated", grouped],
  ["forecast of every KPI to December, repeated", forecast],
  ["OData Periods (same figures, every page)", periods],
  ["REST grouped read, after a write", grouped],
  ["forecast of every KPI, after a write", forecast],
];
const samples: Record<string, number[]> = Object.fromEntries(reads.map(([k]) => [k, []]));
const sizes: Record<string, { bytes: number; rows: number }> = {};
const someKpi = kpis.find((k) => k.indicatorType === "INDICATOR")!.guid;
for (let run = -1; run < RUNS; run++) {
  for (const [name, read] of reads) {
    if (name === "REST grouped read, after a write")
      await api.call(`/api/document/${doc}/kpi/batch/set-values`, jsonInit("POST", { items: [{ guid: someKpi, date: TO, value: 100 + run }] }, auth));
    const t = performance.now();
    const { status, bytes, rows } = await read();
    const ms = performance.now() - t;
    if (status !== 200) throw new Error(`${name}: ${status}`);
    if (run >= 0) samples[name]!.push(ms);
    sizes[name] = { bytes, rows };
  }
}
const median = (s: number[]) => [...s].sort((a, b) => a - b)[Math.floor(s.length / 2)]!;
console.log(`\n${kind}: ${values} values, medians of ${RUNS} interleaved runs`);
for (const [name] of reads) {
  const { bytes, rows } = sizes[name]!;
  console.log(
    `${name.padEnd(50)} ${median(samples[name]!).toFixed(1).padStart(7)} ms  ${(bytes / 1024).toFixed(0).padStart(5)} KiB${rows ? `  ${rows} rows` : ""}`,
  );
}
await database.close();
await created?.drop();
