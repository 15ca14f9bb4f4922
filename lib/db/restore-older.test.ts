import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "@/lib/db/client";
import { createTestApi, jsonInit } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { restore } from "./backup";
import { queryRows } from "./query";

/**
 * A whole installation's backup made by the version whose last migration was 0030 (before run
 * notices): one account, older@example.com, with a scorecard "Made by 0030" and three values of Sales.
 */
const OLDER_BACKUP = path.join(import.meta.dirname, "fixtures/backup-0030.gauge.gz");

describe.each(testDatabases)("a backup made by an older version, on $name", ({ open }) => {
  it("restores into this version: loaded into its own schema, then moved on by the migrations since, as an upgrade would", async () => {
    const database = await open();
    try {
      const counts = await restore(database.db, OLDER_BACKUP);
      expect(counts).toMatchObject({ accounts: 1, users: 1, scorecards: 1, kpi_values: 3 });
      // Every migration of this version is recorded, the last one included.
      const recorded = await queryRows<{ hash: string }>(database.db, sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id`);
      expect(recorded.map((r) => r.hash)).toEqual(readMigrationFiles({ migrationsFolder }).map((m) => m.hash));
      const [notices] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'connector_runs' AND column_name = 'notices'`,
      );
      expect(notices!.n).toBe(1);

      // Its people log in with their passwords and read their figures.
      const api = createTestApi(database.db);
      const login = await (await api.call("/login", jsonInit("POST", { email: "older@example.com", contraseña: "correct horse battery" }))).json();
      const auth = { Token: login.token };
      const [card] = (await (await api.call("/api/documents/list", { headers: auth })).json()).documents;
      expect(card.name).toBe("Made by 0030");
      const sales = (await (await api.call(`/api/document/${card.id}/kpi/list`, { headers: auth })).json()).items.find(
        (k: { name: string }) => k.name === "Sales",
      );
      const grouped = await (
        await api.call(`/api/document/${card.id}/kpi/indicator/${sales.guid}/grouped-value/MONTH/2026-01-01/2026-03-31`, { headers: auth })
      ).json();
      expect(grouped.item.points.map((p: { value: number }) => p.value)).toEqual([100, 110, 120]);
    } finally {
      await database.close();
    }
  });

  it("refuses a backup of a version it does not know, and leaves the database as it was", async () => {
    const database = await open();
    try {
      const lines = gunzipSync(readFileSync(OLDER_BACKUP)).toString("utf8").split("\n");
      lines[0] = JSON.stringify({ ...JSON.parse(lines[0]!), schema: "f".repeat(64) });
      const newer = path.join(mkdtempSync(path.join(tmpdir(), "gauge-newer-")), "newer.gauge.gz");
      writeFileSync(newer, gzipSync(lines.join("\n")));
      await expect(restore(database.db, newer)).rejects.toThrow(
        "This backup was made by a newer version of Gauge: restore it with that version, or a later one",
      );
      const [tables] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM accounts`);
      expect(tables!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
