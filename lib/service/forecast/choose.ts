import { fitMethod, methodsFor, type Method } from "./models";

/** z of the normal distribution's 90th percentile: an 80 % interval is the forecast ± z spreads. */
const Z80 = 1.2816;

export interface Forecast {
  method: Method;
  /** Mean absolute percentage error of the chosen method on the held-out end of the history (a fraction), or null when it holds zeros. */
  error: number | null;
  points: { value: number; low: number; high: number }[];
}

/** Mean absolute percentage error, or, where an actual is zero, null. */
export function mape(actual: number[], predicted: number[]): number | null {
  if (actual.some((a) => a === 0)) return null;
  return actual.reduce((sum, a, i) => sum + Math.abs((a - predicted[i]!) / a), 0) / actual.length;
}
const mae = (actual: number[], predicted: number[]) => actual.reduce((sum, a, i) => sum + Math.abs(a - predicted[i]!), 0) / actual.length;

/** Periods held out to choose a method: a season (at most 12), and never more than a third of the history. */
const holdout = (n: number, m: number) => Math.max(1, Math.min(m > 1 ? Math.min(m, 12) : 6, Math.floor(n / 3)));

/**
 * The next `h` periods of a series with season length `m`: every method the history supports is
 * fitted to all but its last few periods and scored on them; the best (the naive one when nothing
 * beats it) is fitted again to the whole history. Null when the history is too short to test any.
 */
export function forecastSeries(y: number[], m: number, h: number): Forecast | null {
  if (y.length < 4) return null;
  const k = holdout(y.length, m);
  const train = y.slice(0, -k);
  const test = y.slice(-k);
  let best: { method: Method; score: number; error: number | null } | null = null;
  for (const method of methodsFor(train.length, m)) {
    const predicted = fitMethod(method, train, m, k).forecast(k);
    const score = mae(test, predicted);
    if (!best || score < best.score - 1e-12) best = { method, score, error: mape(test, predicted) };
  }
  const final = fitMethod(best!.method, y, m, h);
  const values = final.forecast(h);
  return {
    method: final.method,
    error: best!.error,
    points: values.map((value, i) => ({ value, low: value - Z80 * final.spread(i + 1), high: value + Z80 * final.spread(i + 1) })),
  };
}
