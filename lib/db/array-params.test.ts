import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arrayValue } from "./array-params";
import type { Database, Db } from "./client";
import { queryRows } from "./query";
import { testDatabases } from "@/lib/testing/databases";

// arrayValue makes binary arrays for PostgreSQL and plain arrays for PGlite: either way the server
// must read back exactly the values sent, in order, nulls included.
const arrayParam = <T extends Parameters<typeof arrayValue>[1]>(db: Db, type: T, values: Parameters<typeof arrayValue<T>>[2]) =>
  sql`${sql.param(arrayValue(db, type, values))}::${sql.raw(type)}[]`;

const dateArb = fc
  .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const float8Arb = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 1e300, -1e300, 5e-324, 0.1 + 0.2), fc.constant(null));

describe.each(testDatabases)("array parameters on $name", ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it("reads back every uuid, date, float8 and int2 as sent, in order, nulls and empty arrays included", async () => {
    await fc.assert(
      fc.asyncProperty(
        // Runs of one GUID, as sorted batches send them (a run is encoded once, then copied).
        fc.array(fc.tuple(fc.uuid(), fc.integer({ min: 1, max: 4 })), { maxLength: 12 }).map((runs) => runs.flatMap(([u, n]) => Array<string>(n).fill(u))),
        fc.array(dateArb, { maxLength: 40 }),
        fc
          .array(fc.tuple(float8Arb, fc.integer({ min: 1, max: 3 })), { maxLength: 15 })
          .map((runs) => runs.flatMap(([f, n]) => Array<number | null>(n).fill(f))),
        fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 40 }),
        async (uuids, dates, floats, smallints) => {
          const db = database.db;
          const [row] = await queryRows<{ uuids: string[] | null; dates: string[] | null; floats: string[] | null; smallints: number[] | null }>(
            db,
            sql`SELECT
              (SELECT array_agg(u::text ORDER BY n) FROM unnest(${arrayParam(db, "uuid", uuids)}) WITH ORDINALITY AS t(u, n)) AS uuids,
              (SELECT array_agg(to_char(d, 'YYYY-MM-DD') ORDER BY n) FROM unnest(${arrayParam(db, "date", dates)}) WITH ORDINALITY AS t(d, n)) AS dates,
              (SELECT array_agg(f::text ORDER BY n) FROM unnest(${arrayParam(db, "float8", floats)}) WITH ORDINALITY AS t(f, n)) AS floats,
              (SELECT array_agg(s ORDER BY n) FROM unnest(${arrayParam(db, "int2", smallints)}) WITH ORDINALITY AS t(s, n)) AS smallints`,
          );
          expect(row!.uuids ?? []).toEqual(uuids.map((u) => u.toLowerCase()));
          expect(row!.dates ?? []).toEqual(dates);
          // float8 as text is its shortest exact form: it parses back to the very same double
          // (-0 is stored as 0 on both databases, as text has always sent it).
          expect((row!.floats ?? []).map((f) => (f === null ? null : Number(f)))).toEqual(floats.map((f) => (f === 0 ? 0 : f)));
          expect((row!.smallints ?? []).map(Number)).toEqual(smallints);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("refuses a malformed uuid or date instead of sending something else", async () => {
    // PostgreSQL gets binary arrays: the encoder refuses what is not a UUID or a calendar date.
    // PGlite gets the text itself: its server reads it as PostgreSQL reads any text parameter.
    const cases = [
      { type: "uuid", value: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8z", binary: /Not a UUID/, text: /invalid input syntax for type uuid/ },
      { type: "date", value: "2024-02-30", binary: /Not a date/, text: /date\/time field value out of range/ },
      { type: "date", value: "2024-1-31", binary: /Not a date/, text: "2024-01-31" },
    ] as const;
    for (const { type, value, binary, text } of cases) {
      const send = async () => queryRows<{ sent: string }>(database.db, sql`SELECT (${arrayParam(database.db, type, [value])})[1]::text AS sent`);
      const outcome = await send().then(
        ([row]) => row!.sent,
        (error: Error) => error,
      );
      const expected = database.kind === "postgres" ? binary : text;
      if (typeof expected === "string") expect(outcome, value).toBe(expected);
      else {
        expect(outcome, value).toBeInstanceOf(Error);
        expect((outcome as Error).message + String((outcome as Error).cause ?? ""), value).toMatch(expected);
      }
    }
  });
});
