import { describe, expect, it } from "vitest";
import { teammate } from "@/lib/testing/api";
import { accountSuite } from "@/lib/testing/suite";
import { testDatabases } from "@/lib/testing/databases";

describe.each(testDatabases)("a person's language on $name", ({ open }) => {
  const suite = accountSuite(open, "admin@language.example");
  const { call } = suite;

  it("is the browser's until chosen, then the chosen one in access/info, and the browser's again when cleared", async () => {
    const ana = await teammate(suite.api, suite.database.db, suite.admin.accountId, "ana@language.example", "viewer");
    expect((await call("GET", "/api/me/preferences", ana.auth)).json).toEqual({ language: null });
    expect((await call("GET", "/api/access/info", ana.auth)).json.language).toBeNull();
    expect(await call("PUT", "/api/me/preferences", ana.auth, { language: "es" })).toEqual({ status: 200, json: { language: "es" } });
    expect((await call("GET", "/api/me/preferences", ana.auth)).json).toEqual({ language: "es" });
    expect((await call("GET", "/api/access/info", ana.auth)).json.language).toBe("es");
    // Another person's choice is their own.
    expect((await call("GET", "/api/me/preferences", suite.admin.auth)).json).toEqual({ language: null });
    expect((await call("PUT", "/api/me/preferences", ana.auth, { language: null })).json).toEqual({ language: null });
    expect((await call("GET", "/api/access/info", ana.auth)).json.language).toBeNull();
  });

  it("refuses a language it does not have, or any other field, in the contract's error shape, and keeps the stored one", async () => {
    const bo = await teammate(suite.api, suite.database.db, suite.admin.accountId, "bo@language.example", "expert");
    await call("PUT", "/api/me/preferences", bo.auth, { language: "es" });
    for (const body of [{ language: "fr" }, { language: "ES" }, {}, { language: "es", theme: "dark" }, { language: 1 }]) {
      const refused = await call("PUT", "/api/me/preferences", bo.auth, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json).toMatchObject({ success: false, code: "invalid_request" });
    }
    expect((await call("GET", "/api/me/preferences", bo.auth)).json).toEqual({ language: "es" });
  });
});
