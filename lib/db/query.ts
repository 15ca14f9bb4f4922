import "server-only";
import { createHash } from "node:crypto";
import { sql, type Placeholder, type Query, type SQL } from "drizzle-orm";
import type { Db, Tx } from "./client";

/** Rows of a raw query; PGlite and node-postgres both answer with `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// Drizzle's own path for a named query (what its query builders' .prepare(name) use); db.execute
// has no way to name one.
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): Query };
  session: {
    prepareQuery(query: Query, fields: undefined, name: string, arrayMode: boolean): { execute(placeholders?: Record<string, unknown>): Promise<unknown> };
  };
}

async function runPrepared<T>(db: Db | Tx, query: Query, name: string, placeholders?: Record<string, unknown>): Promise<T[]> {
  const { session } = db as unknown as DrizzleInternals;
  const result = (await session.prepareQuery(query, undefined, name, false).execute(placeholders)) as { rows: T[] };
  return result.rows;
}

const names = new Map<string, string>();
const statementName = (text: string) => {
  let name = names.get(text);
  if (!name) names.set(text, (name = `q_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`));
  return name;
};

/**
 * `queryRows` as a named prepared statement: on PostgreSQL each connection parses and plans the
 * text once (then reuses the plan, or re-plans for the parameters when a generic plan would cost
 * more), where an unnamed query is parsed and planned on every call: for a single value read,
 * planning was about a third of its statements' time in PostgreSQL. PGlite ignores the name.
 *
 * Only for a query whose text takes a few shapes whatever its inputs (its values as parameters,
 * lists as one array parameter): every distinct text stays prepared on every connection.
 */
export async function preparedRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const built = (db as unknown as DrizzleInternals).dialect.sqlToQuery(query);
  return runPrepared<T>(db, built, statementName(built.sql));
}

type Placeholders<I> = { [K in keyof I]: ReturnType<typeof sql.placeholder<K & string>> };
const placeholders = new Proxy({}, { get: (_, key) => sql.placeholder(String(key)) });

/**
 * `preparedRows` for a statement of one fixed text, which Drizzle builds once instead of on every
 * call: its inputs are placeholders (`p.name` in the template), filled on each call. Building the
 * latest-entries query, with its five joins, took Drizzle about 90 us a call (single and grouped
 * reads both run it).
 */
export function preparedStatement<I extends Record<string, unknown>>(build: (p: Placeholders<I>) => SQL) {
  // Per database's dialect (one per connection pool), should two kinds ever render it differently.
  const builtFor = new WeakMap<object, { query: Query; name: string }>();
  return async <T>(db: Db | Tx, input: I): Promise<T[]> => {
    const { dialect } = db as unknown as DrizzleInternals;
    let built = builtFor.get(dialect);
    if (!built) {
      const query = dialect.sqlToQuery(build(placeholders as Placeholders<I>));
      builtFor.set(dialect, (built = { query, name: statementName(query.sql) }));
    }
    return runPrepared<T>(db, built.query, built.name, input);
  };
}

/**
 * A list of GUIDs (or a statement's placeholder for one) as one `uuid[]` parameter: the query's
 * text stays the same whatever the list's length.
 */
export const uuidArray = (guids: string[] | Placeholder) => sql`${Array.isArray(guids) ? sql.param(guids) : guids}::uuid[]`;
