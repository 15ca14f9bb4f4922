import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";

describe.each(testDatabases)("a person's language on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let admin: Awaited<ReturnType<typeof accountWithScorecards>>;
  const call = async (method: string, path: string, auth: Record<string, string>, body?: unknown) => {
    const response = await api.call(path, body === undefined ? { method, headers: auth } : jsonInit(method, body, auth));
    return { status: response.status, json: await response.json().catch(() => null) };
  };

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 10_000 });
    admin = await accountWithScorecards(api, database.db, "admin@language.example");
  });
  afterAll(() => database.close());

  it("is the browser's until chosen, then the chosen one in access/info, and the browser's again when cleared", async () => {
    const ana = await teammate(api, database.db, admin.accountId, "ana@language.example", "viewer");
    expect((await call("GET", "/api/me/preferences", ana.auth)).json).toEqual({ language: null });
    expect((await call("GET", "/api/access/info", ana.auth)).json.language).toBeNull();
    expect(await call("PUT", "/api/me/preferences", ana.auth, { language: "es" })).toEqual({ status: 200, json: { language: "es" } });
    expect((await call("GET", "/api/me/preferences", ana.auth)).json).toEqual({ language: "es" });
    expect((await call("GET", "/api/access/info", ana.auth)).json.language).toBe("es");
    // Another person's choice is their own.
    expect((await call("GET", "/api/me/preferences", admin.auth)).json).toEqual({ language: null });
    expect((await call("PUT", "/api/me/preferences", ana.auth, { language: null })).json).toEqual({ language: null });
    expect((await call("GET", "/api/access/info", ana.auth)).json.language).toBeNull();
  });

  it("refuses a language it does not have, or any other field, in the contract's error shape, and keeps the stored one", async () => {
    const bo = await teammate(api, database.db, admin.accountId, "bo@language.example", "expert");
    await call("PUT", "/api/me/preferences", bo.auth, { language: "es" });
    for (const body of [{ language: "fr" }, { language: "ES" }, {}, { language: "es", theme: "dark" }, { language: 1 }]) {
      const refused = await call("PUT", "/api/me/preferences", bo.auth, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json).toMatchObject({ success: false, code: "invalid_request" });
    }
    expect((await call("GET", "/api/me/preferences", bo.auth)).json).toEqual({ language: "es" });
  });
});
