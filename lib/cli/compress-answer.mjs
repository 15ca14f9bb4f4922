// The API's answers are compressed whole, in the request's own turn, instead of by the
// `compression` middleware, which deflates a streamed answer chunk by chunk on the thread pool:
// a grouped read made many trips there and back, each waiting behind every other request's
// (npm run bench -- load shows the difference). An answer larger than IN_TURN_LIMIT still goes to the
// thread pool, in one piece, so that no single answer holds up the others for long.
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, deflate, deflateSync, gzip, gzipSync } from "node:zlib";
import compressible from "compressible";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";

/** Smaller answers are not worth compressing. */
export const THRESHOLD = 1024;
/** Larger answers are compressed on the thread pool (gzip level 1 takes about 3 ms per MiB here). */
export const IN_TURN_LIMIT = 1024 * 1024;

// Brotli's quality 1 is both faster and smaller than gzip's level 1 on the API's JSON, and
// gzip's level 1 costs a fraction of its default level (npm run bench -- serving prints both).
export const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
export const ZLIB = { level: 1 };
function coding(inTurn, pooled, options) {
  const onPool = promisify(pooled);
  return { inTurn: (body) => inTurn(body, options), pooled: (body) => onPool(body, options) };
}
const CODINGS = {
  br: coding(brotliCompressSync, brotliCompress, BROTLI),
  gzip: coding(gzipSync, gzip, ZLIB),
  deflate: coding(deflateSync, deflate, ZLIB),
};
const PREFERRED = ["br", "gzip"];

/**
 * The best of `codings` the Accept-Encoding header allows, by its q-values (ties: brotli, then
 * gzip), or undefined when it prefers identity or accepts none of them.
 */
export function preferredCoding(acceptEncoding, codings) {
  const best = new Negotiator({ headers: { "accept-encoding": acceptEncoding ?? "" } }).encoding([...codings, "identity"], PREFERRED);
  return best && best !== "identity" ? best : undefined;
}

/** Answers at least this large are kept compressed, by coding and strong ETag. */
export const KEPT_FROM = 16 * 1024;

/**
 * Compressed answers by coding and strong ETag (the SHA-256 of the uncompressed bytes, see the
 * service's conditional-get.ts): a script re-reading an unchanged grouped read gets the bytes
 * compressed the first time, since compressing a large answer costs more than assembling it from
 * the kept series. Bounded by bytes; the least recently used leave first.
 */
export const keptAnswers = () => new LRUCache({ maxSize: 64 * 1024 * 1024, sizeCalculation: (body) => body.length });
const processAnswers = keptAnswers();

/**
 * The answer compressed for the request when it accepts a coding and the answer is worth it; else
 * the answer as it was. `kept` holds compressed answers for reuse (null: compress every time).
 */
export async function compressAnswer(request, response, kept = processAnswers) {
  const type = response.headers.get("content-type");
  if (!response.body || !type || !compressible(type) || response.headers.has("content-encoding")) return response;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(response.headers.get("cache-control") ?? "")) return response;
  const headers = new Headers(response.headers);
  headers.append("Vary", "Accept-Encoding");
  const name = request.method === "HEAD" ? undefined : preferredCoding(request.headers.get("accept-encoding"), Object.keys(CODINGS));
  const init = { status: response.status, statusText: response.statusText, headers };
  if (!name) return new Response(response.body, init);
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length < THRESHOLD) return new Response(body, init);
  const { inTurn, pooled } = CODINGS[name];
  headers.set("Content-Encoding", name);
  headers.delete("Content-Length");
  // The tag names the uncompressed bytes: for this encoding of them it is a weak one.
  const etag = headers.get("etag");
  if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
  const key = kept && etag && !etag.startsWith("W/") && body.length >= KEPT_FROM ? `${name} ${etag}` : null;
  const found = key ? kept.get(key) : undefined;
  if (found) return new Response(found, init);
  const compressed = body.length > IN_TURN_LIMIT ? await pooled(body) : inTurn(body);
  if (key) kept.set(key, compressed);
  return new Response(compressed, init);
}
