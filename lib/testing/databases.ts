import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "@/lib/db/client";

export interface TestDatabase {
  name: "pglite" | "postgres";
  /** A new, empty, migrated database; close() drops it again. */
  open(): Promise<Database & { url?: string }>;
}

/** A throwaway database on the PostgreSQL server of TEST_DATABASE_URL. */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `gauge_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * `count` pools on one throwaway database of TEST_DATABASE_URL's server, each standing for one
 * server process, for the duration of `fn`; then closed and the database dropped.
 */
export async function withPostgresPools<T>(count: number, fn: (databases: Database[]) => Promise<T>): Promise<T> {
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
  const databases = await Promise.all(Array.from({ length: count }, () => openDatabase({ url: created.url })));
  try {
    return await fn(databases);
  } finally {
    await Promise.all(databases.map((d) => d.close()));
    await created.drop();
  }
}

const pglite: TestDatabase = { name: "pglite", open: () => openDatabase({ memory: true }) };

const postgres = (adminUrl: string): TestDatabase => ({
  name: "postgres",
  async open() {
    const created = await createPostgresDatabase(adminUrl);
    const database = await openDatabase({ url: created.url });
    return {
      ...database,
      url: created.url,
      async close() {
        await database.close();
        await created.drop();
      },
    };
  },
});

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDatabases: TestDatabase[] = [pglite, ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : [])];
