import { createHash } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/query";
import { createTestApi } from "@/lib/testing/api";
import { MIGRATIONS, migrationsUpTo, migrationTargets, type Migrator } from "@/lib/testing/migrations";

// Drizzle's migrator runs only the migrations dated after the last one a database ran. 0013 is
// dated before 0012, so a database migrated to 0012 before 0013 was written never runs it; 0014
// (per-KPI data versions) must be dated after both and hold for databases with or without 0013.

const CONTAINER = "11111111-1111-4111-8111-111111111111";
const SALES = "22222222-2222-4222-8222-222222222222";
const TOKEN = "gst_upgraded-session-token";

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = async () => (JSON.parse(await readFile(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] }).entries;

describe("the migrations' journal", () => {
  it("dates every migration from 0014 on after every migration before it, so no database skips one", async () => {
    const entries = await journal();
    for (const entry of entries.filter((e) => e.idx >= 14)) {
      const latestBefore = Math.max(...entries.filter((e) => e.idx < entry.idx).map((e) => e.when));
      expect(entry.when, entry.tag).toBeGreaterThan(latestBefore);
    }
  });
});

describe.each(migrationTargets)("upgrading to per-KPI data versions on $name", ({ open }) => {
  let target: Migrator | undefined;
  let folder: string | undefined;
  afterEach(async () => {
    await target?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  const versions = async () =>
    Object.fromEntries(
      (await queryRows<{ guid: string; version: string }>(target!.db, sql`SELECT guid::text AS guid, data_version::text AS version FROM kpis`)).map((r) => [
        r.guid,
        BigInt(r.version),
      ]),
    );

  // 12: migrated before 0013 existed (its scorecard version never made); 13: made since.
  it.each([12, 13])("from a database last migrated at %i: versions, triggers and grouped reads that follow every change", async (last) => {
    target = await open();
    folder = await migrationsUpTo(last);
    await target.migrate(folder);
    const db = target.db;
    const tokenHash = createHash("sha256").update(TOKEN).digest("hex");
    await db.execute(sql`INSERT INTO accounts (id) VALUES (1)`);
    await db.execute(sql`INSERT INTO users (id, account_id, email, password_hash, role) VALUES (1, 1, 'old@example.com', 'x', 'admin')`);
    await db.execute(
      sql`INSERT INTO access_tokens (account_id, user_id, kind, token_hash, expires_at) VALUES (1, 1, 'session', ${tokenHash}, now() + interval '100 years')`,
    );
    await db.execute(sql`INSERT INTO scorecards (id, account_id, name, owner_id) VALUES (10, 1, 'Kept', 1)`);
    await db.execute(sql`INSERT INTO kpis (guid, scorecard_id, position, name, indicator_type, update_interval, optimization)
      VALUES (${CONTAINER}, 10, 0, 'Kept', 'CONTAINER', 'MONTH', 'MAXIMIZE'), (${SALES}, 10, 1, 'Sales', 'INDICATOR', 'MONTH', 'MAXIMIZE')`);
    await db.execute(sql`UPDATE kpis SET parent_guid = ${CONTAINER} WHERE guid = ${SALES}`);
    await db.execute(sql`INSERT INTO kpi_values (kpi_guid, date, value) VALUES (${SALES}, '2024-01-10', 42)`);

    await target.migrate(MIGRATIONS);

    const columns = await queryRows<{ table_name: string }>(db, sql`SELECT table_name FROM information_schema.columns WHERE column_name = 'data_version'`);
    expect(columns.map((r) => r.table_name)).toEqual(["kpis"]);
    const migrated = await versions();
    expect(migrated[CONTAINER]).toBeGreaterThan(0n);
    expect(migrated[SALES]).not.toBe(migrated[CONTAINER]);

    // A value written by plain SQL moves its KPI's version on, and only its KPI's.
    await db.execute(sql`INSERT INTO kpi_values (kpi_guid, date, value) VALUES (${SALES}, '2024-02-10', 7)`);
    const afterValue = await versions();
    expect(afterValue[SALES]).toBeGreaterThan(migrated[SALES]!);
    expect(afterValue[CONTAINER]).toBe(migrated[CONTAINER]);
    // Any update of a KPI's row does too, whatever it sets the version to.
    await db.execute(sql`UPDATE kpis SET name = 'Renamed', data_version = 1 WHERE guid = ${CONTAINER}`);
    expect((await versions())[CONTAINER]).toBeGreaterThan(afterValue[SALES]!);

    // The API reads the migrated scorecard, and a direct write reaches the next (kept) read.
    const api = createTestApi(db);
    api.clock.current = new Date("2024-06-01T12:00:00Z");
    const read = async () => {
      const response = await api.call(`/api/document/10/kpi/indicator/${SALES}/grouped-value/MONTH/2024-01-01/2024-03-31`, { headers: { Token: TOKEN } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { item: { points: { value: number | null }[] } }).item.points.map((p) => p.value);
    };
    expect(await read()).toEqual([42, 7, null]);
    expect(await read()).toEqual([42, 7, null]);
    await db.execute(sql`UPDATE kpi_values SET value = 8 WHERE kpi_guid = ${SALES} AND date = '2024-02-10'`);
    expect(await read()).toEqual([42, 8, null]);
  });
});
