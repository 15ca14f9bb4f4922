// Benchmark: forecast accuracy on synthetic monthly series (trend, yearly seasonality, noise; 200
// series of 48 months from a fixed seed). The last 12 months are held out: the chosen method's
// mean absolute percentage error beside the seasonal naive forecast's (the value 12 months
// before), and how often the 80 % interval holds the actual value (the aim: 70 % to 90 %).
// Run: npm run bench:forecast
import { mulberry32 } from "@/lib/seeded-random";
import { forecastSeries, mape } from "@/lib/service/forecast/choose";

const next = mulberry32(20261127);
const normal = () => Math.sqrt(-2 * Math.log(next() || 1e-12)) * Math.cos(2 * Math.PI * next());

const SERIES = 200;
const MONTHS = 48;
const HELD = 12;
let ours = 0;
let naive = 0;
let covered = 0;
let total = 0;
const methods: Record<string, number> = {};
const started = performance.now();
for (let s = 0; s < SERIES; s++) {
  const level = 100 + next() * 900;
  const trend = (next() - 0.3) * level * 0.01;
  const amplitude = next() * 0.3 * level;
  const phase = next() * 12;
  const noise = (0.02 + next() * 0.08) * level;
  const y = Array.from({ length: MONTHS }, (_, t) => level + trend * t + amplitude * Math.sin((2 * Math.PI * (t + phase)) / 12) + noise * normal());
  const history = y.slice(0, MONTHS - HELD);
  const actual = y.slice(MONTHS - HELD);
  const forecast = forecastSeries(history, 12, HELD)!;
  methods[forecast.method] = (methods[forecast.method] ?? 0) + 1;
  ours += mape(actual, forecast.points.map((p) => p.value))!;
  naive += mape(actual, history.slice(-12))!;
  forecast.points.forEach((p, i) => {
    total++;
    if (actual[i]! >= p.low && actual[i]! <= p.high) covered++;
  });
}
const ms = performance.now() - started;
const [a, b] = [ours / SERIES, naive / SERIES];
console.log(`\n${SERIES} synthetic series of ${MONTHS} months, the last ${HELD} held out (${(ms / SERIES).toFixed(1)} ms a series)`);
console.log(`MAPE, chosen method:        ${(a * 100).toFixed(2)} %   (methods chosen: ${Object.entries(methods).map(([m, n]) => `${m} ${n}`).join(", ")})`);
console.log(`MAPE, seasonal naive:       ${(b * 100).toFixed(2)} %`);
console.log(`better than seasonal naive: ${((1 - a / b) * 100).toFixed(1)} % (aim: at least 15 %)`);
console.log(`80 % interval coverage:     ${((covered / total) * 100).toFixed(1)} % of ${total} held-out values (aim: 70 % to 90 %)`);
