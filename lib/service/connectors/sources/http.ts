import "server-only";
import { guardedFetch } from "../../outbound/fetch";
import { OutboundRefusal, type Reach } from "../../outbound/reach";
import { QueryRefusal } from "./sql-text";
import type { Limits } from "./limits";

const MAX_REDIRECTS = 5;

/**
 * The source's answer, following up to 5 redirects (a published Google Sheet answers with one),
 * each target checked as the first was; headers (an API key) go only to the URL's own origin.
 */
async function follow(url: URL, headers: Record<string, string>, limits: Limits, reach: Reach, signal: AbortSignal): Promise<Response> {
  let at = url;
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await guardedFetch(at, { headers: { "User-Agent": "Gauge connector", ...(at.origin === url.origin ? headers : {}) }, signal }, reach);
    } catch (error) {
      if (error instanceof OutboundRefusal) throw new QueryRefusal(error.message);
      const reason = signal.aborted
        ? `no answer within ${limits.timeoutMs / 1000} s`
        : ((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
      throw new QueryRefusal(`Could not read ${at.host}: ${reason}`);
    }
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel().catch(() => {});
    if (hop === MAX_REDIRECTS) throw new QueryRefusal(`The source redirected more than ${MAX_REDIRECTS} times`);
    at = new URL(location, at);
  }
}

/** The source's answer: its bytes (at most the cap) and its content type. */
export async function fetchSource(url: string, headers: Record<string, string>, limits: Limits, reach: Reach): Promise<{ bytes: Buffer; type: string }> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const response = await follow(new URL(url), headers, limits, reach, signal);
  if (!response.ok) throw new QueryRefusal(`The source answered ${response.status} ${response.statusText}`.trim());
  const declared = Number(response.headers.get("content-length") ?? 0);
  const tooBig = () => new QueryRefusal(`The answer is larger than ${limits.maxBytes / 1024 / 1024} MiB: narrow it at the source`);
  if (declared > limits.maxBytes) throw tooBig();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.length;
      if (size > limits.maxBytes) throw tooBig();
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    await response.body?.cancel().catch(() => {});
    if (error instanceof QueryRefusal) throw error;
    throw new QueryRefusal(
      `Could not read ${new URL(url).host}: ${signal.aborted ? `no answer within ${limits.timeoutMs / 1000} s` : (error as Error).message}`,
    );
  }
  return { bytes: Buffer.concat(chunks), type: response.headers.get("content-type") ?? "" };
}
