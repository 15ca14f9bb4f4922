import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { originResolver, parseTrustProxy, stampOrigin } from "./public-origin.mjs";

const request = (peer: string, headers: Record<string, string>) =>
  ({ socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;
const FORWARDED = { host: "127.0.0.1:3000", "x-forwarded-host": "gauge.example.com", "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" };

describe("the public address of a request", () => {
  it("believes X-Forwarded-* only from the proxies TRUST_PROXY names", () => {
    const behindLoopback = originResolver({ trustProxy: "loopback", fallback: "http://localhost:3000" });
    expect(behindLoopback(request("127.0.0.1", FORWARDED))).toEqual({ origin: "https://gauge.example.com", clientAddress: "203.0.113.9" });
    expect(behindLoopback(request("::ffff:127.0.0.1", FORWARDED))).toEqual({ origin: "https://gauge.example.com", clientAddress: "203.0.113.9" });
    // From anyone else the headers are the client's own words: the Host and the peer stand.
    expect(behindLoopback(request("198.51.100.4", { ...FORWARDED, host: "gauge.lan:3000" }))).toEqual({
      origin: "http://gauge.lan:3000",
      clientAddress: "198.51.100.4",
    });
    const trustingNone = originResolver({ fallback: "http://localhost:3000" });
    expect(trustingNone(request("127.0.0.1", FORWARDED))).toEqual({ origin: "http://127.0.0.1:3000", clientAddress: "127.0.0.1" });
    const cidr = originResolver({ trustProxy: "10.0.0.0/8, 192.168.1.5", fallback: "http://localhost:3000" });
    expect(cidr(request("10.2.3.4", FORWARDED)).origin).toBe("https://gauge.example.com");
    expect(cidr(request("192.168.1.6", FORWARDED)).origin).toBe("http://127.0.0.1:3000");
  });

  it("takes PUBLIC_URL over anything a request says, and never builds a link from a malformed host", () => {
    const pinned = originResolver({ publicUrl: "https://kpi.example.com/", trustProxy: "true", fallback: "http://localhost:3000" });
    expect(pinned(request("127.0.0.1", FORWARDED)).origin).toBe("https://kpi.example.com");
    const resolve = originResolver({ trustProxy: "true", fallback: "http://localhost:3000" });
    expect(resolve(request("127.0.0.1", { host: "evil.example/<script>" })).origin).toBe("http://localhost:3000");
    expect(resolve(request("127.0.0.1", { host: "ok.example", "x-forwarded-host": "bad host", "x-forwarded-proto": "gopher" })).origin).toBe(
      "http://ok.example",
    );
    expect(resolve(request("127.0.0.1", { host: "[::1]:3000" })).origin).toBe("http://[::1]:3000");
  });

  it("replaces whatever a client sent under the stamped headers", () => {
    const req = request("198.51.100.4", { host: "gauge.lan", "x-gauge-origin": "https://evil.example", "x-gauge-client-address": "1.1.1.1" });
    stampOrigin(req, originResolver({ fallback: "http://localhost:3000" }));
    expect(req.headers).toMatchObject({ "x-gauge-origin": "http://gauge.lan", "x-gauge-client-address": "198.51.100.4" });
  });

  it("refuses a TRUST_PROXY it cannot read", () => {
    expect(() => parseTrustProxy("nonsense")).toThrow(/invalid IP address: nonsense/);
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/invalid range/);
    expect(parseTrustProxy("")("127.0.0.1", 0)).toBe(false);
  });
});
