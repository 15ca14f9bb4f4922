import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickEncoding, precompressStatic, staticAssets } from "./static-assets.mjs";

// A build folder as Next leaves it: BUILD_ID and hashed files under static/.
const dist = mkdtempSync(path.join(tmpdir(), "gauge-static-"));
const chunk = path.join(dist, "static", "chunks", "0abc-9_x.js");
const script = Buffer.from(`(()=>{${"const kpi = 'revenue and margin';".repeat(400)}})();`);
let server: http.Server;
let base: string;

/** A GET as a browser sends it, the body as it crossed the wire (node:http decodes nothing). */
function get(url: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; wire: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(base + url, { headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, wire: Buffer.concat(parts) }));
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  mkdirSync(path.dirname(chunk), { recursive: true });
  writeFileSync(chunk, script);
  writeFileSync(path.join(dist, "static", "chunks", "logo.png"), "not compressible");
  writeFileSync(path.join(dist, "BUILD_ID"), "build-1");
  await precompressStatic(dist);
  const serveStatic = staticAssets(dist);
  // What the handler passes on goes to "Next": here a 404 that says so.
  server = http.createServer((req, res) => {
    if (!serveStatic(req, res)) res.writeHead(404, { "X-Passed-On": "yes" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

describe("precompressed static files", () => {
  it("serves brotli to a browser that takes it, with the security and cache headers, and the script intact", async () => {
    const { status, headers, wire } = await get("/_next/static/chunks/0abc-9_x.js", "gzip, deflate, br, zstd");
    expect(status).toBe(200);
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers.vary).toBe("Accept-Encoding");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(Number(headers["content-length"])).toBe(wire.length);
    expect(wire.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(wire).equals(script)).toBe(true);
  });

  it("serves gzip when brotli is refused or not named", async () => {
    for (const accept of ["gzip", "br;q=0, gzip;q=0.5"]) {
      const { headers, wire } = await get("/_next/static/chunks/0abc-9_x.js", accept);
      expect(headers["content-encoding"], accept).toBe("gzip");
      expect(gunzipSync(wire).equals(script), accept).toBe(true);
    }
  });

  it("passes on what it does not answer: no usable encoding, other files, other paths, dot segments", async () => {
    const passedOn = [
      ["/_next/static/chunks/0abc-9_x.js", undefined],
      ["/_next/static/chunks/0abc-9_x.js", "identity"],
      ["/_next/static/chunks/0abc-9_x.js", "br;q=0, gzip;q=0"],
      ["/_next/static/chunks/logo.png", "br"],
      ["/_next/static/chunks/missing.js", "br"],
      ["/_next/static/../BUILD_ID", "br"],
      ["/_next/static/chunks/%2e%2e/0abc-9_x.js", "br"],
      ["/s/1", "br"],
    ] as const;
    for (const [url, accept] of passedOn) {
      const { status, headers } = await get(url, accept);
      expect([url, accept, status, headers["x-passed-on"]]).toEqual([url, accept, 404, "yes"]);
    }
  });

  it("compresses once per build", async () => {
    const compressed = `${chunk}.br`;
    const before = statSync(compressed).mtimeMs;
    await precompressStatic(dist);
    expect(statSync(compressed).mtimeMs).toBe(before);
    writeFileSync(chunk, "console.log('build 2');");
    writeFileSync(path.join(dist, "BUILD_ID"), "build-2");
    await precompressStatic(dist);
    expect(brotliDecompressSync(readFileSync(compressed)).toString()).toBe("console.log('build 2');");
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, honours q-values, q=0 and the wildcard", () => {
    const pick = (accept?: string) => pickEncoding(accept)?.name ?? null;
    expect(pick("gzip, deflate, br")).toBe("br");
    expect(pick("GZIP")).toBe("gzip");
    expect(pick("gzip, br;q=0.5")).toBe("gzip");
    expect(pick("gzip;q=0.5, identity")).toBe(null);
    expect(pick("br;q=0, *")).toBe("gzip");
    expect(pick("*")).toBe("br");
    expect(pick("*;q=0")).toBe(null);
    expect(pick("")).toBe(null);
    expect(pick(undefined)).toBe(null);
  });
});
