import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./client";
import { preparedRows, preparedStatement, queryRows } from "./query";
import { testDatabases } from "@/lib/testing/databases";

// A prepared statement is planned once per connection and then run with new parameters: every
// run must answer for its own parameters, past the point where PostgreSQL switches to a generic
// plan (the sixth run), and one text must stay one statement however often it runs.

const numbersBelow = (limit: number, list: number[]) => sql`SELECT n::int AS n FROM unnest(${sql.param(list)}::int[]) AS t(n) WHERE n < ${limit} ORDER BY n`;
// The same query built once, its inputs filled per call.
const NUMBERS_BELOW = preparedStatement<{ limit: number; list: number[] }>(
  (p) => sql`SELECT n::int AS n FROM unnest(${p.list}::int[]) AS t(n) WHERE n < ${p.limit} ORDER BY n`,
);

describe.each(testDatabases)("prepared queries on $name", ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it("answer each call for its own parameters, as the same query unprepared does", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -50, max: 50 }), fc.array(fc.integer({ min: -100, max: 100 }), { maxLength: 30 }), async (limit, list) => {
        const prepared = await preparedRows<{ n: number }>(database.db, numbersBelow(limit, list));
        expect(prepared).toEqual(await queryRows(database.db, numbersBelow(limit, list)));
        expect(prepared.map((r) => r.n)).toEqual(list.filter((n) => n < limit).sort((a, b) => a - b));
        expect(await NUMBERS_BELOW(database.db, { limit, list })).toEqual(prepared);
      }),
      { numRuns: 40 },
    );
  });
});

const postgres = testDatabases.find((d) => d.name === "postgres");

describe.runIf(postgres)("prepared queries on PostgreSQL's connections", () => {
  let database: Database;
  beforeAll(async () => {
    database = await postgres!.open();
  });
  afterAll(() => database.close());

  it("keep one prepared statement per text on a connection, a new one for another text", async () => {
    const statements = await database.db.transaction(async (tx) => {
      for (let i = 0; i < 12; i++) await preparedRows(tx, numbersBelow(i, [1, 5, 9]));
      await preparedRows(tx, sql`SELECT ${1}::int + 1 AS two`);
      return queryRows<{ statement: string }>(
        tx,
        sql`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%unnest($1::int[])%' OR statement LIKE '%::int + 1 AS two%'`,
      );
    });
    expect(statements).toHaveLength(2);
  });
});
