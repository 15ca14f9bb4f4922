import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Period } from "@/lib/contract/kpis";
import type { Series } from "@/lib/contract/grouped";
import type { Database } from "@/lib/db/client";
import { queryRows } from "@/lib/db/query";
import { kpis as kpiTable, kpiValues } from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, jsonInit } from "@/lib/testing/api";
import { testDatabases, withPostgresPools } from "@/lib/testing/databases";
import { withPropertyScorecard } from "@/lib/testing/property-suite";
import { seriesFor } from "./domain/grouped";
import { periodsBetween } from "./domain/periods";
import { rawBuckets } from "./domain/value-queries";

// Grouped reads come from rollups kept by triggers on kpi_values; these tests hold them to the
// values themselves: after any mix of writes and deletes, every grouped read equals the one
// computed from the raw values, and the rollup table equals a recomputation from scratch.

const PERIODS: Period[] = ["DAY", "WEEK", "MONTH", "QUARTER", "HALF_YEAR", "YEAR"];
const GROUPINGS = ["AVERAGE", "SUM", "FIRST", "LAST", "MIN", "MAX"] as const;
const BASE = "2023-12-25";
const SPAN_DAYS = 420;
const FROM = BASE;
const TO = new Date(Date.parse(`${BASE}T00:00:00Z`) + SPAN_DAYS * 86_400_000).toISOString().slice(0, 10);
const dayOf = (n: number) => new Date(Date.parse(`${BASE}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The rollups as the triggers left them, and as they are computed from the values now. */
async function rollupsAndTruth(db: Database["db"]) {
  const columns = sql`kpi_guid::text AS guid, grain, to_char(start, 'YYYY-MM-DD') AS start, count, sum, min, max,
    to_char(first_date, 'YYYY-MM-DD') AS first_date, first_value, to_char(last_date, 'YYYY-MM-DD') AS last_date, last_value`;
  const stored = await queryRows<Record<string, unknown>>(db, sql`SELECT ${columns} FROM kpi_rollups ORDER BY 1, 2, 3`);
  const truth = await queryRows<Record<string, unknown>>(
    db,
    sql`
    SELECT ${columns} FROM (
      SELECT v.kpi_guid, b.grain, b.start, count(*)::int AS count, sum(v.value) AS sum, min(v.value) AS min, max(v.value) AS max,
        min(v.date) AS first_date, (min(ARRAY[(v.date - DATE '2000-01-01')::float8, v.value]))[2] AS first_value,
        max(v.date) AS last_date, (max(ARRAY[(v.date - DATE '2000-01-01')::float8, v.value]))[2] AS last_value
      FROM kpi_values v
      CROSS JOIN LATERAL (VALUES ('MONTH', date_trunc('month', v.date::timestamp)::date), ('WEEK', date_trunc('week', v.date::timestamp)::date)) AS b(grain, start)
      WHERE v.value IS NOT NULL
      GROUP BY v.kpi_guid, b.grain, b.start) r
    ORDER BY 1, 2, 3`,
  );
  return { stored, truth };
}

/** Rollups equal row by row; sums to 1e-9 of their size (the same values added in another order). */
function expectSameRollups(stored: Record<string, unknown>[], truth: Record<string, unknown>[]) {
  const sumless = (rows: Record<string, unknown>[]) => rows.map(({ sum: _s, ...rest }) => rest);
  expect(sumless(stored)).toEqual(sumless(truth));
  stored.forEach((row, i) => {
    const want = truth[i]!.sum as number;
    expect(Math.abs((row.sum as number) - want), `sum ${row.guid} ${row.grain} ${row.start}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
  });
}

/** Numbers equal to 1e-9 of their size (sums of sums add in another order); everything else exactly. */
function expectSameSeries(actual: Series[], expected: Series[], label: string) {
  expect(actual.map((s) => [s.guid, s.points.length])).toEqual(expected.map((s) => [s.guid, s.points.length]));
  actual.forEach((series, i) => {
    series.points.forEach((point, j) => {
      const want = expected[i]!.points[j]!;
      for (const [field, value] of Object.entries(want)) {
        const got = (point as unknown as Record<string, unknown>)[field];
        const where = `${label} ${series.name} ${want.start} ${field}`;
        if (typeof value === "number" && typeof got === "number") expect(Math.abs(got - value), where).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(value)));
        else expect(got, where).toEqual(value);
      }
    });
  });
}

const opArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("write" as const),
      items: fc.array(
        fc.record({
          kpi: fc.constantFrom("A", "B", "D"),
          day: fc.nat(SPAN_DAYS),
          value: fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null, freq: 5 }),
          target: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined, freq: 3 }),
        }),
        { minLength: 1, maxLength: 60 },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("targets" as const), kpi: fc.constantFrom("A", "B", "D"), days: fc.array(fc.nat(SPAN_DAYS), { maxLength: 10 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), kpi: fc.constantFrom("A", "B", "D"), day: fc.nat(SPAN_DAYS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteTarget" as const), kpi: fc.constantFrom("A", "B", "D"), day: fc.nat(SPAN_DAYS) }) },
);

describe.each(testDatabases)("rollups on $name", ({ open }) => {
  const suite = withPropertyScorecard(open, "rollups@example.com", {
    name: "Rollups",
    kpis: [
      {
        name: "C",
        type: "CONTAINER",
        children: [
          { name: "A", weight: 2, target: 50 },
          { name: "B", target: 10, optimization: "MINIMIZE" },
          { name: "D", target: 0 },
        ],
      },
      { name: "F", formula: "0" },
    ],
  });
  beforeAll(async () => {
    await suite.database.db
      .update(kpiTable)
      .set({ formula: `[${suite.guid.A}] - [${suite.guid.B}] / 2` })
      .where(eq(kpiTable.guid, suite.guid.F!));
  });

  async function run(
    op:
      | { kind: "write"; items: { kpi: string; day: number; value: number | null; target?: number }[] }
      | { kind: "targets"; kpi: string; days: number[] }
      | { kind: "delete" | "deleteTarget"; kpi: string; day: number },
  ) {
    if (op.kind === "write" || op.kind === "targets") {
      const items =
        op.kind === "write"
          ? op.items.map(({ kpi, day, value, target }) => ({ guid: suite.guid[kpi]!, date: dayOf(day), value, ...(target === undefined ? {} : { target }) }))
          : op.days.map((day, i) => ({ guid: suite.guid[op.kpi]!, date: dayOf(day), target: 100 + i }));
      if (items.length === 0) return;
      const response = await suite.api.call(`/api/document/${suite.doc}/kpi/batch/set-values`, jsonInit("POST", { items }, suite.auth));
      expect(response.status).toBe(200);
      return;
    }
    const path = `/api/document/${suite.doc}/kpi/indicator/${suite.guid[op.kpi]}/${op.kind === "deleteTarget" ? "target" : "values"}/${dayOf(op.day)}`;
    const response = await suite.api.call(path, { method: "DELETE", headers: suite.auth });
    expect(response.status).toBe(204);
  }

  it("serves every grouped read from rollups exactly as from the raw values, through random writes and deletes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...GROUPINGS),
        fc.constantFrom(...GROUPINGS),
        fc.boolean(),
        fc.boolean(),
        async (ops, groupingA, groupingD, inheritA, inheritD) => {
          await suite.database.db.delete(kpiValues);
          await suite.database.db.update(kpiTable).set({ grouping: groupingA, inheritance: inheritA }).where(eq(kpiTable.guid, suite.guid.A!));
          await suite.database.db.update(kpiTable).set({ grouping: groupingD, inheritance: inheritD }).where(eq(kpiTable.guid, suite.guid.D!));
          for (const op of ops) await run(op);

          const { stored, truth } = await rollupsAndTruth(suite.database.db);
          expectSameRollups(stored, truth);

          const defs = await suite.database.db.select().from(kpiTable).where(eq(kpiTable.scorecardId, suite.doc));
          const deps = { db: suite.database.db, now: suite.api.clock.now, config: {} as never };
          for (const period of PERIODS) {
            const response = await suite.api.call(`/api/document/${suite.doc}/kpi/indicators/grouped-value/${period}/${FROM}/${TO}`, { headers: suite.auth });
            expect(response.status).toBe(200);
            const served = ((await response.json()) as { items: (Series & { notes?: unknown })[] }).items.map(({ notes: _n, ...s }) => s);
            const wanted = served.map((s) => s.guid);
            const reference = await seriesFor(deps, { defs, wanted, spans: periodsBetween(FROM, TO, period)!, period }, rawBuckets);
            expectSameSeries(served, reference, period);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it("recomputes a touched week or month whole when it straddles a month's end or starts before the first touched day", async () => {
    // A write reads each KPI's values from its first touched period's start to its last's end:
    // a one-day write must still see the rest of its week in the next month (Mon 2024-01-29:
    // the week ends on Sun 2024-02-04) and in the previous one (Fri 2024-03-01: the week began
    // on Mon 2024-02-26).
    await suite.database.db.delete(kpiValues);
    await run({ kind: "write", items: Array.from({ length: 101 }, (_, day) => ({ kpi: "A", day, value: day + 0.5 })) });
    expect([dayOf(35), dayOf(67)]).toEqual(["2024-01-29", "2024-03-01"]);
    for (const day of [35, 67]) {
      await run({ kind: "write", items: [{ kpi: "A", day, value: 1000 + day }] });
      const { stored, truth } = await rollupsAndTruth(suite.database.db);
      expectSameRollups(stored, truth);
    }
  });

  it("averages a period whose values are too small for PostgreSQL's division (a subnormal mean)", async () => {
    // 5e-324 / 3 rounds to 0: PostgreSQL's float division calls that an underflow and failed the read.
    await suite.database.db.delete(kpiValues);
    await suite.database.db.update(kpiTable).set({ grouping: "AVERAGE" }).where(eq(kpiTable.guid, suite.guid.A!));
    await run({ kind: "write", items: [0, 1, 2].map((day) => ({ kpi: "A", day, value: day === 0 ? 5e-324 : 0 })) });
    for (const period of PERIODS) {
      const response = await suite.api.call(`/api/document/${suite.doc}/kpi/indicator/${suite.guid.A}/grouped-value/${period}/${FROM}/${dayOf(2)}`, {
        headers: suite.auth,
      });
      expect(response.status, period).toBe(200);
      const { item } = (await response.json()) as { item: Series };
      const entered = item.points.filter((p) => p.source === "ENTERED").map((p) => p.value);
      expect(entered.length, period).toBeGreaterThan(0);
      for (const value of entered) expect(value, period).toBeLessThan(1e-300);
    }
  });

  it("builds the rollups of values stored before the migration", async () => {
    // The migration's own backfill, run on values whose rollups are gone, rebuilds exactly what
    // the triggers kept.
    await suite.database.db.delete(kpiValues);
    await run({ kind: "write", items: Array.from({ length: 200 }, (_, i) => ({ kpi: ["A", "B", "D"][i % 3]!, day: (i * 7) % SPAN_DAYS, value: i - 50 })) });
    const maintained = await rollupsAndTruth(suite.database.db);
    await suite.database.db.execute(sql`DELETE FROM kpi_rollups`);
    const migration = (await import("node:fs")).readFileSync("lib/db/migrations/0009_rollups.sql", "utf8");
    const backfill = migration.slice(migration.lastIndexOf("INSERT INTO kpi_rollups"));
    await suite.database.db.execute(sql.raw(backfill));
    expectSameRollups((await rollupsAndTruth(suite.database.db)).stored, maintained.stored);
    expectSameRollups(maintained.stored, maintained.truth);
    expect(maintained.stored.length).toBeGreaterThan(50);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("rollups under concurrent writers on PostgreSQL", () => {
  it("agree with the values after 8 connections write and delete the same KPIs' months at once", async () => {
    await withPostgresPools(8, async (databases) => {
      const api = createTestApi(databases[0]!.db, undefined, { rateLimitPerHour: 1_000_000, tokenTtlHours: 10_000 });
      const owner = await accountWithScorecards(api, databases[0]!.db, "race@example.com", [{ name: "Race", kpis: [{ name: "X" }, { name: "Y" }] }]);
      const items = (await (await api.call(`/api/document/${owner.scorecardIds[0]}/kpi/list`, { headers: owner.auth })).json()).items as {
        name: string;
        guid: string;
      }[];
      const guids = items.filter((k) => k.name === "X" || k.name === "Y").map((k) => k.guid);
      const apis = databases.map((d) => createTestApi(d.db, undefined, { rateLimitPerHour: 1_000_000, tokenTtlHours: 10_000 }));
      // Every writer touches both KPIs and the same 60 days (two months, nine weeks), in its own order.
      await Promise.all(
        apis.map(async (writer, w) => {
          for (let round = 0; round < 6; round++) {
            const batch = Array.from({ length: 40 }, (_, i) => ({
              guid: guids[(i + w) % 2]!,
              date: dayOf((i * 3 + w + round) % 60),
              value: w * 100 + round + i / 10,
            }));
            const response = await writer.call(
              `/api/document/${owner.scorecardIds[0]}/kpi/batch/set-values`,
              jsonInit("POST", { items: round % 2 ? batch.reverse() : batch }, owner.auth),
            );
            expect(response.status).toBe(200);
            const gone = await writer.call(`/api/document/${owner.scorecardIds[0]}/kpi/indicator/${guids[w % 2]}/values/${dayOf((w * 7 + round) % 60)}`, {
              method: "DELETE",
              headers: owner.auth,
            });
            expect(gone.status).toBe(204);
          }
        }),
      );
      const { stored, truth } = await rollupsAndTruth(databases[0]!.db);
      expect(truth.length).toBeGreaterThan(0);
      expectSameRollups(stored, truth);
    });
  });
});
