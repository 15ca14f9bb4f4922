import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Period } from "@/lib/contract/kpis";
import type { Database } from "@/lib/db/client";
import { kpiValues } from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, jsonInit, type TestApi } from "@/lib/testing/api";
import { adminCaller } from "@/lib/testing/caller";
import { testDatabases, withPostgresPools } from "@/lib/testing/databases";
import type { ScorecardFile } from "@/lib/contract/scorecard-file";
import { groupedValues } from "./domain/grouped";
import { notesOf } from "./domain/notes";

// Grouped answers keep their series per process (grouped-cache.ts) while the scorecard's data
// version stands. These tests hold every answer, kept or not, to the same read computed anew
// from the database, byte for byte, through every kind of change: writes and deletes through the
// API, KPI edits (settings, moves, formulas, KPIs added and deleted), notes, a write straight to
// the table, the next day, and other processes. Each series is kept apart, so a change to one KPI
// must renew exactly the series that read it: its own, its containers' and the formulas using it.

const BASE = "2026-01-19";
const END = "2026-04-30";
const dayOf = (n: number) => new Date(Date.parse(`${BASE}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const CARD: ScorecardFile = {
  name: "Cached",
  kpis: [
    {
      name: "C",
      type: "CONTAINER",
      children: [
        { name: "A", grouping: "SUM", updateInterval: "DAY", target: 50, baseline: 10 },
        { name: "B", grouping: "LAST", inheritance: true, optimization: "MINIMIZE", target: 10 },
        { name: "D", grouping: "AVERAGE", updateInterval: "WEEK", target: 5 },
      ],
    },
    { name: "F", formula: "[A] - [B] / 2" },
  ],
};

async function cachedScorecard(db: Database["db"], email: string) {
  const api = createTestApi(db, undefined, { rateLimitPerHour: 1_000_000, tokenTtlHours: 10_000 });
  const owner = await accountWithScorecards(api, db, email, [CARD]);
  const doc = owner.scorecardIds[0]!;
  const items = (await (await api.call(`/api/document/${doc}/kpi/list`, { headers: owner.auth })).json()).items as {
    name: string;
    guid: string;
    parentGuid: string | null;
  }[];
  const guid = Object.fromEntries(items.map((k) => [k.parentGuid === null ? "root" : k.name, k.guid])) as Record<string, string>;
  return { api, auth: owner.auth, doc, guid, accountId: owner.accountId };
}
type Card = Awaited<ReturnType<typeof cachedScorecard>>;

/** The reads the tests repeat, so that later ones are answered from what earlier ones kept. */
const reads = (c: Card): { path: string; period: Period; guids?: string[]; one?: boolean; allTime?: boolean }[] => [
  { path: `/api/document/${c.doc}/kpi/indicators/grouped-value/MONTH/${BASE}/${END}`, period: "MONTH" },
  {
    path: `/api/document/${c.doc}/kpi/indicators/grouped-value/WEEK/${BASE}/${END}?guids=${c.guid.F},${c.guid.B}`,
    period: "WEEK",
    guids: [c.guid.F!, c.guid.B!],
  },
  { path: `/api/document/${c.doc}/kpi/indicator/${c.guid.A}/grouped-value/DAY/${dayOf(30)}/${dayOf(75)}`, period: "DAY", guids: [c.guid.A!], one: true },
  { path: `/api/document/${c.doc}/kpi/indicatos/grouped-value/MONTH`, period: "MONTH", allTime: true },
];

/** Every read's answer through `api`, each beside the same read and its notes computed from the database without the cache. */
async function expectFreshAnswers(api: TestApi, db: Database["db"], c: Card, label: string) {
  const ctx = { deps: { db, now: api.clock.now, config: {} as never }, caller: adminCaller(c.accountId) };
  for (const read of reads(c)) {
    const response = await api.call(read.path, { headers: c.auth });
    expect(response.status, `${label} ${read.path}`).toBe(200);
    const served = await response.text();
    const { start, end } = JSON.parse(served) as { start: string; end: string };
    const fresh = await groupedValues(ctx, { docId: c.doc, period: read.period, startDate: start, endDate: end, guids: read.guids });
    const notes = await notesOf(db, read.guids ?? fresh.items.map((s) => s.guid), start, end);
    const items = fresh.items.map((s) => ({ ...s, notes: notes.filter((n) => n.kpiGuid === s.guid) }));
    const expected = read.one ? { start: fresh.start, end: fresh.end, period: fresh.period, item: items[0] } : { ...fresh, items };
    expect(served, `${label} ${read.path}`).toBe(JSON.stringify(expected));
  }
}

type Op =
  | { kind: "write"; items: { kpi: "A" | "B" | "D"; day: number; value: number | null; target?: number }[] }
  | { kind: "delete"; kpi: "A" | "B" | "D"; day: number }
  | { kind: "edit"; kpi: "A" | "B" | "D" | "F"; change: Record<string, unknown> }
  | { kind: "move"; kpi: "A" | "D"; to: "root" | "C" }
  | { kind: "formula"; refs: ("A" | "B" | "D")[] }
  | { kind: "addChild"; day: number; value: number }
  | { kind: "removeChild" }
  | { kind: "note"; kpi: "A" | "B"; day: number; text: string }
  | { kind: "deleteNote" }
  | { kind: "sql"; kpi: "A" | "B" | "D"; add: number }
  | { kind: "nextDay"; days: number };

const kpiArb = fc.constantFrom("A" as const, "B" as const, "D" as const);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("write" as const),
    items: fc.array(
      fc.record({
        kpi: kpiArb,
        day: fc.nat(100),
        value: fc.option(fc.integer({ min: -500, max: 500 }), { nil: null, freq: 6 }),
        target: fc.option(fc.integer({ min: 1, max: 99 }), { nil: undefined, freq: 3 }),
      }),
      { minLength: 1, maxLength: 12 },
    ),
  }),
  fc.record({ kind: fc.constant("delete" as const), kpi: kpiArb, day: fc.nat(100) }),
  fc.record({
    kind: fc.constant("edit" as const),
    kpi: fc.constantFrom("A" as const, "B" as const, "D" as const, "F" as const),
    change: fc.oneof(
      fc.record({ target: fc.integer({ min: 1, max: 99 }) }),
      fc.record({ grouping: fc.constantFrom("AVERAGE", "SUM", "FIRST", "LAST", "MIN", "MAX") }),
      fc.record({ inheritance: fc.boolean() }),
      fc.record({ name: fc.constantFrom("Renamed", "Again") }),
      fc.record({ weight: fc.integer({ min: 0, max: 5 }) }),
    ),
  }),
  fc.record({ kind: fc.constant("move" as const), kpi: fc.constantFrom("A" as const, "D" as const), to: fc.constantFrom("root" as const, "C" as const) }),
  fc.record({ kind: fc.constant("formula" as const), refs: fc.array(kpiArb, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant("addChild" as const), day: fc.nat(100), value: fc.integer({ min: -50, max: 50 }) }),
  fc.constant({ kind: "removeChild" as const }),
  fc.record({
    kind: fc.constant("note" as const),
    kpi: fc.constantFrom("A" as const, "B" as const),
    day: fc.nat(100),
    text: fc.constantFrom("Why it fell", "A good week"),
  }),
  fc.constant({ kind: "deleteNote" as const }),
  fc.record({ kind: fc.constant("sql" as const), kpi: kpiArb, add: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant("nextDay" as const), days: fc.integer({ min: 1, max: 20 }) }),
);

async function run(api: TestApi, db: Database["db"], c: Card, op: Op, notes: number[]) {
  const expectStatus = async (response: Response, status: number) => expect(response.status, `${op.kind}: ${await response.clone().text()}`).toBe(status);
  switch (op.kind) {
    case "write": {
      const items = op.items.map(({ kpi, day, value, target }) => ({
        guid: c.guid[kpi]!,
        date: dayOf(day),
        value,
        ...(target === undefined ? {} : { target }),
      }));
      return expectStatus(await api.call(`/api/document/${c.doc}/kpi/batch/set-values`, jsonInit("POST", { items }, c.auth)), 200);
    }
    case "delete":
      return expectStatus(
        await api.call(`/api/document/${c.doc}/kpi/indicator/${c.guid[op.kpi]}/values/${dayOf(op.day)}`, { method: "DELETE", headers: c.auth }),
        204,
      );
    case "edit":
      return expectStatus(await api.call(`/api/document/${c.doc}/kpi/${c.guid[op.kpi]}`, jsonInit("PATCH", op.change, c.auth)), 200);
    case "move":
      return expectStatus(await api.call(`/api/document/${c.doc}/kpi/${c.guid[op.kpi]}`, jsonInit("PATCH", { parentGuid: c.guid[op.to] }, c.auth)), 200);
    case "formula": {
      const formula = op.refs.map((kpi) => `[${c.guid[kpi]}]`).join(" + ");
      return expectStatus(await api.call(`/api/document/${c.doc}/kpi/${c.guid.F}`, jsonInit("PATCH", { formula }, c.auth)), 200);
    }
    case "addChild": {
      // A KPI joins container C with a value of its own: C's series now reads it.
      if (c.guid.E) return;
      const response = await api.call(
        `/api/document/${c.doc}/kpi`,
        jsonInit("POST", { name: "E", parentGuid: c.guid.C, updateInterval: "DAY", target: 5 }, c.auth),
      );
      await expectStatus(response, 201);
      c.guid.E = ((await response.json()) as { guid: string }).guid;
      const items = [{ guid: c.guid.E, date: dayOf(op.day), value: op.value }];
      return expectStatus(await api.call(`/api/document/${c.doc}/kpi/batch/set-values`, jsonInit("POST", { items }, c.auth)), 200);
    }
    case "removeChild": {
      if (!c.guid.E) return;
      await expectStatus(await api.call(`/api/document/${c.doc}/kpi/${c.guid.E}`, { method: "DELETE", headers: c.auth }), 204);
      delete c.guid.E;
      return;
    }
    case "note": {
      const response = await api.call(`/api/document/${c.doc}/kpi/${c.guid[op.kpi]}/notes`, jsonInit("POST", { date: dayOf(op.day), text: op.text }, c.auth));
      await expectStatus(response, 201);
      notes.push(((await response.json()) as { id: number }).id);
      return;
    }
    case "deleteNote": {
      const id = notes.pop();
      if (id !== undefined) await expectStatus(await api.call(`/api/document/${c.doc}/notes/${id}`, { method: "DELETE", headers: c.auth }), 204);
      return;
    }
    case "sql": // a write no route made (a script on the database, a restore): the triggers still see it
      await db
        .update(kpiValues)
        .set({ value: sql`${kpiValues.value} + ${op.add}` })
        .where(eq(kpiValues.kpiGuid, c.guid[op.kpi]!));
      return;
    case "nextDay":
      api.clock.advance(op.days * 86_400_000);
  }
}

describe.each(testDatabases)("grouped answers kept between reads on $name", ({ open }) => {
  it("equal the read computed anew after any mix of writes, deletes, KPI edits and moves, notes, direct SQL and days passing", async () => {
    const database = await open();
    try {
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), async (ops) => {
          const c = await cachedScorecard(database.db, `cache${n++}@example.com`);
          c.api.clock.current = new Date(`${dayOf(40)}T09:00:00.000Z`);
          const notes: number[] = [];
          await expectFreshAnswers(c.api, database.db, c, "first");
          for (const [i, op] of ops.entries()) {
            await run(c.api, database.db, c, op, notes);
            await expectFreshAnswers(c.api, database.db, c, `after op ${i} ${JSON.stringify(op)}`);
          }
        }),
        { numRuns: 15 },
      );
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("grouped answers kept by several processes on one PostgreSQL database", () => {
  it("reflect every write another process made before the read began, with writers and readers racing", async () => {
    // Each connection pool with its own API stands for one process: its own cache, the same database.
    await withPostgresPools(6, async (databases) => {
      const c = await cachedScorecard(databases[0]!.db, "processes@example.com");
      const apis = databases.map((d) => createTestApi(d.db, c.api.clock, { rateLimitPerHour: 1_000_000, tokenTtlHours: 10_000 }));
      const [writers, readers] = [apis.slice(0, 3), apis.slice(3)];
      const dayRead = (w: number) => `/api/document/${c.doc}/kpi/indicator/${c.guid.A}/grouped-value/DAY/${dayOf(w * 30)}/${dayOf(w * 30 + 29)}`;
      let racing = true;
      const background = readers.map(async (reader) => {
        for (let i = 0; racing; i++) expect((await reader.call(dayRead(i % 3), { headers: c.auth })).status).toBe(200);
      });
      await Promise.all(
        writers.map(async (writer, w) => {
          // Each writer owns its 30 days of A, so the last value it wrote there is the one stored.
          for (let round = 0; round < 25; round++) {
            const day = w * 30 + ((round * 7) % 30);
            const value = w * 1000 + round;
            const response = await writer.call(
              `/api/document/${c.doc}/kpi/batch/set-values`,
              jsonInit("POST", { items: [{ guid: c.guid.A, date: dayOf(day), value }] }, c.auth),
            );
            expect(response.status).toBe(200);
            const reader = readers[round % readers.length]!;
            const answer = (await (await reader.call(dayRead(w), { headers: c.auth })).json()) as {
              item: { points: { start: string; value: number | null }[] };
            };
            expect(answer.item.points.find((p) => p.start === dayOf(day))?.value, `writer ${w} round ${round}`).toBe(value);
          }
        }),
      );
      racing = false;
      await Promise.all(background);
      for (const [i, reader] of apis.entries()) await expectFreshAnswers(reader, databases[i]!.db, c, `process ${i}`);
    });
  });
});
