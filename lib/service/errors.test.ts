import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { ErrorBody } from "@/lib/contract/common";
import { accountWithScorecards, createTestApi, jsonInit, type TestApi } from "@/lib/testing/api";

describe("error handling", () => {
  let database: Database;
  let api: TestApi;
  let auth: { Token: string };

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    api = createTestApi(database.db);
    ({ auth } = await accountWithScorecards(api, database.db, "errors@example.com"));
  });
  afterAll(() => database.close());

  it("answers an unknown route with 404 in the contract's shape", async () => {
    const response = await api.call("/api/nothing/here", { headers: auth });
    expect(response.status).toBe(404);
    expect(ErrorBody.parse(await response.json()).code).toBe("not_found");
  });

  it("refuses a body over 1 MiB with 413", async () => {
    const name = "x".repeat(1024 * 1024 + 10);
    const response = await api.call("/api/api-keys", jsonInit("POST", { name }, auth));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      errorMessage: "Request body is larger than 1 MiB",
      code: "payload_too_large",
      details: [],
    });
  });

  it("refuses a body that is not JSON with 415", async () => {
    const response = await api.call("/api/api-keys", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=x",
    });
    expect(response.status).toBe(415);
    expect(ErrorBody.parse(await response.json()).code).toBe("unsupported_media_type");
  });

  it("refuses malformed JSON with 400", async () => {
    const response = await api.call("/api/api-keys", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: '{"name":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_request", errorMessage: "Malformed JSON in request body" });
  });

  it("answers a failing database with a generic 500 that reveals nothing", async () => {
    const broken = await openDatabase({ memory: true });
    const brokenApi = createTestApi(broken.db);
    const { auth: brokenAuth } = await accountWithScorecards(brokenApi, broken.db, "gone@example.com");
    await broken.close();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      for (const path of ["/api/documents/list"]) {
        const response = await brokenApi.call(path, { headers: brokenAuth });
        expect(response.status).toBe(500);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({ success: false, errorMessage: "Internal server error", code: "internal", details: [] });
        expect(text).not.toMatch(/select|from|\.ts|node_modules|at /i);
      }
    } finally {
      console.error = original;
    }
    expect(errors.length).toBeGreaterThan(0);
    // Alive, but not ready: the load balancer's probe says so without the driver's words.
    expect((await brokenApi.call("/health")).status).toBe(200);
    const ready = await brokenApi.call("/ready");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ success: false, errorMessage: "The database does not answer", code: "unavailable", details: [] });
  });

  it("serves health without a token", async () => {
    const response = await api.call("/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});
