import { describe, expect, it } from "vitest";
import { maskedSource, mergeMasked, openSource, sealSource } from "./secrets";

const stored = { url: "postgres://reader:s3cret@erp.lan:5432/erp?sslmode=require", headers: {} };
const web = { url: "https://api.example.com/v1/figures?sig=abc123def456&page=2", headers: { Authorization: "Bearer k3y" } };

describe("a connector's sealed source", () => {
  it("opens what it sealed only with the same secret", () => {
    const sealed = sealSource("a secret of at least 32 characters!", stored);
    expect(sealed).not.toContain("s3cret");
    expect(openSource("a secret of at least 32 characters!", sealed)).toEqual(stored);
    expect(() => openSource("another secret, 32 characters long", sealed)).toThrow(/CONNECTOR_SECRET/);
  });

  it("shows every secret as *** and, sent back so to the same address, keeps the stored ones", () => {
    const shown = maskedSource(stored, false);
    expect(shown).toEqual({ url: "postgres://reader:***@erp.lan:5432/erp?sslmode=require", headers: {} });
    expect(mergeMasked(shown, stored)).toEqual({ source: stored });
    const typed = { url: "postgres://reader:new@erp.lan/erp", headers: {} };
    expect(mergeMasked(typed, stored)).toEqual({ source: typed });
  });

  it.each([
    ["another host", "postgres://reader:***@attacker.example:5432/erp?sslmode=require"],
    ["another port", "postgres://reader:***@erp.lan:6543/erp?sslmode=require"],
    ["another scheme", "mysql://reader:***@erp.lan:5432/erp"],
    ["another user", "postgres://admin:***@erp.lan:5432/erp?sslmode=require"],
    ["another database", "postgres://reader:***@erp.lan:5432/payroll?sslmode=require"],
  ])("never gives the stored password to %s: it must be typed again", (_, url) => {
    const merged = mergeMasked({ url, headers: {} }, stored);
    expect(merged.source.url).not.toContain("s3cret");
    expect(merged.problem).toMatchObject({ path: "source.url", summary: expect.stringContaining("Type the password again") });
  });

  it("masks a web source's path and every query value from all but the person who typed them", () => {
    expect(maskedSource(web, false)).toEqual({ url: "https://api.example.com/***?sig=***&page=***", headers: { Authorization: "***" } });
    expect(maskedSource(web, true)).toEqual({ url: web.url, headers: { Authorization: "***" } });
    expect(mergeMasked(maskedSource(web, false), web)).toEqual({ source: web });
    const moved = mergeMasked({ ...maskedSource(web, false), url: "https://collector.example.net/***?sig=***&page=***" }, web);
    expect(JSON.stringify(moved.source)).not.toMatch(/abc123def456|k3y|v1\/figures/);
    expect(moved.problem?.summary).toMatch(/^Type the header Authorization, the path, the query's sig, the query's page again/);
  });

  it("keeps a header's secret for another path on the same host, not for another host", () => {
    const otherPath = mergeMasked({ url: "https://api.example.com/v2/figures", headers: { Authorization: "***" } }, web);
    expect(otherPath).toEqual({ source: { url: "https://api.example.com/v2/figures", headers: { Authorization: "Bearer k3y" } } });
    expect(mergeMasked({ url: "https://api.example.com.evil.test/v1/figures", headers: { Authorization: "***" } }, web).problem?.path).toBe("source.headers");
  });
});
