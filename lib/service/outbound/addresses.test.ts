import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, type TestApi } from "@/lib/testing/api";
import { isForbiddenAddress } from "./addresses";

// Each refused at creation (WEBHOOK_ALLOW_PRIVATE off), whatever the spelling.
const HOSTILE = [
  ["cloud metadata", "http://169.254.169.254/latest/meta-data/"],
  ["loopback", "http://127.0.0.1:8080/"],
  ["loopback by name", "http://localhost/hook"],
  ["loopback as a decimal number", "http://2130706433/"],
  ["loopback in hex", "http://0x7f.0.0.1/"],
  ["loopback in octal", "http://0177.0.0.1/"],
  ["loopback, short form", "http://127.1/"],
  ["IPv6 loopback", "http://[::1]/"],
  ["IPv4-mapped IPv6 loopback", "http://[::ffff:127.0.0.1]/"],
  ["IPv4-mapped metadata, hex form", "http://[::ffff:a9fe:a9fe]/"],
  ["private 10/8", "https://10.1.2.3/"],
  ["private 172.16/12", "https://172.20.0.5/"],
  ["private 192.168/16", "https://192.168.1.1/"],
  ["CGNAT 100.64/10", "https://100.64.0.1/"],
  ["IPv6 link-local", "http://[fe80::1]/"],
  ["IPv6 unique local", "http://[fd12:3456::1]/"],
  ["unspecified", "http://0.0.0.0/"],
  ["multicast", "http://224.0.0.251/"],
  ["NAT64 of loopback", "http://[64:ff9b::7f00:1]/"],
  ["a non-http scheme", "ftp://93.184.216.34/"],
  ["credentials in the URL", "https://user:pass@93.184.216.34/"],
] as const;

describe("the outbound address guard, on webhooks", () => {
  let database: Database;
  let api: TestApi;
  let auth: { Token: string };

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 1000 });
    ({ auth } = await accountWithScorecards(api, database.db, "ssrf@example.com"));
  });
  afterAll(() => database.close());

  it.each(HOSTILE)("refuses %s (%s)", async (_, url) => {
    const response = await api.call("/api/webhooks", jsonInit("POST", { name: "x", url }, auth));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.code).toBe("invalid_request");
    expect(body.details[0].path).toBe("url");
  });

  it("names the setting that would allow an internal address", async () => {
    const body = await (await api.call("/api/webhooks", jsonInit("POST", { name: "x", url: "http://127.0.0.1:8080/" }, auth))).json();
    expect(body.details).toEqual([
      { path: "url", message: "The URL points to an internal address: an operator may allow internal addresses with WEBHOOK_ALLOW_PRIVATE=true" },
    ]);
  });

  it("accepts a public address", async () => {
    const response = await api.call("/api/webhooks", jsonInit("POST", { name: "x", url: "https://93.184.216.34/hook" }, auth));
    expect(response.status).toBe(201);
    expect((await response.json()).secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });

  it("classifies addresses", () => {
    for (const ip of ["127.0.0.1", "10.0.0.1", "::1", "::ffff:10.0.0.1", "::ffff:a00:1", "fe80::abcd", "not an ip"])
      expect(isForbiddenAddress(ip), ip).toBe(true);
    for (const ip of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"]) expect(isForbiddenAddress(ip), ip).toBe(false);
  });
});
