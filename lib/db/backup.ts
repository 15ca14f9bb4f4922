// Backup and restore of a whole installation as one portable file: every table's rows as JSON,
// gzipped, one line per chunk. PostgreSQL itself turns each row into JSON (to_jsonb) and back
// (jsonb_populate_recordset), so every type (timestamps, dates, UUIDs, JSON, numbers) travels
// exactly and the file reads the same into the embedded database or a PostgreSQL server. pg_dump
// does not fit: it cannot read the embedded database, and its output is not portable to it.
import { createReadStream, createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { accountScope, type AccountScope } from "./account-rows";
import { migrationsFolder, type Db, type Tx } from "./client";
import { queryRows } from "./query";

const FORMAT = "gauge-backup";
const VERSION = 1;
const CHUNK = 2000;
/** What is derived or transient: rebuilt by the triggers (rollups) or by use (caches, counters, throttles, retries). */
const SKIPPED = new Set(["dashboard_reads", "kpi_rollups", "call_counters", "login_failures", "idempotency_keys", "connector_run_requests"]);

interface Header {
  format: typeof FORMAT;
  version: number;
  /** The last migration the database had: a file restores into that schema, then the later migrations run. */
  schema: string;
  createdAt: string;
  /** Present when the file holds one account's rows: the account's ID where it was written. */
  account?: number;
}
type Line = Header | { table: string; rows: unknown[] };

/** The tables to copy, each after the tables it references (self-references aside). */
async function tablesInOrder(db: Db | Tx): Promise<string[]> {
  // The references as one comma-separated text: a name[] is parsed into an array only where the driver registers that type.
  const rows = await queryRows<{ name: string; refs: string | null }>(
    db,
    sql`SELECT c.relname AS name, string_agg(DISTINCT r.relname, ',') AS refs
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_constraint k ON k.conrelid = c.oid AND k.contype = 'f'
      LEFT JOIN pg_class r ON r.oid = k.confrelid AND r.oid <> c.oid
      WHERE n.nspname = 'public' AND c.relkind = 'r' GROUP BY c.relname ORDER BY c.relname`,
  );
  const refs = new Map(rows.filter((r) => !SKIPPED.has(r.name)).map((r) => [r.name, (r.refs ? r.refs.split(",") : []).filter((t) => !SKIPPED.has(t))]));
  const ordered: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    for (const ref of refs.get(name) ?? []) visit(ref);
    ordered.push(name);
  };
  for (const name of refs.keys()) visit(name);
  return ordered;
}

async function schemaVersion(db: Db | Tx): Promise<string> {
  const [row] = await queryRows<{ hash: string }>(db, sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`);
  return row?.hash ?? "";
}

/** A table's rows (those in `scope`, or all), parents first where it references itself (KPIs under their parents). */
const rowsQuery = (table: string, scope: AccountScope | null) => {
  const where = scope ? sql`WHERE ${scope(table)}` : sql``;
  const roots = scope ? sql`${scope("kpis")} AND parent_guid IS NULL` : sql`parent_guid IS NULL`;
  return table === "kpis"
    ? sql`WITH RECURSIVE tree AS (SELECT k.*, 0 AS depth FROM kpis k WHERE ${roots}
        UNION ALL SELECT k.*, tree.depth + 1 FROM kpis k JOIN tree ON k.parent_guid = tree.guid)
        SELECT (to_jsonb(tree) - 'depth')::text AS row FROM tree ORDER BY depth`
    : sql`SELECT to_jsonb(t)::text AS row FROM ${sql.identifier(table)} t ${where}`;
};

interface BackupOptions {
  /** Only this account's rows: a file that restores the one account into an empty database. */
  account?: number;
  now?: Date;
}

/**
 * Writes every account of the database (or the one `account`) to `file`: one consistent snapshot
 * (a read-only repeatable-read transaction), read through a cursor so that memory stays flat
 * whatever its size. Answers the rows written per table; on failure, leaves `file` as it was.
 */
export async function backup(db: Db, file: string, { account, now = new Date() }: BackupOptions = {}): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  // Written beside the target and renamed when complete: a failed backup leaves no partial file, and an older one at `file` stands.
  const partial = `${file}.partial-${process.pid}`;
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  const write = async (line: Line) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, "drain");
  };
  try {
    await db.transaction(
      async (tx) => {
        await write({
          format: FORMAT,
          version: VERSION,
          schema: await schemaVersion(tx),
          createdAt: now.toISOString(),
          ...(account === undefined ? {} : { account }),
        });
        const tables = await tablesInOrder(tx);
        const scope = account === undefined ? null : await accountScope(tx, tables, account);
        for (const table of tables) {
          counts[table] = 0;
          await tx.execute(sql`DECLARE backup_rows NO SCROLL CURSOR FOR ${rowsQuery(table, scope)}`);
          for (;;) {
            const chunk = await queryRows<{ row: string }>(tx, sql.raw(`FETCH ${CHUNK} FROM backup_rows`));
            if (chunk.length === 0) break;
            await write({ table, rows: chunk.map((r) => JSON.parse(r.row) as unknown) });
            counts[table] += chunk.length;
          }
          await tx.execute(sql`CLOSE backup_rows`);
        }
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
  } catch (error) {
    gzip.destroy();
    await done.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
  gzip.end();
  await done;
  await rename(partial, file);
  return counts;
}

type Migration = ReturnType<typeof readMigrationFiles>[number];

/** Runs the migrations in order and records each, as drizzle's migrator does, in the caller's transaction. */
async function applyMigrations(tx: Tx, migrations: Migration[]): Promise<void> {
  for (const migration of migrations) {
    for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
    await tx.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`);
  }
}

/**
 * Rebuilds the empty database's schema as it was at the migration `hash` (a backup's), and answers
 * the migrations after it. A migration this version does not know, or a later one than its own,
 * is a backup of a newer version: refused.
 */
async function schemaAsOf(tx: Tx, hash: string): Promise<Migration[]> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const at = migrations.findIndex((m) => m.hash === hash);
  if (at < 0) throw new Error("This backup was made by a newer version of Gauge: restore it with that version, or a later one");
  await tx.execute(sql`DROP SCHEMA public CASCADE`);
  await tx.execute(sql`CREATE SCHEMA public`);
  await tx.execute(sql`DELETE FROM drizzle.__drizzle_migrations`);
  await applyMigrations(tx, migrations.slice(0, at + 1));
  return migrations.slice(at + 1);
}

/**
 * Loads a backup into an empty database (no account yet) of either kind, all or nothing, then
 * moves every sequence past the restored IDs. A backup of an older version is loaded into its own
 * schema and moved on by the migrations since. Triggers rebuild what the backup leaves out (the
 * rollups); the restored history is not recorded again, and locked periods take their values.
 */
export async function restore(db: Db, file: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const [{ n }] = (await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM accounts`)) as [{ n: number }];
    if (n > 0) throw new Error("The database is not empty: restore into a new one (a new DATA_DIR, or an empty PostgreSQL database)");
    await tx.execute(sql`SELECT set_config('gauge.context', ${JSON.stringify({ via: "system", history: "off" })}, true)`);
    let header: Header | null = null;
    let later: Migration[] = [];
    // Read from here on (lines emitted before the loop waits for them would be lost), through a pipeline rather than
    // pipe: a missing or damaged file ends the read with its error instead of leaving it, and the transaction, waiting.
    const gunzip = createGunzip();
    const reading = pipeline(createReadStream(file), gunzip);
    reading.catch(() => {}); // Awaited after the last line; a refusal before then must not leave it unhandled.
    try {
      for await (const text of createInterface({ input: gunzip, crlfDelay: Infinity })) {
        if (!text) continue;
        const line = JSON.parse(text) as Line;
        if (!header) {
          header = line as Header;
          if (header.format !== FORMAT || header.version !== VERSION) throw new Error("This file is not a Gauge backup (or is of another version)");
          if (header.schema !== (await schemaVersion(tx))) later = await schemaAsOf(tx, header.schema);
          continue;
        }
        const { table, rows } = line as { table: string; rows: unknown[] };
        await tx.execute(
          sql`INSERT INTO ${sql.identifier(table)} SELECT * FROM jsonb_populate_recordset(NULL::${sql.identifier(table)}, ${JSON.stringify(rows)}::jsonb)`,
        );
        counts[table] = (counts[table] ?? 0) + rows.length;
      }
      await reading;
    } finally {
      gunzip.destroy();
    }
    if (!header) throw new Error("The file is empty");
    // An older version's rows are in its schema now: the migrations since then move them on, as an upgrade would.
    await applyMigrations(tx, later);
    const serials = await queryRows<{ table: string; column: string }>(
      tx,
      sql`SELECT c.table_name AS table, c.column_name AS column FROM information_schema.columns c
        WHERE c.table_schema = 'public' AND c.column_default LIKE 'nextval(%'`,
    );
    for (const { table, column } of serials) {
      await tx.execute(
        sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), coalesce((SELECT max(${sql.identifier(column)}) FROM ${sql.identifier(table)}), 0) + 1, false)`,
      );
    }
  });
  return counts;
}
