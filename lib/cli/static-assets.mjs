// Next's static files never change within a build (their names carry a content hash), so they
// are compressed once per build at the strongest settings and served from memory: brotli quality 11
// ships the app's JavaScript markedly smaller than gzip level 1 does (npm run bench -- pages prints it), at a
// cost paid once per build instead of on every request. Anything else, and a client that takes
// neither encoding, goes to Next.
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { preferredCoding } from "./compress-answer.mjs";
import { assetSecurityHeaders } from "./security-headers.mjs";

const TYPES = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=UTF-8",
};
const ENCODINGS = [
  {
    name: "br",
    suffix: ".br",
    compress: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  },
  { name: "gzip", suffix: ".gz", compress: (body) => promisify(gzip)(body, { level: 9 }) },
];
const PREFIX = "/_next/static/";
const MARKER = ".precompressed";

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : TYPES[path.extname(entry.name)] ? [full] : [];
  });
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible static file of the build in `distDir`, once per build. */
export async function precompressStatic(distDir) {
  const dir = path.join(distDir, "static");
  const buildId = readFileSync(path.join(distDir, "BUILD_ID"), "utf8");
  const marker = path.join(dir, MARKER);
  if (existsSync(marker) && readFileSync(marker, "utf8") === buildId) return;
  // zlib's asynchronous calls run on libuv's thread pool, four at a time.
  await Promise.all(
    filesUnder(dir).map(async (file) => {
      const body = readFileSync(file);
      for (const encoding of ENCODINGS) {
        // Whole or not at all: a server already running on this build may be reading them.
        writeFileSync(`${file}${encoding.suffix}.tmp`, await encoding.compress(body));
        renameSync(`${file}${encoding.suffix}.tmp`, file + encoding.suffix);
      }
    }),
  );
  writeFileSync(marker, buildId);
}

/** The encoding to answer with (brotli or gzip, by the client's q-values), or null when the client accepts neither. */
export function pickEncoding(acceptEncoding) {
  const name = preferredCoding(
    acceptEncoding,
    ENCODINGS.map((e) => e.name),
  );
  return ENCODINGS.find((e) => e.name === name) ?? null;
}

/**
 * A request handler for the build's precompressed static files, read into memory once (under a
 * megabyte for this app): a request is a map lookup, with no file system call and no path to
 * check, since only paths of the build are keys. Returns false (having done nothing) for any
 * request it does not answer.
 */
export function staticAssets(distDir) {
  const root = path.join(distDir, "static");
  const security = Object.fromEntries(assetSecurityHeaders.map((h) => [h.key, h.value]));
  const files = new Map();
  for (const file of filesUnder(root)) {
    const bodies = ENCODINGS.map((e) => (existsSync(file + e.suffix) ? readFileSync(file + e.suffix) : null));
    if (bodies.every(Boolean)) files.set(PREFIX + path.relative(root, file).split(path.sep).join("/"), { type: TYPES[path.extname(file)], bodies });
  }
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const asset = files.get(req.url?.split("?")[0]);
    const encoding = asset && pickEncoding(req.headers["accept-encoding"]);
    if (!encoding) return false;
    const body = asset.bodies[ENCODINGS.indexOf(encoding)];
    res.writeHead(200, {
      ...security,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Type": asset.type,
      "Content-Encoding": encoding.name,
      "Content-Length": body.length,
      Vary: "Accept-Encoding",
    });
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
