import "server-only";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import lockfile from "proper-lockfile";
import { explainConnectionError } from "./connection-errors";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open transaction; code that must run inside one takes this rather than `Db`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** PostgreSQL's connection pool: open connections, idle ones, and queries waiting for one. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

export const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");
// Any fixed 64-bit number: every process migrating one PostgreSQL database takes this lock.
const MIGRATION_LOCK_ID = 727_001;

export class DatabaseLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The embedded database in ${dataDir} is in use by another Gauge process (a running server or the CLI). ` +
        `Stop that process first, or set DATABASE_URL to share a PostgreSQL server between processes.`,
    );
    this.name = "DatabaseLockedError";
  }
}

// PostgreSQL touches all of its shared buffers as it starts, and the default was most of an idle
// embedded server's memory. The embedded database reads its files through the OS's page cache,
// so smaller buffers cost the grouped reads nothing measurable (npm run bench -- grouped, npm run bench -- serving).
const pgliteOptions = () => ({ startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"] });

/** Opens the database, holding the embedded database's lock, and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ("url" in target) return openPostgres(target.url);
  if ("memory" in target) return openPglite(new PGlite(pgliteOptions()), async () => {});
  const dataDir = path.resolve(target.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const release = await lockDataDir(dataDir);
  try {
    const pgdata = path.join(dataDir, "pgdata");
    if (!existsSync(path.join(pgdata, "PG_VERSION"))) await createCluster(pgdata);
    return await openPglite(new PGlite(pgdata, pgliteOptions()), release);
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * Creates a new embedded database's files (PostgreSQL's initdb) in a child process, under the
 * data folder's lock. Done in the server's own process, initdb nearly doubled a first start's
 * peak memory and left memory behind for as long as the server ran (npm run bench -- serving measures it).
 */
async function createCluster(pgdata: string): Promise<void> {
  const script = `import { PGlite } from "@electric-sql/pglite"; const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();`;
  await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script, pgdata]);
}

async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    // A crashed holder stops refreshing the lock; it counts as stale after 5 s, which the retries cover.
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, "gauge.lock"),
      stale: 5_000,
      update: 2_000,
      retries: { retries: 6, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
      onCompromised: (err) => console.error("[db] embedded database lock lost:", err.message),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") throw new DatabaseLockedError(dataDir);
    throw error;
  }
}

async function openPglite(client: PGlite, release: () => Promise<void>): Promise<Database> {
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    async close() {
      await client.close();
      await release();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  // A start that cannot reach the database says so within seconds instead of waiting on it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  pool.on("error", (err) => console.error("[db] idle client error:", err.message));
  const db = drizzlePg(pool, { schema });
  const lockClient = await pool.connect().catch(async (error) => {
    await pool.end().catch(() => {});
    throw explainConnectionError(error, url);
  });
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db: db as unknown as Db, kind: "postgres", close: () => pool.end(), poolStats };
}

/** Runs fn in one transaction holding a database-wide lock, so concurrent processes do one-time work once. */
export async function withGlobalLock<T>(db: Db, lockId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockId})`);
    return fn(tx);
  });
}
