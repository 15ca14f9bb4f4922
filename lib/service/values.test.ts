import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { kpiValues } from "@/lib/db/schema";
import { testDatabases } from "@/lib/testing/databases";
import { valueSuite } from "@/lib/testing/value-suite";

describe.each(testDatabases)("KPI value controller on $name", ({ open }) => {
  const s = valueSuite(open);
  const { call, stored, valuePath } = s;

  it("writes only the named fields and reads the values in effect at a date", async () => {
    expect((await call("POST", valuePath(s.kpi.Sales!, "2024-01-10"), { value: 40, target: 90 })).body).toEqual({
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
      item: { guid: s.kpi.Sales, name: "Sales", measure: "USD", indicatorType: "INDICATOR", updateInterval: "MONTH" },
    });
    expect((await call("POST", valuePath(s.kpi.Sales!, "2024-01-10"), { baseline: 10 })).body).toMatchObject({ value: 40, target: 90, baseline: 10 });

    const sameMonth = await call("GET", valuePath(s.kpi.Sales!, "2024-01-20"));
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
      item: { guid: s.kpi.Sales, name: "Sales", measure: "USD", indicatorType: "INDICATOR", updateInterval: "MONTH" },
    });
    // Sales has no inheritance: in February the January value is no longer in effect, the target is.
    const nextMonth = (await call("GET", valuePath(s.kpi.Sales!, "2024-02-05"))).body;
    expect(nextMonth).toMatchObject({ value: null, valueDate: null, target: 90, targetDate: "2024-01-10", performance: null });
  });

  it("carries a value forward for a KPI with inheritance", async () => {
    await s.database.db.execute(`UPDATE kpis SET inheritance = true WHERE guid = '${s.kpi.Costs}'` as never);
    await call("POST", valuePath(s.kpi.Costs!, "2023-12-31"), { value: 25 });
    const read = (await call("GET", valuePath(s.kpi.Costs!, "2024-06-01"))).body;
    expect(read).toMatchObject({ value: 25, valueDate: "2023-12-31", performance: 0.75 });
  });

  it("refuses writes to calculated KPIs with 409 and unknown or foreign KPIs with 404", async () => {
    expect((await call("POST", valuePath(s.kpi.Margin!, "2024-01-01"), { value: 1 })).status).toBe(409);
    expect((await call("POST", valuePath(s.kpi.Customer!, "2024-01-01"), { value: 1 })).status).toBe(409);
    expect((await call("POST", valuePath(s.otherSales, "2024-01-01"), { value: 1 })).status).toBe(404);
    expect((await call("POST", valuePath("00000000-0000-4000-8000-000000000000", "2024-01-01"), { value: 1 })).status).toBe(404);
    expect(await stored()).toBe(0);
  });

  it.each([
    ["an impossible date", "2023-02-30", { value: 1 }, "date"],
    ["a string as number", "2024-01-01", { value: "12" }, "value"],
    ["an unknown field", "2024-01-01", { valeu: 12 }, ""],
    ["no field at all", "2024-01-01", {}, ""],
  ])("refuses %s with 400", async (_, date, body, path) => {
    const response = await call("POST", valuePath(s.kpi.Sales!, date), body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("invalid_request");
    expect(response.body.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("refuses NaN and Infinity, which JSON cannot carry as numbers", async () => {
    const response = await s.api.call(valuePath(s.kpi.Sales!, "2024-01-01"), {
      method: "POST",
      headers: { ...s.owner.auth, "Content-Type": "application/json" },
      body: '{"value": NaN}',
    });
    expect(response.status).toBe(400);
    const huge = await s.api.call(valuePath(s.kpi.Sales!, "2024-01-01"), {
      method: "POST",
      headers: { ...s.owner.auth, "Content-Type": "application/json" },
      body: '{"value": 1e400}',
    });
    expect(huge.status).toBe(400);
    expect(await stored()).toBe(0);
  });

  it("refuses figures beyond 1e15, which no business figure reaches, by name and with the reason, and adds up a month of the largest it takes", async () => {
    const tooBig = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, {
      items: [
        { guid: s.kpi.Sales!, date: "2024-01-01", value: 1e23 },
        { guid: s.kpi.Sales!, date: "2024-01-02", target: -1.000001e15 },
      ],
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.details).toEqual([
      { path: "items.0.value", message: "Beyond any business figure: at most 1,000,000,000,000,000 (1e15) either way" },
      { path: "items.1.target", message: "Beyond any business figure: at most 1,000,000,000,000,000 (1e15) either way" },
    ]);
    const single = await call("POST", valuePath(s.kpi.Sales!, "2024-01-01"), { value: 1e23 });
    expect(single.status).toBe(400);
    expect(single.body.errorMessage).toContain("Beyond any business figure");
    expect(await stored()).toBe(0);

    const days = Array.from({ length: 31 }, (_, i) => `2024-01-${String(i + 1).padStart(2, "0")}`);
    const largest = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, {
      items: days.map((date) => ({ guid: s.kpi.Sales!, date, value: 1e15, target: -1e15 })),
    });
    expect(largest.status).toBe(200);
    const year = await call("GET", `/api/document/${s.doc}/kpi/indicator/${s.kpi.Sales}/grouped-value/YEAR/2024-01-01/2024-12-31`);
    expect(year.status).toBe(200);
    expect(year.body.item.points[0].value).toBe(31e15);
    await s.database.db.delete(kpiValues);
  });

  it("refuses values outside a KPI's declared valid range on every write path, and keeps what was stored", async () => {
    const settings = `/api/document/${s.doc}/kpi/${s.kpi.Costs}`;
    expect((await call("PATCH", settings, { validMin: 100, validMax: 0 })).status).toBe(400);
    const set = await call("PATCH", settings, { validMin: 0, validMax: 100 });
    expect(set.body).toMatchObject({ validMin: 0, validMax: 100 });
    expect((await call("POST", valuePath(s.kpi.Costs!, "2024-01-01"), { value: 40 })).status).toBe(200);

    const single = await call("POST", valuePath(s.kpi.Costs!, "2024-01-01"), { value: 101 });
    expect(single.status).toBe(400);
    expect(single.body.details).toEqual([{ path: "value", message: "Outside this KPI's valid range: its values are from 0 to 100" }]);
    const batch = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, {
      items: [
        { guid: s.kpi.Costs, date: "2024-02-01", value: 50 },
        { guid: s.kpi.Costs, date: "2024-03-01", value: -1 },
        { guid: s.kpi.Costs, date: "2024-04-01", target: 500 },
      ],
    });
    expect(batch.status).toBe(400);
    expect(batch.body.details).toEqual([{ path: "items.1.value", message: "Outside this KPI's valid range: its values are from 0 to 100" }]);
    const vendor = await call("POST", `/api/document/${s.doc}/kpi/batch/set-value/2024-05-01`, [{ guid: s.kpi.Costs, value: 1000 }]);
    expect(vendor.status).toBe(400);
    expect(vendor.body.details[0].message).toContain("valid range");
    const rows = await s.database.db.select().from(kpiValues).where(eq(kpiValues.kpiGuid, s.kpi.Costs!));
    expect(rows.map((r) => [r.date, r.value])).toEqual([["2024-01-01", 40]]);

    expect((await call("PATCH", settings, { validMin: null })).body).toMatchObject({ validMin: null, validMax: 100 });
    expect((await call("POST", valuePath(s.kpi.Costs!, "2024-01-01"), { value: -5 })).status).toBe(200);
    await call("PATCH", settings, { validMin: null, validMax: null });
  });

  it("lists the history oldest first between two dates and deletes a record", async () => {
    for (const [date, value] of [
      ["2024-03-01", 3],
      ["2024-01-01", 1],
      ["2024-02-01", 2],
    ] as const) {
      await call("POST", valuePath(s.kpi.Sales!, date), { value });
    }
    const history = `/api/document/${s.doc}/kpi/indicator/${s.kpi.Sales}/values`;
    expect((await call("GET", history)).body.items.map((r: { value: number }) => r.value)).toEqual([1, 2, 3]);
    expect((await call("GET", `${history}?from=2024-01-15&to=2024-02-28`)).body.items).toEqual([
      { date: "2024-02-01", value: 2, target: null, baseline: null, min: null, max: null, score: null },
    ]);
    expect((await call("GET", `${history}?from=2024-13-01`)).status).toBe(400);
    expect((await call("DELETE", `/api/document/${s.doc}/kpi/indicator/${s.kpi.Sales}/values/2024-02-01`)).status).toBe(204);
    expect((await call("GET", history)).body.items.map((r: { value: number }) => r.value)).toEqual([1, 3]);
  });

  it("marks the scorecard changed at the time of every write and delete, and not for a refused write", async () => {
    const updatedAt = async () => (await call("GET", "/api/documents/list")).body.documents.find((d: { id: number }) => d.id === s.doc).updatedAt as string;
    const steps: [string, () => Promise<{ status: number }>][] = [
      ["batch", () => call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, { items: [{ guid: s.kpi.Sales, date: "2024-05-01", value: 5, target: 9 }] })],
      ["single write", () => call("POST", valuePath(s.kpi.Sales!, "2024-06-01"), { value: 6 })],
      ["target deleted", () => call("DELETE", `/api/document/${s.doc}/kpi/indicator/${s.kpi.Sales}/target/2024-05-01`)],
      ["record deleted", () => call("DELETE", `/api/document/${s.doc}/kpi/indicator/${s.kpi.Sales}/values/2024-06-01`)],
    ];
    for (const [step, run] of steps) {
      s.api.clock.advance(3_600_000);
      expect((await run()).status, step).toBeLessThan(300);
      expect(await updatedAt(), step).toBe(s.api.clock.now().toISOString());
    }
    const before = await updatedAt();
    s.api.clock.advance(3_600_000);
    const refused = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, {
      items: [
        { guid: s.kpi.Sales, date: "2024-07-01", value: 1 },
        { guid: s.otherSales, date: "2024-07-01", value: 1 },
      ],
    });
    expect(refused.status).toBe(400);
    expect(await updatedAt()).toBe(before);
  });
});
