import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VALUE_FIELDS, type ValueField } from "@/lib/contract/values";
import { kpiValues } from "@/lib/db/schema";
import { jsonInit } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { withPropertyScorecard } from "@/lib/testing/property-suite";

// A batch answers with each record as stored. The answer is built from what the items sent and
// what the database kept of the fields they did not name; these tests hold it to a model of the
// records and to the table itself, through random batches naming random fields.

type Fields = Partial<Record<ValueField, number | null>>;
type Item = Fields & { kpi: "A" | "B"; day: number; upper: boolean };

const DATES = ["2024-01-31", "2024-02-29", "2024-03-01", "2024-12-31"];
const figure = fc.oneof(fc.constant(null), fc.integer({ min: -1000, max: 1000 }), fc.double({ min: -1e15, max: 1e15, noNaN: true, noDefaultInfinity: true }));
const itemArb: fc.Arbitrary<Item> = fc
  .record(
    {
      kpi: fc.constantFrom("A" as const, "B" as const),
      day: fc.nat(DATES.length - 1),
      upper: fc.boolean(),
      ...Object.fromEntries(VALUE_FIELDS.map((f) => [f, figure])),
    },
    { requiredKeys: ["kpi", "day", "upper"] },
  )
  .filter((item) => VALUE_FIELDS.some((f) => f in item)) as fc.Arbitrary<Item>;

describe.each(testDatabases)("batch write answers on $name", ({ open }) => {
  const suite = withPropertyScorecard(open, "answers@example.com", {
    name: "Answers",
    kpis: [{ name: "A" }, { name: "B" }],
  });

  it("answers each distinct record as stored, in the order first named, whatever fields the items name", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(itemArb, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }), async (batches) => {
        await suite.database.db.delete(kpiValues);
        const model = new Map<string, Record<ValueField, number | null>>();
        for (const batch of batches) {
          const items = batch.map(({ kpi, day, upper, ...fields }) => ({
            guid: upper ? suite.guid[kpi]!.toUpperCase() : suite.guid[kpi]!,
            date: DATES[day]!,
            ...fields,
          }));
          const response = await suite.api.call(`/api/document/${suite.doc}/kpi/batch/set-values`, jsonInit("POST", { items }, suite.auth));
          expect(response.status).toBe(200);
          const answer = (await response.json()) as { written: number; values: ({ guid: string; date: string } & Record<ValueField, number | null>)[] };

          const order: string[] = [];
          for (const { kpi, day, upper: _u, ...fields } of batch) {
            const key = `${suite.guid[kpi]}|${DATES[day]}`;
            if (!order.includes(key)) order.push(key);
            const record = model.get(key) ?? { value: null, target: null, baseline: null, min: null, max: null, score: null };
            // As JSON carries them (-0 arrives as 0).
            model.set(key, { ...record, ...(JSON.parse(JSON.stringify(fields)) as Fields) });
          }
          const expected = order.map((key) => {
            const [g, date] = key.split("|") as [string, string];
            return { guid: g, date, ...model.get(key)! };
          });
          expect(answer).toEqual({ written: order.length, values: expected });
        }
        const rows = await suite.database.db.select().from(kpiValues);
        const table = Object.fromEntries(rows.map((r) => [`${r.kpiGuid}|${r.date}`, Object.fromEntries(VALUE_FIELDS.map((f) => [f, r[f]]))]));
        expect(table).toEqual(Object.fromEntries(model));
      }),
      { numRuns: 40 },
    );
  });
});
