import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Db } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { createPostgresDatabase } from "./databases";

// Upgrade tests: a database migrated with the migrations of an earlier release, then with today's.

export const MIGRATIONS = path.join(process.cwd(), "lib/db/migrations");

/** A copy of the migrations folder that stops at migration `last`. */
export async function migrationsUpTo(last: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "gauge-migrations-"));
  await cp(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

export type Migrator = { db: Db; migrate(folder: string): Promise<void>; close(): Promise<void> };

/** An empty database on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set, with Drizzle's migrator. */
export const migrationTargets: { name: string; open(): Promise<Migrator> }[] = [
  {
    name: "pglite",
    async open() {
      const client = new PGlite();
      const db = drizzlePglite(client, { schema });
      return { db: db as unknown as Db, migrate: (folder) => migratePglite(db, { migrationsFolder: folder }), close: () => client.close() };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: "postgres",
          async open(): Promise<Migrator> {
            const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
            const pool = new pg.Pool({ connectionString: created.url });
            // Dropping the database (WITH FORCE) may end a connection the pool is still closing;
            // without a listener that error would be thrown at the whole test run.
            pool.on("error", () => {});
            const db = drizzlePg(pool, { schema });
            return {
              db: db as unknown as Db,
              migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
              close: async () => {
                await pool.end();
                await created.drop();
              },
            };
          },
        },
      ]
    : []),
];
