import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { dashboardReads } from "@/lib/db/schema";
import { testDatabases } from "@/lib/testing/databases";
import { cachedKeys, cachedRead, markStale, pruneReads, startReadPruner } from "./read-cache";

describe.each(testDatabases)("the bounds of the dashboard's read cache, on $name", ({ open }) => {
  let database: Database;
  const now = new Date("2026-11-26T12:00:00Z");
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  const ids = async () => (await database.db.select({ id: dashboardReads.id }).from(dashboardReads)).map((r) => r.id).sort();

  beforeAll(async () => {
    database = await open();
  });
  beforeEach(async () => {
    await database.db.delete(dashboardReads);
  });
  afterAll(() => database.close());

  it("drops reads not refreshed for a day, then the oldest past the size bound", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      scope: "account:1",
      id: `r${String(i).padStart(2, "0")}`,
      value: "x".repeat(1000),
      fetchedAt: minutesAgo(i),
    }));
    rows.push({ scope: "account:1/user:2/v", id: "old", value: "{}", fetchedAt: minutesAgo(24 * 60 + 1) });
    await database.db.insert(dashboardReads).values(rows);
    await pruneReads(database.db, now, 10_000);
    // The ten newest answers fill the 10,000 bytes; the day-old one went by age.
    expect(await ids()).toEqual(Array.from({ length: 10 }, (_, i) => `r0${i}`));
    await pruneReads(database.db, now, 10_000);
    expect(await ids()).toHaveLength(10);
  });

  it("is pruned by the pruner on its own schedule, without being asked", async () => {
    await database.db.insert(dashboardReads).values({ scope: "account:1", id: "stale", value: "{}", fetchedAt: new Date(Date.now() - 2 * 86_400_000) });
    await database.db.insert(dashboardReads).values({ scope: "account:1", id: "fresh", value: "{}", fetchedAt: new Date() });
    const stop = startReadPruner(database.db, 50);
    try {
      await expect.poll(ids, { timeout: 5000 }).toEqual(["fresh"]);
    } finally {
      stop();
    }
    expect((await database.db.select({ n: count() }).from(dashboardReads).where(sql`${dashboardReads.id} = 'fresh'`))[0]!.n).toBe(1);
  });

  it("revalidates with the kept validator, and a write that lands during a revalidation leaves the read stale", async () => {
    const scope = "account:9";
    const never = () => false;
    const sent: (string | null)[] = [];
    const read = (answer: (etag: string | null) => Promise<{ value: number; etag: string } | { notModified: true }>) =>
      cachedRead<number>(
        database.db,
        scope,
        ["k"],
        (etag) => (sent.push(etag), answer(etag)),
        never,
        () => now,
      );

    expect((await read(async () => ({ value: 1, etag: '"a"' }))).value).toBe(1);
    expect((await read(async () => ({ value: 99, etag: '"z"' }))).value, "fresh: served as kept").toBe(1);
    await markStale(database.db, scope, [["k"]]);
    const confirmed = await read(async () => {
      await markStale(database.db, scope, [["k"]]);
      return { notModified: true };
    });
    expect(confirmed.value).toBe(1);
    expect(await cachedKeys(database.db, scope)).toEqual([{ key: ["k"], stale: true }]);
    expect((await read(async () => ({ value: 2, etag: '"b"' }))).value).toBe(2);
    expect(await cachedKeys(database.db, scope)).toEqual([{ key: ["k"], stale: false }]);
    expect(sent).toEqual([null, '"a"', '"a"']);
  });
});
