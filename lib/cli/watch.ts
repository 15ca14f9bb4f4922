// `npm run cli -- watch <url>`: polls one read of the API the way a script should, sending back
// the ETag it last got, so each poll that finds nothing new is a 304 that costs no call.
import { writeFile } from "node:fs/promises";

export const WATCH_USAGE = `  watch <API read URL> [--every <seconds>] [--out <file>] [--times <n>]
                                                       poll a read with If-None-Match: an unchanged answer costs no call
                                                       (the token or API key in GAUGE_TOKEN; default every 60 s, until Ctrl+C)`;

export interface WatchOptions {
  url: string;
  token: string;
  everySeconds: number;
  /** Where each new answer is written (else its size is reported only). */
  out?: string;
  /** How many polls before it stops (else it runs until stopped). */
  times?: number;
  /** The validator of the answer the caller holds, from an earlier run. */
  etag?: string | null;
  log?: (line: string) => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url`; answers how many polls came back 200 (new), 304 (unchanged) and 429 (limit), and the last ETag. */
export async function watchRead({ url, token, everySeconds, out, times = Infinity, etag = null, log = console.log }: WatchOptions) {
  const tally = { changed: 0, unchanged: 0, limited: 0 };
  let pauseMs = 0;
  for (let poll = 0; poll < times; poll++) {
    if (poll > 0) await wait(pauseMs);
    pauseMs = everySeconds * 1000;
    const response = await fetch(url, { headers: { Token: token, ...(etag ? { "If-None-Match": etag } : {}) } });
    const left = response.headers.get("X-RateLimit-Remaining");
    const at = new Date().toISOString().slice(11, 19);
    if (response.status === 304) {
      tally.unchanged++;
      log(`${at} unchanged (304, not counted; ${left} calls left)`);
    } else if (response.status === 200) {
      const body = await response.text();
      etag = response.headers.get("ETag");
      tally.changed++;
      if (out) await writeFile(out, body);
      log(`${at} new answer: ${body.length} bytes${out ? ` written to ${out}` : ""} (${left} calls left)`);
    } else if (response.status === 429) {
      tally.limited++;
      const retryAfter = Number(response.headers.get("Retry-After")) || 0;
      pauseMs = Math.max(pauseMs, retryAfter * 1000);
      log(`${at} call limit reached: next poll in ${Math.round(pauseMs / 1000)} s`);
    } else {
      throw new Error(`${response.status} from ${url}: ${await response.text()}`);
    }
  }
  return { ...tally, etag };
}

/** Parses `watch` arguments: the URL and its options; the token comes from GAUGE_TOKEN. */
export function watchOptions(args: string[], env: { GAUGE_TOKEN?: string }): WatchOptions {
  const named = (flag: string) => {
    const at = args.indexOf(flag);
    return at < 0 ? undefined : args[at + 1];
  };
  const url = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
  const token = env.GAUGE_TOKEN;
  if (!url || !token) throw new Error(`Usage: GAUGE_TOKEN=<token or API key> npm run cli -- watch <url> ...\n${WATCH_USAGE}`);
  const everySeconds = Number(named("--every") ?? 60);
  const times = named("--times") === undefined ? undefined : Number(named("--times"));
  if (!(everySeconds >= 0) || (times !== undefined && !(times >= 1))) throw new Error(WATCH_USAGE);
  return { url, token, everySeconds, out: named("--out"), times };
}
