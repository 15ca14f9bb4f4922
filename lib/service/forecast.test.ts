import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { alertFirings } from "@/lib/db/schema";
import { checkForecastAlerts } from "./forecast/alerts";

type Point = { start: string; value: number | null; low: number | null; high: number | null; score: number | null; status: string };
type Item = { guid: string; name: string; method: string | null; note: string | null; points: Point[]; projection: Point | null };
const answers = new Map<string, unknown>();

describe.each(testDatabases)("forecasts on $name", ({ name, open }) => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let docId: number;
  let items: Item[];
  const byName = (n: string) => items.find((i) => i.name === n)!;

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 10_000 });
    owner = await accountWithScorecards(api, database.db, "forecast@example.com", [smallScorecard("Plan")]);
    docId = owner.scorecardIds[0]!;
    const kpis = (await (await api.call(`/api/document/${docId}/kpi/list`, { headers: owner.auth })).json()).items as { name: string; guid: string }[];
    const guid = (n: string) => kpis.find((k) => k.name === n)!.guid;
    // 36 months up to February 2026 (the test clock stands on 2 March 2026): a seasonal Sales, a rising Costs.
    const months = Array.from({ length: 36 }, (_, i) => new Date(Date.UTC(2023, 2 + i, 1)).toISOString().slice(0, 10));
    const values = months.flatMap((date, i) => [
      { guid: guid("Sales"), date, value: Math.round(60 + 15 * Math.sin((2 * Math.PI * i) / 12) + (i % 3)) },
      { guid: guid("Costs"), date, value: 30 + i * 0.5 },
    ]);
    const fresh = (await (await api.call(`/api/document/${docId}/kpi`, jsonInit("POST", { name: "New metric" }, owner.auth))).json()).guid as string;
    values.push({ guid: fresh, date: "2026-01-01", value: 4 }, { guid: fresh, date: "2026-02-01", value: 5 });
    expect((await api.call(`/api/document/${docId}/kpi/batch/set-values`, jsonInit("POST", { items: values }, owner.auth))).status).toBe(200);
    const response = await api.call(`/api/document/${docId}/kpi/indicators/forecast/MONTH`, { headers: owner.auth });
    expect(response.status).toBe(200);
    const body = await response.json();
    // GUIDs are new in each database: the rest of the answer is compared.
    answers.set(name, JSON.parse(JSON.stringify(body, (key, value) => (key === "guid" ? undefined : value))));
    items = (body as { items: Item[] }).items;
  });
  afterAll(() => database.close());

  it("forecasts each entered KPI from the current month to the end of the year, its projection the last of them", () => {
    const sales = byName("Sales");
    expect(sales.method).toMatch(/^(seasonal|damped|naive)$/);
    expect(sales.points.map((p) => p.start)).toEqual(["03", "04", "05", "06", "07", "08", "09", "10", "11", "12"].map((m) => `2026-${m}-01`));
    expect(sales.projection).toEqual(sales.points.at(-1));
    for (const p of sales.points) expect(p.low! <= p.value! && p.value! <= p.high!).toBe(true);
  });

  it("computes a formula from its inputs' forecasts, and a container from its children's scores", () => {
    const [sales, costs, margin] = ["Sales", "Costs", "Margin"].map(byName);
    expect(margin!.method).toBe("formula");
    margin!.points.forEach((p, i) => expect(p.value).toBeCloseTo(sales!.points[i]!.value! - costs!.points[i]!.value!, 9));
    const customer = byName("Customer");
    expect(customer.method).toBe("container");
    customer.points.forEach((p, i) => {
      const scores = [sales, costs, margin].map((k) => k!.points[i]!.score).filter((s): s is number => s !== null);
      expect(p.score).toBeCloseTo(Math.min(1, scores.reduce((a, b) => a + b, 0) / scores.length), 9);
    });
  });

  it("says so when a KPI has too little history, instead of guessing", () => {
    expect(byName("New metric")).toMatchObject({
      method: null,
      points: [],
      projection: null,
      note: "Too little history to forecast: 2 periods of values, at least 4 needed",
    });
  });

  it("answers what-if without overrides byte for byte as the grouped values, and moves formulas and containers by what the weights say", async () => {
    const post = async (overrides: unknown[]) =>
      api.call(`/api/document/${docId}/what-if`, jsonInit("POST", { period: "MONTH", from: "2025-01-01", to: "2026-06-30", overrides }, owner.auth));
    const noted = await api.call(
      `/api/document/${docId}/kpi/${byName("Sales").guid}/notes`,
      jsonInit("POST", { date: "2026-02-10", text: "A trade fair" }, owner.auth),
    );
    expect(noted.status).toBe(201);
    const grouped = await (await api.call(`/api/document/${docId}/kpi/indicators/grouped-value/MONTH/2025-01-01/2026-06-30`, { headers: owner.auth })).json();
    const same = await (await post([])).json();
    expect(JSON.stringify(same.items)).toBe(JSON.stringify(grouped.items));
    expect(same.items.find((s: { name: string }) => s.name === "Sales").notes).toEqual([expect.objectContaining({ text: "A trade fair" })]);
    expect(same.moved).toEqual([]);

    const sales = byName("Sales").guid;
    const moved = await (await post([{ guid: sales, date: "2026-02-15", value: 95 }])).json();
    const series = (n: string) => moved.items.find((s: { name: string }) => s.name === n).points as Point[];
    const at = (n: string) => series(n).find((p) => p.start === "2026-02-01")!;
    expect(at("Sales").value).toBe(95);
    expect(at("Margin").value).toBeCloseTo(95 - at("Costs").value!, 9);
    const scores = ["Sales", "Costs", "Margin"].map((n) => at(n).score).filter((s): s is number => s !== null);
    expect(at("Customer").score).toBeCloseTo(Math.min(1, scores.reduce((a, b) => a + b, 0) / scores.length), 9);
    expect(moved.moved.map((m: { name: string; start: string }) => `${m.name} ${m.start}`)).toEqual(
      expect.arrayContaining(["Sales 2026-02-01", "Margin 2026-02-01"]),
    );
    expect(moved.moved.every((m: { start: string }) => m.start === "2026-02-01")).toBe(true);

    // Growth compounds from February (the last complete month) and replaces only the months after
    // the current one (March, the clock's): actuals stay actual.
    const grown = await (await post([{ guid: sales, growth: 0.1 }])).json();
    const grownSales = grown.items.find((s: { name: string }) => s.name === "Sales").points as Point[];
    const last = (grouped.items.find((s: { name: string }) => s.name === "Sales").points as Point[]).find((p) => p.start === "2026-02-01")!.value!;
    expect(grownSales.filter((p) => p.start >= "2026-03-01").map((p) => p.value)).toEqual([null, ...[2, 3, 4].map((n) => expect.closeTo(last * 1.1 ** n, 6))]);
    // A month yet to come has no actual, however the KPI inherits.
    expect(grown.moved.filter((m: { start: string }) => m.start > "2026-03-01").every((m: { actual: number | null }) => m.actual === null)).toBe(true);
    // The verdict at the horizon (June): where Sales ends against its target there (80, carried
    // forward), and the growth a month that meets it.
    expect(grown.verdicts.find((v: { name: string }) => v.name === "Sales")).toEqual({
      guid: sales,
      name: "Sales",
      start: "2026-06-01",
      whatIf: expect.closeTo(last * 1.1 ** 4, 6),
      target: 80,
      status: last * 1.1 ** 4 >= 80 ? "ON_TRACK" : expect.stringMatching(/AT_RISK|OFF_TRACK/),
      neededGrowth: expect.closeTo((80 / last) ** (1 / 4) - 1, 9),
    });
    expect(grown.verdicts.map((v: { name: string }) => v.name)).toEqual([...new Set(grown.moved.map((m: { name: string }) => m.name))]);
    const june = `/api/document/${docId}/kpi/batch/set-values`;
    expect((await api.call(june, jsonInit("POST", { items: [{ guid: sales, date: "2026-06-01", target: 100 }] }, owner.auth))).status).toBe(200);
    const aimed = (await (await post([{ guid: sales, growth: 0.1 }])).json()).verdicts.find((v: { name: string }) => v.name === "Sales");
    expect(aimed).toMatchObject({ target: 100, neededGrowth: expect.closeTo((100 / last) ** (1 / 4) - 1, 9) });
    expect(aimed.status).toMatch(last * 1.1 ** 4 >= 100 ? /^ON_TRACK$/ : /^(AT_RISK|OFF_TRACK)$/);
    await api.call(`/api/document/${docId}/kpi/indicator/${sales}/target/2026-06-01`, { method: "DELETE", headers: owner.auth });
    const refused = await post([{ guid: byName("Margin").guid, growth: 0.1 }]);
    expect(refused.status).toBe(400);
    // Compounded daily, 1000 % a day leaves every number a KPI may hold: refused, naming the override.
    const daily = await api.call(
      `/api/document/${docId}/what-if`,
      jsonInit("POST", { period: "DAY", from: "2025-01-01", to: "2026-06-30", overrides: [{ guid: sales, growth: 10 }] }, owner.auth),
    );
    expect(daily.status).toBe(400);
    expect((await daily.json()).details).toEqual([
      { path: "overrides.0.growth", message: expect.stringMatching(/^Compounds past 1e\+15 by \d{4}-\d{2}-\d{2}: use a smaller growth or a shorter range$/) },
    ]);
  });

  it("fires a forecast alert once when the projected score falls below its threshold, and again only after it recovers", async () => {
    const sales = byName("Sales").guid;
    const hook = await (await api.call("/api/webhooks", jsonInit("POST", { name: "board", url: "https://93.184.216.34/hook" }, owner.auth))).json();
    const created = await api.call(
      `/api/document/${docId}/alerts`,
      jsonInit("POST", { name: "Sales off course", kpiGuid: sales, condition: "FORECAST_BELOW_TARGET", threshold: 0.99, webhookId: hook.id }, owner.auth),
    );
    expect(created.status).toBe(201);
    const firings = async () => (await database.db.select().from(alertFirings)).length;
    expect((await checkForecastAlerts(api.app.deps)).fired).toHaveLength(1);
    expect((await checkForecastAlerts(api.app.deps)).fired).toHaveLength(0);
    expect(await firings()).toBe(1);
    // Sales far above its target for three years: the projection recovers, and the alert rests.
    const months = Array.from({ length: 36 }, (_, i) => new Date(Date.UTC(2023, 2 + i, 1)).toISOString().slice(0, 10));
    const write = (value: (i: number) => number) =>
      api.call(
        `/api/document/${docId}/kpi/batch/set-values`,
        jsonInit("POST", { items: months.map((date, i) => ({ guid: sales, date, value: value(i) })) }, owner.auth),
      );
    await write(() => 500);
    expect((await checkForecastAlerts(api.app.deps)).fired).toHaveLength(0);
    await write((i) => 40 + (i % 5));
    expect((await checkForecastAlerts(api.app.deps)).fired).toHaveLength(1);
    expect(await firings()).toBe(2);
  });

  it("runs the scorecard's forecast alerts when asked to run its alerts now", async () => {
    const sales = byName("Sales").guid;
    const hook = await (await api.call("/api/webhooks", jsonInit("POST", { name: "planning", url: "https://93.184.216.34/plan" }, owner.auth))).json();
    const created = await api.call(
      `/api/document/${docId}/alerts`,
      jsonInit("POST", { name: "Sales year at risk", kpiGuid: sales, condition: "FORECAST_BELOW_TARGET", threshold: 0.99, webhookId: hook.id }, owner.auth),
    );
    expect(created.status).toBe(201);
    const check = async () => (await api.call(`/api/document/${docId}/document-check-requests`, jsonInit("POST", undefined, owner.auth))).json();
    const first = await check();
    expect(first.fired).toEqual([expect.objectContaining({ alertId: (await created.json()).id, condition: "FORECAST_BELOW_TARGET", kpiGuid: sales })]);
    expect(first.checkedAlerts).toBeGreaterThanOrEqual(2);
    expect((await check()).fired).toEqual([]);
  });

  it("refuses a horizon before the current period, and answers only the KPIs asked for", async () => {
    expect((await api.call(`/api/document/${docId}/kpi/indicators/forecast/MONTH?horizon=2025-12-31`, { headers: owner.auth })).status).toBe(400);
    const sales = byName("Sales").guid;
    const one = await (
      await api.call(`/api/document/${docId}/kpi/indicators/forecast/QUARTER?guids=${sales}&horizon=2027-06-30`, { headers: owner.auth })
    ).json();
    expect(one.items.map((i: Item) => i.name)).toEqual(["Sales"]);
    expect(one.items[0].points.map((p: Point) => p.start)).toEqual(["2026-01-01", "2026-04-01", "2026-07-01", "2026-10-01", "2027-01-01", "2027-04-01"]);
  });

  it("looks to a KPI's last target when it lies beyond the year, and to December for the others", async () => {
    const sales = byName("Sales").guid;
    await api.call(`/api/document/${docId}/kpi/batch/set-values`, jsonInit("POST", { items: [{ guid: sales, date: "2027-06-01", target: 90 }] }, owner.auth));
    const answer = await (await api.call(`/api/document/${docId}/kpi/indicators/forecast/MONTH`, { headers: owner.auth })).json();
    expect(answer.horizon).toBe("2027-06-01");
    const of = (n: string) => answer.items.find((i: Item) => i.name === n) as Item;
    expect(of("Sales").projection!.start).toBe("2027-06-01");
    expect(of("Sales").projection!.status).not.toBe("NONE");
    expect(of("Costs").projection!.start).toBe("2026-12-01");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("forecasts on both databases", () => {
  it("are the same on PGlite and PostgreSQL", () => {
    expect(answers.get("postgres")).toEqual(answers.get("pglite"));
  });
});
