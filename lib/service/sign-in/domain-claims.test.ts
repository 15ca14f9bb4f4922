import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer } from "@/lib/testing/dns-server";
import { dnsTxt } from "./domain-claims";

describe("a domain's proof looked up at the DNS servers named (DNS_SERVERS)", () => {
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  beforeAll(async () => {
    dns = await startDnsServer();
  });
  afterAll(() => dns.close());

  it("reads each TXT record as the strings the DNS host split it into, and fails for a name that has none", async () => {
    dns.txt["_gauge-challenge.corp.example"] = [["v=spf1 -all"], ["gauge-domain-verification=", "3kQ0"]];
    const lookup = dnsTxt([dns.address]);
    expect(await lookup("_gauge-challenge.corp.example")).toEqual([["v=spf1 -all"], ["gauge-domain-verification=", "3kQ0"]]);
    await expect(lookup("_gauge-challenge.nobody.example")).rejects.toThrow(/ENOTFOUND/);
  });
});
