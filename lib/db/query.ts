import "server-only";
import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/** Rows of a raw query; PGlite and node-postgres both answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
