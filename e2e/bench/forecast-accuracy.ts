// Benchmark: forecast accuracy on synthetic monthly series (trend, yearly seasonality, noise; 200
// series of 48 months from a fixed seed), then on the demo data's monthly KPIs. The last 12 months
// are held out: the chosen method's mean absolute percentage error beside the seasonal naive
// forecast's (the value 12 months before), and how often the 80 % interval holds the actual value
// (the aim: 70 % to 90 %).
// Run: npm run bench -- forecast
import type { KpiFile } from "@/lib/contract/scorecard-file";
import { demoScorecards } from "@/lib/db/demo";
import { mulberry32 } from "@/lib/seeded-random";
import { forecastSeries, mape } from "@/lib/service/forecast/choose";

const next = mulberry32(20261127);
const normal = () => Math.sqrt(-2 * Math.log(next() || 1e-12)) * Math.cos(2 * Math.PI * next());

const SERIES = 200;
const MONTHS = 48;
const HELD = 12;

/** Held-out accuracy over many series: the chosen method's and the seasonal naive forecast's MAPE, and the 80 % interval's coverage. */
function score(all: number[][]) {
  let ours = 0;
  let naive = 0;
  let covered = 0;
  let total = 0;
  const methods: Record<string, number> = {};
  for (const y of all) {
    const history = y.slice(0, y.length - HELD);
    const actual = y.slice(y.length - HELD);
    const forecast = forecastSeries(history, 12, HELD)!;
    methods[forecast.method] = (methods[forecast.method] ?? 0) + 1;
    ours += mape(
      actual,
      forecast.points.map((p) => p.value),
    )!;
    naive += mape(actual, history.slice(-12))!;
    forecast.points.forEach((p, i) => {
      total++;
      if (actual[i]! >= p.low && actual[i]! <= p.high) covered++;
    });
  }
  return { ours: ours / all.length, naive: naive / all.length, coverage: covered / total, total, methods };
}

function report(title: string, r: ReturnType<typeof score>) {
  console.log(`\n${title}`);
  console.log(
    `MAPE, chosen method:        ${(r.ours * 100).toFixed(2)} %   (methods chosen: ${Object.entries(r.methods)
      .map(([m, n]) => `${m} ${n}`)
      .join(", ")})`,
  );
  console.log(`MAPE, seasonal naive:       ${(r.naive * 100).toFixed(2)} %`);
  console.log(`better than seasonal naive: ${((1 - r.ours / r.naive) * 100).toFixed(1)} % (aim: at least 15 %)`);
  console.log(`80 % interval coverage:     ${(r.coverage * 100).toFixed(1)} % of ${r.total} held-out values (aim: 70 % to 90 %)`);
}

const synthetic: number[][] = [];
const started = performance.now();
for (let s = 0; s < SERIES; s++) {
  const level = 100 + next() * 900;
  const trend = (next() - 0.3) * level * 0.01;
  const amplitude = next() * 0.3 * level;
  const phase = next() * 12;
  const noise = (0.02 + next() * 0.08) * level;
  synthetic.push(Array.from({ length: MONTHS }, (_, t) => level + trend * t + amplitude * Math.sin((2 * Math.PI * (t + phase)) / 12) + noise * normal()));
}
const result = score(synthetic);
report(
  `${SERIES} synthetic series of ${MONTHS} months, the last ${HELD} held out (${((performance.now() - started) / SERIES).toFixed(1)} ms a series)`,
  result,
);

// The demo's monthly KPIs (four years to 30 November 2026), a month without a value carrying the one
// before it, as the forecast read does.
const flat = (kpis: KpiFile[]): KpiFile[] => kpis.flatMap((k) => [k, ...flat(k.children ?? [])]);
const monthly = (k: KpiFile): number[] => {
  const byMonth = new Map((k.values ?? []).filter((v) => typeof v.value === "number").map((v) => [v.date.slice(0, 7), v.value as number]));
  const months = [...byMonth.keys()].sort();
  const series: number[] = [];
  for (let d = new Date(`${months[0]}-01T00:00:00Z`); d.toISOString().slice(0, 7) <= months.at(-1)!; d.setUTCMonth(d.getUTCMonth() + 1)) {
    series.push(byMonth.get(d.toISOString().slice(0, 7)) ?? series.at(-1)!);
  }
  return series;
};
const demo = demoScorecards(new Date("2026-11-30T00:00:00Z"))
  .flatMap((card) => flat(card.kpis))
  .filter((k) => (k.updateInterval ?? "MONTH") === "MONTH" && (k.values?.length ?? 0) >= 24 + HELD)
  .map(monthly)
  .filter((y) => y.every((v) => v !== 0));
report(`${demo.length} monthly KPIs of the demo data, the last ${HELD} months held out`, score(demo));
