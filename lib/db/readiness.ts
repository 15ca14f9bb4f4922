import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { queryRows } from "./query";

const journal = path.join(process.cwd(), "lib/db/migrations/meta/_journal.json");
let expected: number | undefined;

/** The migrations this build brings: the journal drizzle-kit writes beside them. */
const migrationsOfThisBuild = () => (expected ??= (JSON.parse(readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length);

const ANSWER_WITHIN_MS = 5_000;

/**
 * Why this process cannot serve yet, or null when it can: the database answers within a few
 * seconds and holds every migration this build brings (drizzle's own record of them).
 */
export async function readinessProblem(db: Db): Promise<string | null> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS / 1000} s`)), ANSWER_WITHIN_MS).unref(),
  );
  try {
    const [row] = await Promise.race([queryRows<{ applied: number }>(db, sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`), timeout]);
    const wanted = migrationsOfThisBuild();
    return row!.applied >= wanted ? null : `The database holds ${row!.applied} of this build's ${wanted} migrations`;
  } catch (error) {
    // The driver's words (addresses, ports) go to the operator's log, not to whoever asks.
    console.error("[ready] the database does not answer:", (error as Error).message);
    return "The database does not answer";
  }
}
