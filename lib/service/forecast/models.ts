// Forecasting models for one KPI's series of periods. No maintained JavaScript library offers
// exponential smoothing with damped trends, seasonality and parameter fitting (the npm packages
// that exist are unmaintained single-method ports), so the models are written here, from
// Hyndman & Athanasopoulos, "Forecasting: Principles and Practice" (3rd ed.), chapter 8:
//
// Holt-Winters additive with damped trend (section 8.3), for season length m:
//   level     l_t = a (y_t - s_{t-m}) + (1 - a)(l_{t-1} + phi b_{t-1})
//   trend     b_t = b* (l_t - l_{t-1}) + (1 - b*) phi b_{t-1}
//   season    s_t = g (y_t - l_{t-1} - phi b_{t-1}) + (1 - g) s_{t-m}
//   forecast  y_{t+h|t} = l_t + (phi + phi^2 + ... + phi^h) b_t + s_{t+h-m(k+1)},  k = floor((h-1)/m)
// Damped trend (section 8.2) is the same without the season; the naive forecast repeats the last value.
// Parameters are chosen by grid search on the one-step errors; intervals come from the model's own
// h-step errors over the history (empirical, so they widen as far as the series says they should).

export type Method = "seasonal" | "damped" | "naive";

interface Fitted {
  method: Method;
  /** Forecasts for the next `h` periods. */
  forecast: (h: number) => number[];
  /** Root mean square of the model's h-step errors over the history, h = 1..horizon. */
  spread: (h: number) => number;
}

interface Params {
  alpha: number;
  beta: number;
  gamma: number;
  phi: number;
}

const ALPHAS = [0.05, 0.1, 0.2, 0.4];
const BETAS = [0.01, 0.05, 0.15];
const GAMMAS = [0.05, 0.15, 0.3];
const PHIS = [0.85, 0.98];

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/** The one-step squared error, and (when kept) the smoothing states after each observation with the forecast function of each. */
function run(y: number[], m: number, p: Params, seasonal: boolean, keepStates = false) {
  let level: number;
  let trend: number;
  const season: number[] = [];
  if (seasonal) {
    const first = mean(y.slice(0, m));
    const second = mean(y.slice(m, 2 * m));
    level = first;
    trend = (second - first) / m;
    for (let i = 0; i < m; i++) season.push(y[i]! - first);
  } else {
    level = y[0]!;
    trend = y.length > 1 ? y[1]! - y[0]! : 0;
  }
  const start = seasonal ? m : 1;
  // What the state at time t (after y_t) forecasts h steps on.
  const ahead = (l: number, b: number, s: number[], t: number, h: number) => {
    let damp = 0;
    for (let i = 1, f = p.phi; i <= h; i++, f *= p.phi) damp += f;
    return l + damp * b + (seasonal ? s[(t + h) % m]! : 0);
  };
  const states: { t: number; l: number; b: number; s: number[] }[] = [{ t: start - 1, l: level, b: trend, s: [...season] }];
  let sse = 0;
  for (let t = start; t < y.length; t++) {
    const s = seasonal ? season[t % m]! : 0;
    const [l0, b0] = [level, trend];
    sse += (y[t]! - (l0 + p.phi * b0 + s)) ** 2;
    level = p.alpha * (y[t]! - s) + (1 - p.alpha) * (l0 + p.phi * b0);
    trend = p.beta * (level - l0) + (1 - p.beta) * p.phi * b0;
    if (seasonal) season[t % m] = p.gamma * (y[t]! - l0 - p.phi * b0) + (1 - p.gamma) * s;
    if (keepStates) states.push({ t, l: level, b: trend, s: [...season] });
  }
  return { sse, states, ahead };
}

/** The parameters with the smallest one-step squared error. */
function bestParams(y: number[], m: number, seasonal: boolean): Params {
  let best: Params = { alpha: 0.3, beta: 0.05, gamma: 0.1, phi: 0.9 };
  let bestSse = Infinity;
  for (const alpha of ALPHAS) {
    for (const beta of BETAS) {
      for (const phi of PHIS) {
        for (const gamma of seasonal ? GAMMAS : [0]) {
          const { sse } = run(y, m, { alpha, beta, gamma, phi }, seasonal);
          if (sse < bestSse) [bestSse, best] = [sse, { alpha, beta, gamma, phi }];
        }
      }
    }
  }
  return best;
}

/** Root mean square of the h-step errors each past state made, for h = 1..maxH. */
function spreads(y: number[], forecastFrom: (t: number, h: number) => number, first: number, maxH: number): number[] {
  const out: number[] = [];
  for (let h = 1; h <= maxH; h++) {
    let sum = 0;
    let n = 0;
    for (let t = first; t + h < y.length; t++) {
      sum += (y[t + h]! - forecastFrom(t, h)) ** 2;
      n++;
    }
    out.push(n >= 3 ? Math.sqrt(sum / n) : NaN);
  }
  // Where too few errors exist, the spread grows from the last known one as the square root of the horizon.
  const known = out.findLastIndex((v) => !Number.isNaN(v));
  const base = known >= 0 ? out[known]! : 0;
  return out.map((v, i) => (Number.isNaN(v) ? base * Math.sqrt((i + 1) / (known + 1)) : v));
}

function smoothing(y: number[], m: number, seasonal: boolean, maxH: number): Fitted {
  const params = bestParams(y, m, seasonal);
  const { states, ahead } = run(y, m, params, seasonal, true);
  const last = states.at(-1)!;
  const byTime = new Map(states.map((s) => [s.t, s]));
  const errors = spreads(
    y,
    (t, h) => {
      const s = byTime.get(t)!;
      return ahead(s.l, s.b, s.s, t, h);
    },
    states[0]!.t + 1,
    maxH,
  );
  return {
    method: seasonal ? "seasonal" : "damped",
    forecast: (h) => Array.from({ length: h }, (_, i) => ahead(last.l, last.b, last.s, last.t, i + 1)),
    spread: (h) => errors[Math.min(h, errors.length) - 1] ?? 0,
  };
}

function naive(y: number[], maxH: number): Fitted {
  const errors = spreads(y, (t) => y[t]!, 0, maxH);
  return { method: "naive", forecast: (h) => Array(h).fill(y.at(-1)!), spread: (h) => errors[Math.min(h, errors.length) - 1] ?? 0 };
}

/** The methods a series supports: seasonal needs two full seasons, damped trend four points. */
export const methodsFor = (n: number, m: number): Method[] => [
  "naive",
  ...(n >= 4 ? (["damped"] as const) : []),
  ...(m > 1 && n >= 2 * m ? (["seasonal"] as const) : []),
];

/** One method fitted to a series, with its spreads up to `maxH` periods ahead. */
export const fitMethod = (method: Method, y: number[], m: number, maxH: number): Fitted =>
  method === "naive" ? naive(y, maxH) : smoothing(y, m, method === "seasonal", maxH);
