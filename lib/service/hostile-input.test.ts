import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";

// Inputs that answered 500 once. Each must be a 4xx in the contract's shape.
describe.each(testDatabases)("hostile input on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let doc: number;
  let sales: string;
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await api.call(path, init);
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 100_000 });
    owner = await accountWithScorecards(api, database.db, "hostile@example.com", [smallScorecard()]);
    doc = owner.scorecardIds[0]!;
    sales = (await call(`/api/document/${doc}/kpi/list`, { headers: owner.auth })).body.items[2].guid;
  });
  afterAll(() => database.close());

  it.each([
    ["a login e-mail", "/login", { email: "boss\u0000@example.com", contraseña: "x" }, "email"],
    ["an API key name", "/api/api-keys", { name: "nightly\u0000" }, "name"],
    ["a webhook name", "/api/webhooks", { name: "ops\u0000", url: "https://93.184.216.34/hook" }, "name"],
  ])("refuses a NUL character in %s with 400 naming the field", async (_, path, body, field) => {
    const response = await call(path, jsonInit("POST", body, path === "/login" ? {} : owner.auth));
    expect(response.status).toBe(400);
    if (path === "/login") expect(response.body).toMatchObject({ success: false, token: null, errorMessage: expect.stringContaining("NUL") });
    else expect(response.body).toMatchObject({ code: "invalid_request", details: [{ path: field, message: expect.stringContaining("NUL") }] });
  });

  it("refuses a NUL character in an alert name and in a URL", async () => {
    const hook = (await call("/api/webhooks", jsonInit("POST", { name: "ops", url: "https://93.184.216.34/hook" }, owner.auth))).body;
    const alert = await call(
      `/api/document/${doc}/alerts`,
      jsonInit("POST", { name: "x\u0000", kpiGuid: sales, condition: "VALUE_CHANGED", webhookId: hook.id }, owner.auth),
    );
    expect(alert).toMatchObject({ status: 400, body: { details: [{ path: "name" }] } });
    expect((await call(`/api/document/${doc}/kpi/indicator/${sales}/values?from=2024-01-01%00`, { headers: owner.auth })).status).toBe(400);
  });

  it("refuses IDs beyond the database's integers in bodies (POST and PATCH), and finds none in paths", async () => {
    const create = await call(
      `/api/document/${doc}/alerts`,
      jsonInit("POST", { name: "a", kpiGuid: sales, condition: "VALUE_CHANGED", webhookId: 2147483648 }, owner.auth),
    );
    expect(create).toMatchObject({ status: 400, body: { code: "invalid_request", details: [{ path: "webhookId" }] } });
    const patch = await call(`/api/document/${doc}/alerts/1`, jsonInit("PATCH", { webhookId: 99999999999 }, owner.auth));
    expect(patch.status).toBe(400);
    expect((await call(`/api/document/${doc}/alerts/2147483648`, { method: "DELETE", headers: owner.auth })).status).toBe(404);
    expect((await call("/api/webhooks/999999999999/deliveries", { headers: owner.auth })).status).toBe(404);
  });

  it("reads at the very end of the calendar, and in its first century", async () => {
    const end = await call(`/api/document/${doc}/kpi/batch/all/get-value/9999-12-31`, { headers: owner.auth });
    expect(end.status).toBe(200);
    const days = await call(`/api/document/${doc}/kpi/indicators/grouped-value/DAY/9999-12-01/9999-12-31`, { headers: owner.auth });
    expect(days.status).toBe(200);
    expect(days.body.items[0].points).toHaveLength(31);
    const years = await call(`/api/document/${doc}/kpi/indicators/grouped-value/YEAR/9990-06-01/9999-12-31`, { headers: owner.auth });
    expect(years.body.items[0].points.at(-1)).toMatchObject({ start: "9999-01-01", end: "9999-12-31" });

    const write = await call(`/api/document/${doc}/kpi/indicator/${sales}/value/0050-03-15`, jsonInit("POST", { value: 7 }, owner.auth));
    expect(write).toMatchObject({ status: 200, body: { date: "0050-03-15", value: 7 } });
    const months = await call(`/api/document/${doc}/kpi/indicator/${sales}/grouped-value/MONTH/0050-01-01/0050-12-31`, { headers: owner.auth });
    expect(months.body.item.points[2]).toMatchObject({ start: "0050-03-01", end: "0050-03-31", value: 7, source: "ENTERED" });
    expect((await call(`/api/document/${doc}/kpi/indicator/${sales}/value/0000-12-31`, { headers: owner.auth })).status).toBe(400);
  });

  it("answers a login body over 1 MiB in the login call's own shape", async () => {
    const response = await call("/login", jsonInit("POST", { email: "x@example.com", contraseña: "p".repeat(1_100_000) }));
    expect(response).toMatchObject({ status: 413, body: { email: "", success: false, token: null, errorMessage: expect.stringContaining("1 MiB") } });
  });
});
