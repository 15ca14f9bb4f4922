// The HTTP server in front of Next's request handler. It answers, in the contract's error shape,
// what never reaches a Next route: methods Next cannot handle (TRACE made a 500, PROPFIND was
// served as a page), and requests Node's parser refuses (headers over MAX_HEADER_BYTES got an
// empty 431).
import http from "node:http";
import compression from "compression";
import path from "node:path";
import { constants } from "node:zlib";
import next from "next";
import { BROTLI, THRESHOLD, ZLIB } from "./compress-answer.mjs";
import { gracefulStop } from "./graceful-stop.mjs";
import { originResolver, stampOrigin } from "./public-origin.mjs";
import { observe, serveMetrics } from "./request-log.mjs";
import { restRoute } from "./rest-route.mjs";
import { precompressStatic, staticAssets } from "./static-assets.mjs";

export const MAX_HEADER_BYTES = 16 * 1024;
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ALLOWED = new Set(METHODS);
const BASE_HEADERS = { "Content-Type": "application/json", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

// Next's own gzip (compress: false in next.config) runs at zlib's default level, which cost a
// large share of a big read. Level 1 (the same library Next uses) costs a fraction of that for
// slightly larger answers; small answers are not worth compressing. Brotli
// (for browsers over HTTPS) at quality 1, not the middleware's 4, which costs more than gzip's
// level 1. The API's own route compresses its answers itself, with the same settings
// (compress-answer.mjs).
const compress = compression({ ...ZLIB, brotli: BROTLI, threshold: THRESHOLD });
// A page (a browser's navigation, which accepts text/html) is a large answer that someone waits
// for on every view, often over a phone's link, and is never kept: brotli 5 and gzip 6 send it
// markedly smaller than the cheap levels do, for a few milliseconds more of the server's CPU
// (npm run bench -- bff prints it per page view). JSON, flight data and the rest keep the cheap levels.
const compressPage = compression({ level: 6, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }, threshold: THRESHOLD });

const errorBody = (code, errorMessage) => JSON.stringify({ success: false, errorMessage, code, details: [] });

// Next's router throws on a path it cannot percent-decode (a 500 for /s/%ff).
function decodable(url = "/") {
  try {
    decodeURIComponent(url.split("?")[0]);
    return true;
  } catch {
    return false;
  }
}

const MALFORMED_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bad address · Gauge</title><body style="font:16px system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1>This address is malformed</h1><p>It holds a broken percent-escape, so it cannot lead anywhere.</p><p><a href="/">Go to your scorecards</a></p></body></html>`;

/** Writes a whole HTTP response on a socket the parser gave up on. */
function answerOnSocket(socket, status, reason, body) {
  const headers = { ...BASE_HEADERS, "Content-Length": Buffer.byteLength(body), Connection: "close" };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n");
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n\r\n${body}`);
}

/**
 * A request answered before its body was read (a refusal: too large, wrong type, no session) keeps
 * its connection: the rest of the body is read and dropped once the answer is sent, so the next
 * request on that connection finds the parser at its start. Where the body's stream was already
 * destroyed (the connection goes with it), the answer says Connection: close, so that a keep-alive
 * client opens a new connection instead of sending its next request into a closed one.
 */
function keepConnectionUsable(req, res) {
  if (req.method === "GET" || req.method === "HEAD") return;
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (req.destroyed && !req.readableEnded && !this.headersSent) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  };
  res.once("finish", () => {
    if (!req.readableEnded && !req.destroyed) req.resume();
  });
}

/** Starts Gauge: prepares the built Next app (instrumentation.ts migrates and seeds) and listens. */
export async function serve({ port, dir = process.cwd() }) {
  const app = next({ dev: false, dir, hostname: "localhost", port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const distDir = path.join(dir, ".next");
  await precompressStatic(distDir);
  const serveStatic = staticAssets(distDir);
  const serveRest = restRoute();
  const resolveOrigin = originResolver({
    publicUrl: process.env.PUBLIC_URL || undefined,
    trustProxy: process.env.TRUST_PROXY,
    fallback: `http://localhost:${port}`,
  });

  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    observe(req, res);
    if (lifecycle.refuseOrTrack(req, res)) return;
    if (!decodable(req.url)) {
      const page = (req.headers.accept ?? "").includes("text/html");
      res.writeHead(400, { ...BASE_HEADERS, ...(page ? { "Content-Type": "text/html; charset=utf-8" } : {}) });
      res.end(page ? MALFORMED_PAGE : errorBody("invalid_request", "The address holds a malformed percent-escape"));
      return;
    }
    if (!ALLOWED.has(req.method)) {
      res.writeHead(405, { ...BASE_HEADERS, Allow: METHODS.join(", ") });
      res.end(errorBody("method_not_allowed", `The method ${req.method} is not supported; use one of ${METHODS.join(", ")}`));
      return;
    }
    keepConnectionUsable(req, res);
    // Browsers that reached this server over HTTPS keep to it for a year.
    if (stampOrigin(req, resolveOrigin).startsWith("https:")) res.setHeader("Strict-Transport-Security", "max-age=31536000");
    // OData clients write the service root with its slash; Next would answer it with a redirect.
    if (req.url === "/odata/" || req.url.startsWith("/odata/?")) req.url = `/odata${req.url.slice("/odata/".length)}`;
    if (serveMetrics(req, res)) return;
    if (serveStatic(req, res)) return;
    if (serveRest(req, res)) return; // compresses its own answers
    const navigation = (req.headers.accept ?? "").includes("text/html");
    (navigation ? compressPage : compress)(req, res, () => handle(req, res));
  });
  // Node hands CONNECT to this event (and drops the socket when nobody listens): no tunnels here.
  server.on("connect", (_req, socket) => {
    answerOnSocket(socket, 405, "Method Not Allowed", errorBody("method_not_allowed", `The method CONNECT is not supported; use one of ${METHODS.join(", ")}`));
  });
  server.on("clientError", (error, socket) => {
    // As Node's own handler does: a socket that has answered already (bytes after a request we
    // refused early, say) gets no second answer, it is just closed.
    if (!socket.writable || error.code === "ECONNRESET" || socket._httpMessage?.headersSent) return socket.destroy();
    // The parser stopped before the method was known to us; an answer to HEAD carries no body.
    const head = error.rawPacket?.subarray(0, 5).toString("latin1") === "HEAD ";
    if (error.code === "HPE_HEADER_OVERFLOW") {
      return answerOnSocket(
        socket,
        431,
        "Request Header Fields Too Large",
        head ? "" : errorBody("payload_too_large", `Request headers are larger than ${MAX_HEADER_BYTES / 1024} KiB`),
      );
    }
    answerOnSocket(socket, 400, "Bad Request", head ? "" : errorBody("invalid_request", "Malformed HTTP request"));
  });
  const lifecycle = gracefulStop(server);
  await new Promise((resolve) => server.listen(port, resolve));
  return server;
}
