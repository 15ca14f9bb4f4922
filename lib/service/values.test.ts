import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { kpiValues, scorecards } from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";

describe.each(testDatabases)("KPI value controller on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let doc: number;
  let otherDoc: number;
  let kpi: Record<string, string>;
  let otherSales: string;

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init = body === undefined ? { method, headers: { ...owner.auth, ...headers } } : jsonInit(method, body, { ...owner.auth, ...headers });
    const response = await api.call(path, init);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
  const stored = async () => (await database.db.select({ n: count() }).from(kpiValues))[0]!.n;

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 100_000, tokenTtlHours: 24 * 365 });
    owner = await accountWithScorecards(api, database.db, "values@example.com", [smallScorecard("Mine"), smallScorecard("Also mine")]);
    [doc, otherDoc] = owner.scorecardIds as [number, number];
    const items = (await call("GET", `/api/document/${doc}/kpi/list`)).body.items as { name: string; guid: string }[];
    kpi = Object.fromEntries(items.map((k) => [k.name, k.guid]));
    otherSales = (await call("GET", `/api/document/${otherDoc}/kpi/list`)).body.items[2].guid;
  });
  beforeEach(async () => {
    await database.db.delete(kpiValues);
  });
  afterAll(() => database.close());

  const valuePath = (guid: string, date: string) => `/api/document/${doc}/kpi/indicator/${guid}/value/${date}`;

  it("writes only the named fields and reads the values in effect at a date", async () => {
    expect((await call("POST", valuePath(kpi.Sales!, "2024-01-10"), { value: 40, target: 90 })).body).toEqual({
      date: "2024-01-10",
      value: 40,
      target: 90,
      baseline: null,
      min: null,
      max: null,
      score: null,
      valueDate: "2024-01-10",
      targetDate: "2024-01-10",
      baselineDate: null,
      minDate: null,
      maxDate: null,
      scoreDate: null,
      item: { guid: kpi.Sales, name: "Sales", measure: "USD", indicatorType: "INDICATOR", updateInterval: "MONTH" },
    });
    expect((await call("POST", valuePath(kpi.Sales!, "2024-01-10"), { baseline: 10 })).body).toMatchObject({ value: 40, target: 90, baseline: 10 });

    const sameMonth = await call("GET", valuePath(kpi.Sales!, "2024-01-20"));
    expect(sameMonth.body).toEqual({
      date: "2024-01-20",
      value: 40,
      valueDate: "2024-01-10",
      target: 90,
      targetDate: "2024-01-10",
      baseline: 10,
      baselineDate: "2024-01-10",
      min: 0,
      minDate: null,
      max: 100,
      maxDate: null,
      performance: 0.4,
      progress: 30 / 80,
      // 37.5 % of the way from the baseline 10 to the target 90: below the at-risk threshold (70 %).
      score: 30 / 80,
      status: "OFF_TRACK",
      item: { guid: kpi.Sales, name: "Sales", measure: "USD", indicatorType: "INDICATOR", updateInterval: "MONTH" },
    });
    // Sales has no inheritance: in February the January value is no longer in effect, the target is.
    const nextMonth = (await call("GET", valuePath(kpi.Sales!, "2024-02-05"))).body;
    expect(nextMonth).toMatchObject({ value: null, valueDate: null, target: 90, targetDate: "2024-01-10", performance: null });
  });

  it("carries a value forward for a KPI with inheritance", async () => {
    await database.db.execute(`UPDATE kpis SET inheritance = true WHERE guid = '${kpi.Costs}'` as never);
    await call("POST", valuePath(kpi.Costs!, "2023-12-31"), { value: 25 });
    const read = (await call("GET", valuePath(kpi.Costs!, "2024-06-01"))).body;
    expect(read).toMatchObject({ value: 25, valueDate: "2023-12-31", performance: 0.75 });
  });

  it("refuses writes to calculated KPIs with 409 and unknown or foreign KPIs with 404", async () => {
    expect((await call("POST", valuePath(kpi.Margin!, "2024-01-01"), { value: 1 })).status).toBe(409);
    expect((await call("POST", valuePath(kpi.Customer!, "2024-01-01"), { value: 1 })).status).toBe(409);
    expect((await call("POST", valuePath(otherSales, "2024-01-01"), { value: 1 })).status).toBe(404);
    expect((await call("POST", valuePath("00000000-0000-4000-8000-000000000000", "2024-01-01"), { value: 1 })).status).toBe(404);
    expect(await stored()).toBe(0);
  });

  it.each([
    ["an impossible date", "2023-02-30", { value: 1 }, "date"],
    ["a string as number", "2024-01-01", { value: "12" }, "value"],
    ["an unknown field", "2024-01-01", { valeu: 12 }, ""],
    ["no field at all", "2024-01-01", {}, ""],
  ])("refuses %s with 400", async (_, date, body, path) => {
    const response = await call("POST", valuePath(kpi.Sales!, date), body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("invalid_request");
    expect(response.body.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("refuses NaN and Infinity, which JSON cannot carry as numbers", async () => {
    const response = await api.call(valuePath(kpi.Sales!, "2024-01-01"), {
      method: "POST",
      headers: { ...owner.auth, "Content-Type": "application/json" },
      body: '{"value": NaN}',
    });
    expect(response.status).toBe(400);
    const huge = await api.call(valuePath(kpi.Sales!, "2024-01-01"), {
      method: "POST",
      headers: { ...owner.auth, "Content-Type": "application/json" },
      body: '{"value": 1e400}',
    });
    expect(huge.status).toBe(400);
    expect(await stored()).toBe(0);
  });

  it("refuses figures beyond 1e15, which no business figure reaches, by name and with the reason, and adds up a month of the largest it takes", async () => {
    const tooBig = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, {
      items: [
        { guid: kpi.Sales!, date: "2024-01-01", value: 1e23 },
        { guid: kpi.Sales!, date: "2024-01-02", target: -1.000001e15 },
      ],
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.details).toEqual([
      { path: "items.0.value", message: "Beyond any business figure: at most 1,000,000,000,000,000 (1e15) either way" },
      { path: "items.1.target", message: "Beyond any business figure: at most 1,000,000,000,000,000 (1e15) either way" },
    ]);
    const single = await call("POST", valuePath(kpi.Sales!, "2024-01-01"), { value: 1e23 });
    expect(single.status).toBe(400);
    expect(single.body.errorMessage).toContain("Beyond any business figure");
    expect(await stored()).toBe(0);

    const days = Array.from({ length: 31 }, (_, i) => `2024-01-${String(i + 1).padStart(2, "0")}`);
    const largest = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, {
      items: days.map((date) => ({ guid: kpi.Sales!, date, value: 1e15, target: -1e15 })),
    });
    expect(largest.status).toBe(200);
    const year = await call("GET", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/grouped-value/YEAR/2024-01-01/2024-12-31`);
    expect(year.status).toBe(200);
    expect(year.body.item.points[0].value).toBe(31e15);
    await database.db.delete(kpiValues);
  });

  it("refuses values outside a KPI's declared valid range on every write path, and keeps what was stored", async () => {
    const settings = `/api/document/${doc}/kpi/${kpi.Costs}`;
    expect((await call("PATCH", settings, { validMin: 100, validMax: 0 })).status).toBe(400);
    const set = await call("PATCH", settings, { validMin: 0, validMax: 100 });
    expect(set.body).toMatchObject({ validMin: 0, validMax: 100 });
    expect((await call("POST", valuePath(kpi.Costs!, "2024-01-01"), { value: 40 })).status).toBe(200);

    const single = await call("POST", valuePath(kpi.Costs!, "2024-01-01"), { value: 101 });
    expect(single.status).toBe(400);
    expect(single.body.details).toEqual([{ path: "value", message: "Outside this KPI's valid range: its values are from 0 to 100" }]);
    const batch = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, {
      items: [
        { guid: kpi.Costs, date: "2024-02-01", value: 50 },
        { guid: kpi.Costs, date: "2024-03-01", value: -1 },
        { guid: kpi.Costs, date: "2024-04-01", target: 500 },
      ],
    });
    expect(batch.status).toBe(400);
    expect(batch.body.details).toEqual([{ path: "items.1.value", message: "Outside this KPI's valid range: its values are from 0 to 100" }]);
    const vendor = await call("POST", `/api/document/${doc}/kpi/batch/set-value/2024-05-01`, [{ guid: kpi.Costs, value: 1000 }]);
    expect(vendor.status).toBe(400);
    expect(vendor.body.details[0].message).toContain("valid range");
    const rows = await database.db.select().from(kpiValues).where(eq(kpiValues.kpiGuid, kpi.Costs!));
    expect(rows.map((r) => [r.date, r.value])).toEqual([["2024-01-01", 40]]);

    expect((await call("PATCH", settings, { validMin: null })).body).toMatchObject({ validMin: null, validMax: 100 });
    expect((await call("POST", valuePath(kpi.Costs!, "2024-01-01"), { value: -5 })).status).toBe(200);
    await call("PATCH", settings, { validMin: null, validMax: null });
  });

  it("lists the history oldest first between two dates and deletes a record", async () => {
    for (const [date, value] of [
      ["2024-03-01", 3],
      ["2024-01-01", 1],
      ["2024-02-01", 2],
    ] as const) {
      await call("POST", valuePath(kpi.Sales!, date), { value });
    }
    const history = `/api/document/${doc}/kpi/indicator/${kpi.Sales}/values`;
    expect((await call("GET", history)).body.items.map((r: { value: number }) => r.value)).toEqual([1, 2, 3]);
    expect((await call("GET", `${history}?from=2024-01-15&to=2024-02-28`)).body.items).toEqual([
      { date: "2024-02-01", value: 2, target: null, baseline: null, min: null, max: null, score: null },
    ]);
    expect((await call("GET", `${history}?from=2024-13-01`)).status).toBe(400);
    expect((await call("DELETE", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/values/2024-02-01`)).status).toBe(204);
    expect((await call("GET", history)).body.items.map((r: { value: number }) => r.value)).toEqual([1, 3]);
  });

  it("marks the scorecard changed at the time of every write and delete, and not for a refused write", async () => {
    const updatedAt = async () => (await call("GET", "/api/documents/list")).body.documents.find((d: { id: number }) => d.id === doc).updatedAt as string;
    const steps: [string, () => Promise<{ status: number }>][] = [
      ["batch", () => call("POST", `/api/document/${doc}/kpi/batch/set-values`, { items: [{ guid: kpi.Sales, date: "2024-05-01", value: 5, target: 9 }] })],
      ["single write", () => call("POST", valuePath(kpi.Sales!, "2024-06-01"), { value: 6 })],
      ["target deleted", () => call("DELETE", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/target/2024-05-01`)],
      ["record deleted", () => call("DELETE", `/api/document/${doc}/kpi/indicator/${kpi.Sales}/values/2024-06-01`)],
    ];
    for (const [step, run] of steps) {
      api.clock.advance(3_600_000);
      expect((await run()).status, step).toBeLessThan(300);
      expect(await updatedAt(), step).toBe(api.clock.now().toISOString());
    }
    const before = await updatedAt();
    api.clock.advance(3_600_000);
    const refused = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, {
      items: [
        { guid: kpi.Sales, date: "2024-07-01", value: 1 },
        { guid: otherSales, date: "2024-07-01", value: 1 },
      ],
    });
    expect(refused.status).toBe(400);
    expect(await updatedAt()).toBe(before);
  });

  it("reads a plan: every KPI's records holding one figure, by KPI and date, in one call", async () => {
    await call("POST", `/api/document/${doc}/kpi/batch/set-values`, {
      items: [
        { guid: kpi.Sales, date: "2024-02-01", target: 90 },
        { guid: kpi.Sales, date: "2024-01-01", target: 80, value: 5 },
        { guid: kpi.Costs, date: "2024-01-01", value: 7 },
        { guid: kpi.Costs, date: "2024-03-01", target: 10 },
      ],
    });
    const records = `/api/document/${doc}/kpi/batch/records`;
    const targets = (await call("GET", `${records}?field=target`)).body.items.map((r: { guid: string; date: string; target: number }) => [
      r.guid,
      r.date,
      r.target,
    ]);
    const expected = [
      [kpi.Sales, "2024-01-01", 80],
      [kpi.Sales, "2024-02-01", 90],
      [kpi.Costs, "2024-03-01", 10],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])));
    expect(targets).toEqual(expected);
    expect((await call("GET", `${records}?field=target&from=2024-01-15&to=2024-02-28`)).body.items).toEqual([
      expect.objectContaining({ guid: kpi.Sales, date: "2024-02-01", target: 90 }),
    ]);
    expect((await call("GET", `${records}?field=value`)).body.items).toHaveLength(2);
    expect((await call("GET", `${records}?field=nonsense`)).status).toBe(400);
    expect((await call("GET", records)).status).toBe(400);
  });

  it("writes many KPIs at one date and reads them back in one call each", async () => {
    const written = await call("POST", `/api/document/${doc}/kpi/batch/set-value/2024-05-31`, [
      { guid: kpi.Sales, value: 70 },
      { guid: kpi.Costs, value: 20, target: 15 },
    ]);
    expect(written.status).toBe(200);
    expect(written.body.values).toEqual([
      { guid: kpi.Sales, date: "2024-05-31", value: 70, target: null, baseline: null, min: null, max: null, score: null },
      { guid: kpi.Costs, date: "2024-05-31", value: 20, target: 15, baseline: null, min: null, max: null, score: null },
    ]);
    const read = await call("POST", `/api/document/${doc}/kpi/batch/get-value/2024-05-31`, { guids: [kpi.Costs, kpi.Margin] });
    expect(read.body.values.map((v: { guid: string; value: number }) => [v.guid, v.value])).toEqual([
      [kpi.Costs, 20],
      [kpi.Margin, 50],
    ]);
    const all = await call("GET", `/api/document/${doc}/kpi/batch/all/get-value/2024-05-31`);
    expect(all.body.values).toHaveLength(6);
    const root = all.body.values[0];
    // The root rolls up Customer's scores and the audit (no value). Sales: 70 is 50/60 of the way
    // from its baseline 20 to its target 80. Costs (minimised, no baseline): 20 is 80/85 of the way
    // from the top of its scale, 100, to its target 15. Margin has neither target nor scale: no score.
    expect(root.value).toBeCloseTo((100 * (50 / 60 + 80 / 85)) / 2);
    const bad = await call("POST", `/api/document/${doc}/kpi/batch/get-value/2024-05-31`, { guids: [kpi.Sales, otherSales] });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ path: "guids.1", message: "No such KPI in this scorecard" }]);
  });

  it("writes all or nothing, naming every bad item by index", async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ guid: kpi.Sales, date: `2024-01-${String((i % 28) + 1).padStart(2, "0")}`, value: i }));
    const badAt = Math.floor(Math.random() * items.length);
    const second = (badAt + 17) % items.length;
    const broken = items.map((item, i) => (i === badAt ? { ...item, date: "2024-02-30" } : i === second ? { ...item, guid: otherSales } : item));
    const response = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, { items: broken });
    expect(response.status).toBe(400);
    expect(response.body.details.map((d: { path: string }) => d.path)).toContain(`items.${badAt}.date`);
    expect(await stored()).toBe(0);

    const foreign = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, {
      items: items.map((it, i) => (i === second ? { ...it, guid: otherSales } : it)),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual([{ path: `items.${second}.guid`, message: "No such KPI in this scorecard" }]);
    const calculated = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, {
      items: items.map((it, i) => (i === badAt ? { ...it, guid: kpi.Margin } : it)),
    });
    expect(calculated.status).toBe(409);
    expect(calculated.body.details).toEqual([{ path: `items.${badAt}.guid`, message: expect.stringContaining("calculated") }]);
    expect(await stored()).toBe(0);

    const ok = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, { items });
    expect(ok.status).toBe(200);
    expect(ok.body.written).toBe(28);
    expect(await stored()).toBe(28);
  });

  it("accepts 5000 items in one counted call and refuses 5001 with 413", async () => {
    const item = (i: number) => ({
      guid: i % 2 ? kpi.Sales : kpi.Costs,
      date: new Date(Date.UTC(2010, 0, 1 + Math.floor(i / 2))).toISOString().slice(0, 10),
      value: i,
    });
    const before = (await call("GET", "/api/access/info")).body.usedCount;
    const ok = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, { items: Array.from({ length: 5000 }, (_, i) => item(i)) });
    expect(ok.status).toBe(200);
    expect(ok.body.written).toBe(5000);
    expect((await call("GET", "/api/access/info")).body.usedCount).toBe(before + 1);
    const tooMany = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, { items: Array.from({ length: 5001 }, (_, i) => item(i + 6000)) });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.code).toBe("payload_too_large");
    expect(await stored()).toBe(5000);
  });

  it("refuses a batch that mixes two scorecards", async () => {
    const response = await call("POST", `/api/document/${doc}/kpi/batch/set-value/2024-01-01`, [
      { guid: kpi.Sales, value: 1 },
      { guid: otherSales, value: 2 },
    ]);
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: "1.guid", message: "No such KPI in this scorecard" }]);
    expect(await stored()).toBe(0);
  });

  it("replays an idempotent write without writing again, per account", async () => {
    const body = { items: [{ guid: kpi.Sales, date: "2024-04-01", value: 10 }] };
    const key = { "Idempotency-Key": "import-2024-04" };
    const first = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, body, key);
    expect(first.status).toBe(200);
    await call("POST", valuePath(kpi.Sales!, "2024-04-01"), { value: 99 });
    const replay = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, body, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await database.db.select().from(kpiValues).where(eq(kpiValues.kpiGuid, kpi.Sales!)))[0]!.value).toBe(99);

    const other = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, { items: [{ ...body.items[0], value: 11 }] }, key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("conflict");

    // A refused request does not use up its key.
    const refusedKey = { "Idempotency-Key": "fix-and-retry" };
    expect((await call("POST", valuePath(kpi.Sales!, "2024-02-30"), { value: 1 }, refusedKey)).status).toBe(400);
    expect((await call("POST", valuePath(kpi.Sales!, "2024-02-28"), { value: 1 }, refusedKey)).status).toBe(200);

    // Another account may use the same key for its own request.
    const stranger = await accountWithScorecards(api, database.db, `stranger-${Date.now()}@example.com`, [smallScorecard()]);
    const theirSales = (await (await api.call(`/api/document/${stranger.scorecardIds[0]}/kpi/list`, { headers: stranger.auth })).json()).items[2].guid;
    const theirs = await api.call(
      `/api/document/${stranger.scorecardIds[0]}/kpi/batch/set-values`,
      jsonInit("POST", { items: [{ guid: theirSales, date: "2024-04-01", value: 5 }] }, { ...stranger.auth, ...key }),
    );
    expect(theirs.status).toBe(200);

    api.clock.advance(24 * 3_600_000 + 1000);
    const later = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, { items: [{ ...body.items[0], value: 12 }] }, key);
    expect(later.status).toBe(200);
  });

  it("keeps Idempotency-Keys per caller, and replays only to a caller who may still write", async () => {
    await database.db.update(scorecards).set({ accountAccess: "write" }).where(eq(scorecards.id, doc));
    const mate = await teammate(api, database.db, owner.accountId, `mate-${Date.now()}@example.com`, "expert");
    const key = { "Idempotency-Key": "shared-name" };
    const path = `/api/document/${doc}/kpi/batch/set-values`;
    const body = { items: [{ guid: kpi.Sales, date: "2024-05-01", value: 10 }] };
    expect((await call("POST", path, body, key)).status).toBe(200);
    await call("POST", valuePath(kpi.Sales!, "2024-05-01"), { value: 50 });

    // The teammate's request with the same key and body runs: no replay of the owner's answer.
    const theirs = await api.call(path, jsonInit("POST", body, { ...mate.auth, ...key }));
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
    expect((await database.db.select().from(kpiValues).where(eq(kpiValues.kpiGuid, kpi.Sales!)))[0]!.value).toBe(10);

    // Once the share is withdrawn, the teammate's own retry is refused like any request, not replayed.
    await database.db.update(scorecards).set({ accountAccess: "none" }).where(eq(scorecards.id, doc));
    const retry = await api.call(path, jsonInit("POST", body, { ...mate.auth, ...key }));
    expect(retry.status).toBe(404);
    expect(retry.headers.get("Idempotent-Replayed")).toBeNull();
    // The owner still gets its own answer back.
    expect((await call("POST", path, body, key)).headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("refuses an Idempotency-Key over 255 characters", async () => {
    const response = await call("POST", valuePath(kpi.Sales!, "2024-01-01"), { value: 1 }, { "Idempotency-Key": "k".repeat(256) });
    expect(response.status).toBe(400);
    expect(await stored()).toBe(0);
  });
});
