import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { kpiValues } from "@/lib/db/schema";
import { jsonInit } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { withPropertyScorecard } from "@/lib/testing/property-suite";
import { type Grouping, type Optimization, type Period, plusDays, type Rec, type RefKpi, type RefPoint, refSeries } from "@/lib/testing/grouping-reference";

function expectClose(actual: number | null, expected: number | null, what: string) {
  if (expected === null) expect(actual, what).toBeNull();
  else expect(Math.abs(actual! - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
}

// ---- Generators ----

const BASE = "2023-01-01";
const periodArb = fc.constantFrom<Period>("DAY", "WEEK", "MONTH", "QUARTER", "HALF_YEAR", "YEAR");
const recordsArb = fc
  .tuple(
    fc.array(fc.record({ offset: fc.integer({ min: 0, max: 1300 }), value: fc.integer({ min: -50, max: 150 }) }), { maxLength: 60 }),
    fc.array(fc.record({ offset: fc.integer({ min: 0, max: 1300 }), target: fc.integer({ min: -20, max: 150 }) }), { maxLength: 4 }),
  )
  .map(([values, targets]) => {
    const byDate = new Map<string, Rec>();
    for (const r of values) byDate.set(plusDays(BASE, r.offset), { date: plusDays(BASE, r.offset), value: r.value });
    for (const t of targets)
      byDate.set(plusDays(BASE, t.offset), { ...byDate.get(plusDays(BASE, t.offset)), date: plusDays(BASE, t.offset), target: t.target });
    return [...byDate.values()];
  });
const intervalArb = fc.constantFrom<Period>("DAY", "WEEK", "MONTH", "QUARTER");
const rangeArb = fc.record({ start: fc.integer({ min: 0, max: 1300 }), length: fc.integer({ min: 0, max: 400 }) });
const scaleArb = fc.record({
  min: fc.integer({ min: -20, max: 20 }),
  max: fc.integer({ min: 0, max: 200 }),
  target: fc.integer({ min: -20, max: 150 }),
  baseline: fc.integer({ min: -20, max: 150 }),
});

describe.each(testDatabases)("grouped values controller on $name", ({ open }) => {
  const suite = withPropertyScorecard(open, "grouped@example.com", {
    name: "Property",
    kpis: [
      {
        name: "C",
        type: "CONTAINER",
        children: [
          { name: "A", weight: 2 },
          { name: "B", weight: 1 },
        ],
      },
      { name: "F", type: "INDICATOR", formula: "0" },
    ],
  });

  async function setKpi(name: string, k: Partial<RefKpi> & { formula?: string }) {
    const columns = Object.entries(k).map(([field, v]) => sql`${sql.identifier(field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} = ${v}`);
    await suite.database.db.execute(sql`UPDATE kpis SET ${sql.join(columns, sql`, `)} WHERE guid = ${suite.guid[name]}`);
  }
  async function load(records: Record<string, Rec[]>) {
    await suite.database.db.delete(kpiValues);
    const items = Object.entries(records).flatMap(([name, rs]) => rs.map((r) => ({ guid: suite.guid[name], ...r })));
    if (items.length) {
      const response = await suite.api.call(`/api/document/${suite.doc}/kpi/batch/set-values`, jsonInit("POST", { items }, suite.auth));
      expect(response.status).toBe(200);
    }
  }
  async function grouped(period: Period, from: string, to: string) {
    const response = await suite.api.call(`/api/document/${suite.doc}/kpi/indicators/grouped-value/${period}/${from}/${to}`, { headers: suite.auth });
    expect(response.status).toBe(200);
    const body = await response.json();
    return Object.fromEntries(body.items.map((s: { guid: string; points: RefPoint[] }) => [s.guid, s.points])) as Record<string, RefPoint[]>;
  }

  it("groups entered values by period like the reference, for every grouping and inheritance", async () => {
    await fc.assert(
      fc.asyncProperty(
        recordsArb,
        periodArb,
        rangeArb,
        scaleArb,
        fc.constantFrom<Grouping>("AVERAGE", "SUM", "FIRST", "LAST", "MIN", "MAX"),
        fc.boolean(),
        fc.constantFrom<Optimization>("MAXIMIZE", "MINIMIZE", "BINARY"),
        intervalArb,
        async (records, period, range, scale, grouping, inheritance, optimization, updateInterval) => {
          const kpi: RefKpi = { grouping, inheritance, optimization, updateInterval, ...scale };
          await setKpi("A", kpi);
          await load({ A: records });
          const from = plusDays(BASE, range.start);
          const to = plusDays(from, range.length);
          const actual = (await grouped(period, from, to))[suite.guid.A!]!;
          const expected = refSeries(records, kpi, from, to, period);
          expect(actual.map((p) => [p.start, p.end, p.source])).toEqual(expected.map((p) => [p.start, p.end, p.source]));
          expected.forEach((e, i) => {
            const a = actual[i]!;
            for (const field of ["value", "target", "baseline", "min", "max", "performance", "progress"] as const)
              expectClose(a[field], e[field], `${field} ${e.start}`);
            expect(a.complete, `complete ${e.start}`).toBe(e.complete);
            expect(a.score === null, `score ${e.start}`).toBe(e.value === null || (e.target === null && e.performance === null));
            expect(a.status === "NONE", `status ${e.start}`).toBe(a.score === null);
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it("evaluates formulas per period and rolls containers up from their children's performance", async () => {
    const formulas: [string, (a: number, b: number) => number | null][] = [
      ["[A] * 2 - [B] / 4", (a, b) => a * 2 - b / 4],
      ["max([A], [B]) - min([A], 3)", (a, b) => Math.max(a, b) - Math.min(a, 3)],
      ["abs([A] - [B]) / [B]", (a, b) => (b === 0 ? null : Math.abs(a - b) / b)],
      ["-([A] + 1) * (2 + [B])", (a, b) => -(a + 1) * (2 + b)],
    ];
    await fc.assert(
      fc.asyncProperty(
        recordsArb,
        recordsArb,
        periodArb,
        rangeArb,
        scaleArb,
        scaleArb,
        fc.nat(formulas.length - 1),
        fc.boolean(),
        async (recordsA, recordsB, period, range, scaleA, scaleB, which, inheritB) => {
          const kpiA: RefKpi = { grouping: "AVERAGE", inheritance: true, optimization: "MAXIMIZE", updateInterval: "MONTH", ...scaleA };
          const kpiB: RefKpi = { grouping: "SUM", inheritance: inheritB, optimization: "MINIMIZE", updateInterval: "MONTH", ...scaleB };
          const [text, fn] = formulas[which]!;
          await setKpi("A", kpiA);
          await setKpi("B", kpiB);
          await setKpi("F", { formula: text.replace(/\[A\]/g, `[${suite.guid.A}]`).replace(/\[B\]/g, `[${suite.guid.B}]`) });
          await load({ A: recordsA, B: recordsB });
          const from = plusDays(BASE, range.start);
          const to = plusDays(from, Math.min(range.length, 120));
          const actual = await grouped(period, from, to);
          const a = refSeries(recordsA, kpiA, from, to, period);
          const b = refSeries(recordsB, kpiB, from, to, period);
          a.forEach((pa, i) => {
            const pb = b[i]!;
            const f = pa.value === null || pb.value === null ? null : fn(pa.value, pb.value);
            expectClose(actual[suite.guid.F!]![i]!.value, f, `formula ${pa.start}`);
            expect(actual[suite.guid.F!]![i]!.source).toBe(f === null ? "NONE" : "CALCULATED");
            // The container averages its children's scores (as served) by weight, within [0, 1].
            const parts = [
              [2, actual[suite.guid.A!]![i]!.score],
              [1, actual[suite.guid.B!]![i]!.score],
            ].filter(([, p]) => p !== null) as [number, number][];
            const c = parts.length ? Math.min(1, Math.max(0, parts.reduce((s, [w, p]) => s + w * p, 0) / parts.reduce((s, [w]) => s + w, 0))) : null;
            expectClose(actual[suite.guid.C!]![i]!.score, c, `container ${pa.start}`);
            expectClose(actual[suite.guid.C!]![i]!.value, c === null ? null : 100 * c, `container value ${pa.start}`);
          });
        },
      ),
      { numRuns: 25 },
    );
  });

  it.each([
    ["a missing KPI", "[00000000-0000-4000-8000-000000000000] + 1"],
    ["a division by zero", "[A] / 0"],
    ["a syntax error", "[A] +* 2"],
    ["a reference to itself", "[F] + 1"],
  ])("yields null points, never a 500, for %s", async (_, formula) => {
    await setKpi("F", { formula: formula.replace("[A]", `[${suite.guid.A}]`).replace("[F]", `[${suite.guid.F}]`) });
    await load({ A: [{ date: "2023-01-05", value: 4 }] });
    const points = (await grouped("MONTH", "2023-01-01", "2023-03-31"))[suite.guid.F!]!;
    expect(points.map((p) => [p.value, p.source])).toEqual([
      [null, "NONE"],
      [null, "NONE"],
      [null, "NONE"],
    ]);
  });

  it("yields null points for a cycle between formulas", async () => {
    await setKpi("A", { grouping: "AVERAGE" });
    await suite.database.db.execute(sql`UPDATE kpis SET formula = ${`[${suite.guid.F}] * 2`} WHERE guid = ${suite.guid.B}`);
    await setKpi("F", { formula: `[${suite.guid.B}] + 1` });
    const points = await grouped("YEAR", "2023-01-01", "2023-12-31");
    expect(points[suite.guid.F!]![0]!.value).toBeNull();
    expect(points[suite.guid.B!]![0]!.value).toBeNull();
    await suite.database.db.execute(sql`UPDATE kpis SET formula = NULL WHERE guid = ${suite.guid.B}`);
  });

  it("serves one KPI's series and refuses bad ranges", async () => {
    await setKpi("A", { grouping: "SUM", updateInterval: "WEEK", inheritance: false, optimization: "MAXIMIZE", min: 0, max: 10, target: 8, baseline: 2 });
    await load({
      A: [
        { date: "2024-01-02", value: 3 },
        { date: "2024-01-03", value: 4 },
      ],
    });
    const one = await suite.api.call(`/api/document/${suite.doc}/kpi/indicator/${suite.guid.A}/grouped-value/WEEK/2024-01-01/2024-01-14`, {
      headers: suite.auth,
    });
    expect(await one.json()).toEqual({
      start: "2024-01-01",
      end: "2024-01-14",
      period: "WEEK",
      item: {
        guid: suite.guid.A,
        name: "A",
        measure: "",
        points: [
          {
            start: "2024-01-01",
            end: "2024-01-07",
            value: 7,
            target: 8,
            baseline: 2,
            min: 0,
            max: 10,
            performance: 0.7,
            progress: 5 / 6,
            score: 5 / 6,
            status: "AT_RISK",
            complete: true,
            source: "ENTERED",
          },
          {
            start: "2024-01-08",
            end: "2024-01-14",
            value: null,
            target: 8,
            baseline: 2,
            min: 0,
            max: 10,
            performance: null,
            progress: null,
            score: null,
            status: "NONE",
            complete: true,
            source: "NONE",
          },
        ],
        notes: [],
      },
    });
    const path = (p: string, a: string, b: string) => `/api/document/${suite.doc}/kpi/indicators/grouped-value/${p}/${a}/${b}`;
    for (const [p, a, b] of [
      ["DAY", "2020-01-01", "2023-01-01"],
      ["MONTH", "2024-02-01", "2024-01-01"],
      ["FORTNIGHT", "2024-01-01", "2024-02-01"],
      ["DAY", "2024-02-30", "2024-03-01"],
    ]) {
      const response = await suite.api.call(path(p!, a!, b!), { headers: suite.auth });
      expect(response.status, `${p} ${a} ${b}`).toBe(400);
      expect((await response.json()).code).toBe("invalid_request");
    }
    // A bad range is refused before a KPI that is not there is looked for, read after read.
    for (let i = 0; i < 2; i++) {
      const unknown = await suite.api.call(`${path("MONTH", "2024-02-01", "2024-01-01")}?guids=${suite.guid.A},00000000-0000-4000-8000-000000000000`, {
        headers: suite.auth,
      });
      expect(unknown.status).toBe(400);
    }
    const absent = await suite.api.call(`${path("MONTH", "2024-01-01", "2024-01-31")}?guids=00000000-0000-4000-8000-000000000000`, { headers: suite.auth });
    expect(absent.status).toBe(404);
    const listed = await suite.api.call(`${path("MONTH", "2024-01-01", "2024-01-31")}?guids=${suite.guid.B},${suite.guid.A}`, { headers: suite.auth });
    expect((await listed.json()).items.map((s: { name: string }) => s.name)).toEqual(["B", "A"]);
    expect((await suite.api.call(`${path("MONTH", "2024-01-01", "2024-01-31")}?guids=nope`, { headers: suite.auth })).status).toBe(400);
  });
});
