import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { kpiValues } from "@/lib/db/schema";
import { jsonInit } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { withPropertyScorecard } from "@/lib/testing/property-suite";
import { nextPeriodStart, periodStart } from "./domain/periods";

type Period = "DAY" | "WEEK" | "MONTH" | "QUARTER" | "HALF_YEAR" | "YEAR";
type Grouping = "AVERAGE" | "SUM" | "FIRST" | "LAST" | "MIN" | "MAX";
type Optimization = "MAXIMIZE" | "MINIMIZE" | "BINARY";
interface Point {
  start: string;
  value: number | null;
  target: number | null;
  score: number | null;
  status: string;
  complete: boolean;
}
interface Item {
  guid: string;
  date: string;
  value?: number;
  target?: number;
}

// Whole years long past the test clock (2026-03-02), so every period is complete.
const FROM = "2023-01-01";
const TO = "2024-12-31";
const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The starts of a KPI's update periods from FROM to TO. */
function updatePeriods(interval: Period, from = FROM, to = TO): string[] {
  const starts: string[] = [];
  for (let s: string | null = periodStart(from, interval); s !== null && s <= to; s = nextPeriodStart(s, interval)) if (s >= from) starts.push(s);
  return starts;
}
const endOf = (start: string, interval: Period) => plusDays(nextPeriodStart(start, interval)!, -1);

const optimizationArb = fc.constantFrom<Optimization>("MAXIMIZE", "MINIMIZE", "BINARY");
const groupingArb = fc.constantFrom<Grouping>("AVERAGE", "SUM", "FIRST", "LAST", "MIN", "MAX");
const intervalArb = fc.constantFrom<Period>("DAY", "WEEK", "MONTH", "QUARTER");
const viewArb = fc.constantFrom<Period>("DAY", "WEEK", "MONTH", "QUARTER", "HALF_YEAR", "YEAR");
const maybe = (arb: fc.Arbitrary<number>) => fc.option(arb, { nil: null });
const kpiArb = fc.record({
  optimization: optimizationArb,
  grouping: groupingArb,
  updateInterval: intervalArb,
  target: fc.integer({ min: -100, max: 1000 }),
  baseline: maybe(fc.integer({ min: -100, max: 1000 })),
  min: maybe(fc.integer({ min: -200, max: 0 })),
  max: maybe(fc.integer({ min: 1000, max: 2000 })),
  onTrackThreshold: fc.double({ min: 0.05, max: 1, noNaN: true }),
  atRiskFraction: fc.double({ min: 0.05, max: 1, noNaN: true }),
  scoreCap: fc.double({ min: 1, max: 3, noNaN: true }),
});
type KpiSettings = typeof kpiArb extends fc.Arbitrary<infer T> ? T : never;

describe.each(testDatabases)("scores and statuses on $name", ({ open }) => {
  const suite = withPropertyScorecard(open, "scores@example.com", {
    name: "Scores",
    kpis: [{ name: "C", type: "CONTAINER", children: [{ name: "A" }, { name: "B" }, { name: "D" }] }],
  });

  async function setKpi(name: string, k: KpiSettings) {
    const { atRiskFraction, ...columns } = { ...k, atRiskThreshold: k.onTrackThreshold * k.atRiskFraction };
    const set = Object.entries(columns).map(([field, v]) => sql`${sql.identifier(field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} = ${v}`);
    await suite.database.db.execute(sql`UPDATE kpis SET ${sql.join(set, sql`, `)}, weight = 1 WHERE guid = ${suite.guid[name]}`);
  }
  async function load(items: Item[]) {
    await suite.database.db.delete(kpiValues);
    for (let i = 0; i < items.length; i += 5000) {
      const response = await suite.api.call(
        `/api/document/${suite.doc}/kpi/batch/set-values`,
        jsonInit("POST", { items: items.slice(i, i + 5000) }, suite.auth),
      );
      expect(response.status).toBe(200);
    }
  }
  async function points(view: Period, from = FROM, to = TO): Promise<Record<string, Point[]>> {
    const response = await suite.api.call(`/api/document/${suite.doc}/kpi/indicators/grouped-value/${view}/${from}/${to}`, { headers: suite.auth });
    expect(response.status).toBe(200);
    return Object.fromEntries((await response.json()).items.map((s: { guid: string; points: Point[] }) => [s.guid, s.points]));
  }

  /**
   * For each update period, a value that meets or beats the target in force at its end (entered
   * targets change it now and then), written on the period's first day as the value grid does.
   */
  function beating(name: string, k: KpiSettings, changes: { at: number; target: number }[], margins: number[], from = FROM, to = TO): Item[] {
    const starts = updatePeriods(k.updateInterval, from, to);
    // One target per date (the last one given wins), in date order.
    const byDate = new Map(changes.map((c) => [starts[c.at % starts.length]!, c.target]));
    const targets = [...byDate].map(([date, target]) => ({ date, target })).sort((a, b) => a.date.localeCompare(b.date));
    const direction = k.optimization === "MINIMIZE" ? -1 : 1;
    const items = starts.map((start, i): Item => {
      const inForce = targets.filter((t) => t.date <= endOf(start, k.updateInterval)).at(-1)?.target ?? k.target;
      return { guid: suite.guid[name]!, date: start, value: inForce + direction * margins[i % margins.length]! };
    });
    for (const t of targets) {
      const same = items.find((i) => i.date === t.date)!;
      same.target = t.target;
    }
    return items;
  }
  const changesArb = fc.array(fc.record({ at: fc.nat(), target: fc.integer({ min: -100, max: 1000 }) }), { maxLength: 3 });
  const marginsArb = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500 }), fc.double({ min: 0, max: 1000, noNaN: true })), {
    minLength: 1,
    maxLength: 5,
  });

  it("never calls a KPI that meets or beats its target at risk or off track, for every optimization, grouping and period", async () => {
    await fc.assert(
      fc.asyncProperty(
        kpiArb,
        changesArb,
        marginsArb,
        viewArb,
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 120 }),
        async (k, changes, margins, view, offset, length) => {
          // Values for every update period of 2022-2025, so every period read (within 2023-2024) is covered.
          await setKpi("A", k);
          await load(beating("A", k, changes, margins, "2022-01-01", "2025-12-31"));
          const from = plusDays(FROM, offset);
          const series = (await points(view, from, plusDays(from, view === "DAY" ? length : 4 * length)))[suite.guid.A!]!;
          const judged = series.filter((p) => p.value !== null && p.target !== null);
          for (const p of judged) expect(p.status, `${view} ${p.start}: ${p.value} against ${p.target} (score ${p.score})`).toBe("ON_TRACK");
        },
      ),
      { numRuns: 40 },
    );
  });

  it("scores a SUM KPI that meets its monthly target every month at exactly 100 % by quarter, half-year and year", async () => {
    await fc.assert(
      fc.asyncProperty(kpiArb, changesArb, async (k, changes) => {
        const settings = {
          ...k,
          grouping: "SUM" as const,
          updateInterval: "MONTH" as const,
          optimization: k.optimization === "BINARY" ? ("MAXIMIZE" as const) : k.optimization,
          scoreCap: 1,
        };
        await setKpi("A", settings);
        await load(beating("A", settings, changes, [0]));
        for (const view of ["QUARTER", "HALF_YEAR", "YEAR"] as const) {
          for (const p of (await points(view))[suite.guid.A!]!) {
            expect(p.score, `${view} ${p.start}: ${p.value} against ${p.target}`).toBe(1);
            expect(p.status).toBe("ON_TRACK");
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it("scores a container whose children all meet their targets at 100 %", async () => {
    await fc.assert(
      fc.asyncProperty(fc.tuple(kpiArb, kpiArb, kpiArb), changesArb, marginsArb, viewArb, async (kpis, changes, margins, view) => {
        const names = ["A", "B", "D"];
        const items: Item[] = [];
        for (const [i, k] of kpis.entries()) {
          // A SUM of daily values makes long reads slow: children here report weekly or less often.
          const settings = { ...k, updateInterval: k.updateInterval === "DAY" ? ("WEEK" as const) : k.updateInterval, scoreCap: 1 };
          await setKpi(names[i]!, settings);
          items.push(...beating(names[i]!, settings, changes, margins));
        }
        await suite.database.db.execute(sql`UPDATE kpis SET score_cap = NULL WHERE guid = ${suite.guid.C}`);
        await load(items);
        const all = await points(view === "DAY" ? "WEEK" : view);
        // Where every child has a target and a value, the container is at exactly 100 %.
        all[suite.guid.C!]!.forEach((p, i) => {
          const children = names.map((n) => all[suite.guid[n]!]![i]!);
          if (children.every((c) => c.value !== null && c.target !== null)) expect(p.score, p.start).toBe(1);
        });
      }),
      { numRuns: 20 },
    );
  });

  it("keeps a container within [0, its cap] whatever one child's value", async () => {
    const absurd = fc.constantFrom(1e15, -1e15, 1e-300, -7e12, 0, 123_456_789);
    await fc.assert(
      fc.asyncProperty(fc.tuple(kpiArb, kpiArb, kpiArb), absurd, fc.double({ min: 1, max: 3, noNaN: true }), async (kpis, value, cap) => {
        const names = ["A", "B", "D"];
        for (const [i, k] of kpis.entries()) await setKpi(names[i]!, { ...k, updateInterval: "MONTH" });
        await suite.database.db.execute(sql`UPDATE kpis SET score_cap = ${cap} WHERE guid = ${suite.guid.C}`);
        await load([
          { guid: suite.guid.A!, date: "2024-03-01", value },
          { guid: suite.guid.B!, date: "2024-03-01", value: kpis[1].target },
          { guid: suite.guid.D!, date: "2024-03-01", value: kpis[2].target * 2 },
        ]);
        const container = (await points("MONTH", "2024-03-01", "2024-03-31"))[suite.guid.C!]![0]!;
        expect(container.score).not.toBeNull();
        expect(container.score!).toBeGreaterThanOrEqual(0);
        expect(container.score!).toBeLessThanOrEqual(cap);
        expect(container.value!).toBeLessThanOrEqual(100 * cap);
      }),
      { numRuns: 40 },
    );
  });
});
