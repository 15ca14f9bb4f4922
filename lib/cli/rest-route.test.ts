import { ErrorCode } from "@/lib/contract/common";
import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, smallScorecard } from "@/lib/testing/api";
import { IN_TURN_LIMIT, KEPT_FROM, THRESHOLD } from "./compress-answer.mjs";
import { restRoute, type FetchApp } from "./rest-route.mjs";

// A real API on a real database behind the route, over real HTTP; what the route passes on goes
// to "Next": here a 299 that says so.
let database: Database;
let app: FetchApp | undefined;
let token: string;
let doc: number;
const servers: http.Server[] = [];

async function listen(getApp: () => Promise<FetchApp> | undefined): Promise<string> {
  const serveRest = restRoute(getApp);
  const server = http.createServer((req, res) => {
    if (!serveRest(req, res)) res.writeHead(299, { "X-Passed-On": "yes" }).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A GET of the path exactly as written (fetch would resolve its dot segments first). */
function passedOn(server: string, path: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    http.get(`${server}/`, { path }, (res) => resolve(res.resume().headers["x-passed-on"] as string | undefined)).on("error", reject);
  });
}

let base: string;
beforeAll(async () => {
  database = await openDatabase({ memory: true });
  const api = createTestApi(database.db);
  const owner = await accountWithScorecards(api, database.db, "route@example.com", [smallScorecard("Route card")]);
  ({ Token: token } = owner.auth);
  doc = owner.scorecardIds[0]!;
  app = api.app;
  base = await listen(() => (app ? Promise.resolve(app) : undefined));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await database.close();
});

describe("the API's own route in front of Next", () => {
  it("answers API calls from the app, with the site's security headers", async () => {
    const response = await fetch(`${base}/rest/api/documents/list`, { headers: { Token: token } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-passed-on")).toBeNull();
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    const body = (await response.json()) as { documents: { name: string }[] };
    expect(body.documents.map((card) => card.name)).toEqual(["Route card"]);
  });

  it("passes request bodies and query strings through", async () => {
    const login = await fetch(`${base}/rest/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "route@example.com", contraseña: "correct horse battery" }),
    });
    expect(login.status).toBe(200);
    const { token: fresh } = (await login.json()) as { token: string };
    expect(fresh).toMatch(/\S{16,}/);
    const refused = await fetch(`${base}/rest/api/access/info?docId=-1`, { headers: { Token: fresh } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, code: "invalid_request" });
  });

  it("takes chunked bodies and body-less deletes as Next did", async () => {
    const parts = [`{"email":"route@example.com",`, `"contraseña":"correct horse battery"}`].map((part) => new TextEncoder().encode(part));
    const body = new ReadableStream({ pull: (controller) => (parts.length ? controller.enqueue(parts.shift()) : controller.close()) });
    const login = await fetch(`${base}/rest/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body, duplex: "half" } as RequestInit);
    expect(login.status).toBe(200);
    const deleted = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/rest/api/api-keys/999`, { method: "DELETE", headers: { Token: token } }, (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk)).on("end", () => resolve({ status: res.statusCode, body: text }));
      });
      req.on("error", reject).end();
    });
    expect(deleted.status).toBe(404);
    expect(JSON.parse(deleted.body)).toMatchObject({ success: false, code: "not_found" });
  });

  it("leaves to Next what is not a plain API path", async () => {
    for (const path of ["/rest", "/rest/", "/rest/health/", "/rest//health", "/rest/../s/1", "/rest/%2e%2e/s/1", "/rest/./health", "/restless", "/s/1"]) {
      expect({ path, passed: await passedOn(base, path) }).toEqual({ path, passed: "yes" });
    }
  });

  it("leaves everything to Next until the app is built", async () => {
    const early = await listen(() => undefined);
    expect(await passedOn(early, "/rest/health")).toBe("yes");
  });

  it("answers an app that fails outright with a 500 in the contract's shape", async () => {
    const broken = await listen(() => Promise.resolve({ fetch: () => Promise.reject(new Error("database gone")) }));
    const response = await fetch(`${broken}/rest/health`);
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({ success: false, errorMessage: "Internal server error", code: "internal", details: [] });
    // The code is one the contract lists, as every error's is.
    expect(ErrorCode.options).toContain(body.code);
  });
});

/** The raw bytes of an answer, as the client asked for them (fetch would decode them). */
function rawGet(path: string, acceptEncoding: string, method = "GET"): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(base + path, { method, headers: { Token: token, "Accept-Encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk)).on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject).end();
  });
}

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync } as const;

describe("the API's compressed answers", () => {
  it("come in the coding the client prefers, in the request's turn and on the thread pool, decoding to the same bytes", async () => {
    const small = `/rest/api/document/${doc}/kpi/indicators/grouped-value/MONTH/2024-01-01/2024-12-31`;
    const large = `/rest/api/document/${doc}/kpi/indicators/grouped-value/DAY/2022-01-01/2024-09-26`;
    for (const [path, pooled] of [
      [small, false],
      [large, true],
    ] as const) {
      const plain = await rawGet(path, "identity");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
      expect(plain.body.length > IN_TURN_LIMIT).toBe(pooled);
      expect(plain.body.length).toBeGreaterThan(THRESHOLD);
      for (const [accept, coding] of [
        ["gzip, deflate", "gzip"],
        ["gzip, deflate, br", "br"],
        ["deflate", "deflate"],
        ["br;q=0.1, gzip", "gzip"],
        ["*", "br"],
      ] as const) {
        const packed = await rawGet(path, accept);
        expect({ accept, coding: packed.headers["content-encoding"] }).toEqual({ accept, coding });
        expect(packed.headers.vary).toMatch(/Accept-Encoding/);
        expect(packed.body.length).toBeLessThan(plain.body.length / 4);
        expect(DECODE[coding](packed.body).equals(plain.body)).toBe(true);
      }
    }
  });

  it("leave small answers, HEAD and clients that take no coding as they are", async () => {
    const health = await rawGet("/rest/health", "gzip, br");
    expect(health.body.length).toBeLessThan(THRESHOLD);
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ ok: true });
    const path = `/rest/api/document/${doc}/kpi/indicators/grouped-value/MONTH/2024-01-01/2024-12-31`;
    for (const accept of ["*;q=0", "gzip;q=0.5, identity", ""]) {
      const plain = await rawGet(path, accept);
      expect({ accept, coding: plain.headers["content-encoding"] }).toEqual({ accept, coding: undefined });
      expect(JSON.parse(plain.body.toString())).toMatchObject({ period: "MONTH" });
    }
    const head = await rawGet(path, "gzip", "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.body.length).toBe(0);
  });

  it("keep a compressed answer only for the bytes it was made from: after a write, every coding decodes to the new answer", async () => {
    const path = `/rest/api/document/${doc}/kpi/indicators/grouped-value/DAY/2024-01-01/2024-12-31`;
    const before = await rawGet(path, "identity");
    expect(before.body.length).toBeGreaterThan(KEPT_FROM);
    for (const coding of ["gzip", "br"] as const) {
      for (let i = 0; i < 2; i++) expect(DECODE[coding]((await rawGet(path, coding)).body).equals(before.body)).toBe(true);
    }
    const kpis = (await (await fetch(`${base}/rest/api/document/${doc}/kpi/list`, { headers: { Token: token } })).json()) as {
      items: { guid: string; name: string }[];
    };
    const sales = kpis.items.find((k) => k.name === "Sales")!.guid;
    const write = await fetch(`${base}/rest/api/document/${doc}/kpi/batch/set-values`, {
      method: "POST",
      headers: { Token: token, "Content-Type": "application/json" },
      body: JSON.stringify({ items: [{ guid: sales, date: "2024-06-15", value: 4242 }] }),
    });
    expect(write.status).toBe(200);
    const after = await rawGet(path, "identity");
    expect(after.body.equals(before.body)).toBe(false);
    for (const coding of ["gzip", "br"] as const) expect(DECODE[coding]((await rawGet(path, coding)).body).equals(after.body)).toBe(true);
  });
});
