import { STATUSES } from "@/lib/contract/constants";
import { PointSource, type Point, type Series } from "@/lib/contract/grouped";

/**
 * Series written as JSON, byte for byte what JSON.stringify writes, where the JSON of each point
 * that came out the same as in the series written before for the same KPI and range is copied,
 * not written again. Writing out numbers is most of what JSON.stringify costs (as long as the SQL
 * that reads them, for a scorecard's three years by month), and a write changes few periods: one
 * value a KPI changes one period of each series (and of
 * its containers'), where the whole series is computed again.
 */
export interface SeriesJson {
  /** UTF-8 bytes of the series. */
  json: Buffer;
  points: WrittenPoints;
}

/** What a series' points were when written, and where each point's JSON stands in the series'. */
export interface WrittenPoints {
  /** The numbers of each point, one point after the other; null as NaN (both are written `null`). */
  numbers: Float64Array;
  /** Status, source and complete of each point, as one number. */
  words: Uint8Array;
  /** Each point's first and end byte in the series' JSON. */
  at: Uint32Array;
}

const NUMBERS = 8; // value, target, baseline, min, max, performance, progress and score
const SOURCES = PointSource.options;
// Every property of a point is compared: its numbers in `record`, the rest in `wordOf`; start
// and end follow from the range, which is the same. A property added to Point fails to compile
// here until it is compared too.
type Compared = "value" | "target" | "baseline" | "min" | "max" | "performance" | "progress" | "score" | "status" | "source" | "complete" | "start" | "end";
// biome-ignore lint/correctness/noUnusedVariables: a check for the compiler, never read
const everyPropertyCompared: [Exclude<keyof Point, Compared>] extends [never] ? true : never = true;

const wordOf = (p: Point) => STATUSES.indexOf(p.status) | (SOURCES.indexOf(p.source) << 2) | (p.complete ? 16 : 0);
// Equal numbers are written alike (0 and -0 both as 0); NaN and null both as null.
const same = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/** Writes down the points' figures, and says whether each one equals the point written `before` at its place. */
function record(points: Point[], before: WrittenPoints | undefined): { written: WrittenPoints; reused: boolean[] } {
  const n = points.length;
  const numbers = new Float64Array(n * NUMBERS);
  const words = new Uint8Array(n);
  const reused = new Array<boolean>(n).fill(false);
  const comparable = before !== undefined && before.words.length === n;
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    const o = i * NUMBERS;
    numbers[o] = p.value ?? NaN;
    numbers[o + 1] = p.target ?? NaN;
    numbers[o + 2] = p.baseline ?? NaN;
    numbers[o + 3] = p.min ?? NaN;
    numbers[o + 4] = p.max ?? NaN;
    numbers[o + 5] = p.performance ?? NaN;
    numbers[o + 6] = p.progress ?? NaN;
    numbers[o + 7] = p.score ?? NaN;
    words[i] = wordOf(p);
    if (!comparable || before.words[i] !== words[i]) continue;
    let equal = true;
    for (let k = o; k < o + NUMBERS && equal; k++) equal = same(numbers[k]!, before.numbers[k]!);
    reused[i] = equal;
  }
  return { written: { numbers, words, at: new Uint32Array(2 * n) }, reused };
}

/** Points first to last of a series: copied from the JSON written before, or written anew (`texts`, one a point). */
interface Run {
  first: number;
  last: number;
  texts?: string[];
}

/** A series' points as runs of copied points and of points written anew. */
function runsOf(points: Point[], reused: boolean[]): Run[] {
  const runs: Run[] = [];
  points.forEach((point, i) => {
    const run = runs[runs.length - 1];
    const copied = reused[i]!;
    if (run && run.last === i - 1 && (run.texts === undefined) === copied) run.last = i;
    else runs.push({ first: i, last: i, texts: copied ? undefined : [] });
    if (!copied) runs[runs.length - 1]!.texts!.push(JSON.stringify(point));
  });
  return runs;
}

/**
 * The series' JSON, all in one buffer (one allocation for the collector to track), each a view
 * of it. `before[i]` is what was written for `list[i]`'s KPI over the same range, if anything.
 */
export function writeSeries(list: Series[], before: (SeriesJson | undefined)[] = []): SeriesJson[] {
  const plans = list.map((series, s) => {
    const { written, reused } = record(series.points, before[s]?.points);
    const { guid, name, measure } = series;
    const head = `${JSON.stringify({ guid, name, measure }).slice(0, -1)},"points":[`;
    return { head, runs: runsOf(series.points, reused), written, old: before[s] };
  });
  let total = 0;
  for (const { head, runs, old } of plans) {
    total += Buffer.byteLength(head) + "]}".length + Math.max(0, runs[runs.length - 1]?.last ?? -1);
    for (const { first, last, texts } of runs) {
      if (texts) for (const text of texts) total += Buffer.byteLength(text);
      else total += old!.points.at[2 * last + 1]! - old!.points.at[2 * first]!;
    }
  }
  const bytes = Buffer.allocUnsafe(total);
  let at = 0;
  return plans.map(({ head, runs, written, old }) => {
    const start = at;
    at += bytes.write(head, at);
    runs.forEach(({ first, last, texts }, r) => {
      if (r > 0) bytes[at++] = 0x2c; // ","
      if (texts) {
        texts.forEach((text, k) => {
          if (k > 0) bytes[at++] = 0x2c;
          written.at[2 * (first + k)] = at - start;
          at += bytes.write(text, at);
          written.at[2 * (first + k) + 1] = at - start;
        });
        return;
      }
      // Copied whole, commas included: each point moves by the same number of bytes.
      const from = old!.points.at[2 * first]!;
      const shift = at - start - from;
      for (let k = 2 * first; k <= 2 * last + 1; k++) written.at[k] = old!.points.at[k]! + shift;
      at += old!.json.copy(bytes, at, from, old!.points.at[2 * last + 1]!);
    });
    at += bytes.write("]}", at);
    return { json: bytes.subarray(start, at), points: written };
  });
}
