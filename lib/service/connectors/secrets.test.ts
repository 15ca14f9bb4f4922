import { describe, expect, it } from "vitest";
import { maskedSource, mergeMasked, openSource, sealSource } from "./secrets";

const stored = { url: "postgres://reader:s3cret@erp.lan:5432/erp?sslmode=require&password=other", headers: { Authorization: "Bearer k3y" } };

describe("a connector's sealed source", () => {
  it("opens what it sealed only with the same secret", () => {
    const sealed = sealSource("a secret of at least 32 characters!", stored);
    expect(sealed).not.toContain("s3cret");
    expect(openSource("a secret of at least 32 characters!", sealed)).toEqual(stored);
    expect(() => openSource("another secret, 32 characters long", sealed)).toThrow(/CONNECTOR_SECRET/);
  });

  it("shows every secret as *** and, sent back so, keeps the stored ones", () => {
    const shown = maskedSource(stored);
    expect(shown).toEqual({ url: "postgres://reader:***@erp.lan:5432/erp?sslmode=require&password=***", headers: { Authorization: "***" } });
    expect(mergeMasked(shown, stored)).toEqual(stored);
    const moved = { ...shown, url: shown.url.replace("erp.lan", "erp2.lan") };
    expect(mergeMasked(moved, stored).url).toBe("postgres://reader:s3cret@erp2.lan:5432/erp?sslmode=require&password=other");
    expect(mergeMasked({ url: "postgres://reader:new@erp.lan/erp", headers: { Authorization: "Bearer new" } }, stored)).toEqual({ url: "postgres://reader:new@erp.lan/erp", headers: { Authorization: "Bearer new" } });
  });
});
