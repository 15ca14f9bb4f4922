import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import type { Db } from "@/lib/db/client";
import { preparedStatement } from "@/lib/db/query";
import { dashboardReads } from "@/lib/db/schema";
import type { QueryKey } from "./endpoint-spec";

/**
 * How long a confirmed read is served without asking the API again: long enough for one page's
 * burst of reads (the layout, the page, the browser's hydration) to share it, short enough that a
 * script's write shows on the next page view. Asking again is a conditional request: free unless
 * the answer changed.
 */
export const FRESH_MS = 5_000;

/** Where the reads are kept: the dashboard's own table in the app's database (nothing else of it). */
export type ReadStore = Db;
export const appReadStore = async (): Promise<ReadStore> => (await getDatabase()).db;

export interface CachedRead<T> {
  value: T;
  /** When the value was read from the API, or last confirmed unchanged by it. */
  fetchedAt: Date;
}

/** What to do when the API refuses a read (at the call limit): serve the last value, marked stale. */
export class StaleRead<T> {
  constructor(
    readonly value: T,
    readonly fetchedAt: Date,
    readonly error: unknown,
  ) {}
}

/** An API answer to a read: a new value with its validator (and its JSON text as sent, when at hand), or "the one you hold is current" (304). */
export type Loaded<T> = { value: T; etag: string | null; text?: string } | { notModified: true };

const idOf = (key: QueryKey) => JSON.stringify(key);

/** Matches the ids of keys that start with `prefix` (["scorecard", 1] matches neither ["scorecard", 12]). */
const underPrefix = (prefix: QueryKey) => {
  const open = idOf(prefix).slice(0, -1);
  return or(eq(dashboardReads.id, `${open}]`), sql`${dashboardReads.id} LIKE ${`${open.replace(/[\\%_]/g, "\\$&")},%`}`);
};

type Row = { value: string; fetchedAt: Date; etag: string | null; marks: number; readMarks: number };

/** A kept read, by a statement built once: every page's every read looks here first. */
const selectRead = preparedStatement<{ scope: string; id: string }>(
  (p) =>
    sql`SELECT value, (extract(epoch FROM fetched_at) * 1000)::float8 AS "fetchedMs", etag, marks, read_marks AS "readMarks" FROM dashboard_reads WHERE scope = ${p.scope} AND id = ${p.id}`,
);

// Concurrent identical reads in this process share one API call.
const globalForCache = globalThis as { gaugeReadsInFlight?: Map<string, Promise<CachedRead<unknown>>> };
const inFlight = (globalForCache.gaugeReadsInFlight ??= new Map());

/**
 * A read through the shared cache. A value confirmed within FRESH_MS (by any process) and
 * not marked stale by a write since is served as is; otherwise `load` asks the API, sending the
 * kept value's validator, so an unchanged answer comes back as a free 304 and the kept value is
 * served (and confirmed); a new answer is kept with its own. When the API refuses and
 * `fallBack(error)` says so, the last value is served, however old, as a StaleRead.
 */
export async function cachedRead<T>(
  db: ReadStore,
  scope: string,
  key: QueryKey,
  load: (etag: string | null) => Promise<Loaded<T>>,
  fallBack: (error: unknown) => boolean,
  now = () => new Date(),
): Promise<CachedRead<T> | StaleRead<T>> {
  const id = idOf(key);
  const here = and(eq(dashboardReads.scope, scope), eq(dashboardReads.id, id));
  const stored = async (): Promise<Row | undefined> => {
    const [found] = await selectRead<Omit<Row, "fetchedAt"> & { fetchedMs: number }>(db, { scope, id });
    return found && { value: found.value, fetchedAt: new Date(found.fetchedMs), etag: found.etag, marks: found.marks, readMarks: found.readMarks };
  };
  const servable = (r: Row | undefined) => r !== undefined && r.marks === r.readMarks && now().getTime() - r.fetchedAt.getTime() < FRESH_MS;
  const row = await stored();
  if (row && servable(row)) return { value: JSON.parse(row.value) as T, fetchedAt: row.fetchedAt };

  const flightId = `${scope}\n${id}`;
  let flight = inFlight.get(flightId) as Promise<CachedRead<T>> | undefined;
  if (!flight) {
    flight = (async () => {
      // Another read may have confirmed it while this one looked: look once more before calling.
      const held = await stored();
      if (held && servable(held)) return { value: JSON.parse(held.value) as T, fetchedAt: held.fetchedAt };
      const loaded = await load(held?.etag ?? null);
      const fetchedAt = now();
      // Confirmed as of the marks seen before asking: a write that lands meanwhile leaves it stale.
      const readMarks = held?.marks ?? 0;
      if ("notModified" in loaded) {
        if (!held?.etag) throw new Error(`The API answered 304 to a read this cache does not hold: ${id}`);
        await db
          .update(dashboardReads)
          .set({ fetchedAt, readMarks })
          .where(and(here, eq(dashboardReads.etag, held.etag)));
        return { value: JSON.parse(held.value) as T, fetchedAt };
      }
      const entry = { scope, id, value: loaded.text ?? JSON.stringify(loaded.value), fetchedAt, etag: loaded.etag, readMarks };
      await db
        .insert(dashboardReads)
        .values(entry)
        .onConflictDoUpdate({ target: [dashboardReads.scope, dashboardReads.id], set: { value: entry.value, fetchedAt, etag: entry.etag, readMarks } });
      return { value: loaded.value, fetchedAt };
    })().finally(() => inFlight.delete(flightId));
    inFlight.set(flightId, flight);
  }
  try {
    return await flight;
  } catch (error) {
    if (row && fallBack(error)) return new StaleRead(JSON.parse(row.value) as T, row.fetchedAt, error);
    throw error;
  }
}

/**
 * Marks stale the cached reads whose key starts with one of `prefixes`, in `scope` and in every
 * scope under it (`account:1` holds `account:1/user:7/...`): each is read again (for free when it
 * has not changed after all) before it is served, and kept to show at the call limit.
 */
export async function markStale(db: ReadStore, scope: string, prefixes: QueryKey[]): Promise<void> {
  if (prefixes.length === 0) return;
  await db
    .update(dashboardReads)
    .set({ marks: sql`${dashboardReads.marks} + 1` })
    .where(and(within(scope), or(...prefixes.map(underPrefix))));
}

const within = (scope: string) => or(eq(dashboardReads.scope, scope), sql`${dashboardReads.scope} LIKE ${`${scope.replace(/[\\%_]/g, "\\$&")}/%`}`);

/** The reads cached in a scope and the scopes under it, each with whether a write marked it stale (for tests and diagnostics). */
export async function cachedKeys(db: ReadStore, scope: string): Promise<{ key: QueryKey; stale: boolean }[]> {
  const rows = await db
    .select({ id: dashboardReads.id, marks: dashboardReads.marks, readMarks: dashboardReads.readMarks })
    .from(dashboardReads)
    .where(within(scope));
  return rows.map((r) => ({ key: JSON.parse(r.id) as QueryKey, stale: r.marks !== r.readMarks }));
}

const KEEP_MS = 86_400_000;
/** What the kept reads may weigh in all; past it the oldest go first. */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Bounds the cache: drops reads not refreshed for a day (their scorecards, periods or users may be
 * gone), then the oldest reads past `maxBytes` of answers in all.
 */
export async function pruneReads(db: ReadStore, now = new Date(), maxBytes = MAX_BYTES): Promise<void> {
  await db.delete(dashboardReads).where(sql`${dashboardReads.fetchedAt} < ${new Date(now.getTime() - KEEP_MS).toISOString()}::timestamptz`);
  await db.execute(sql`
    DELETE FROM dashboard_reads WHERE (scope, id) IN (
      SELECT scope, id FROM (
        SELECT scope, id, sum(octet_length(value)) OVER (ORDER BY fetched_at DESC, scope, id) AS running FROM dashboard_reads
      ) newest_first WHERE running > ${maxBytes}
    )`);
}

/** Prunes the cache now and every `everyMs` from then on; answers a function that stops it. */
export function startReadPruner(db: ReadStore, everyMs = 10 * 60_000, maxBytes = MAX_BYTES): () => void {
  const prune = () => pruneReads(db, new Date(), maxBytes).catch((error: unknown) => console.error("[dashboard] pruning cached reads failed:", error));
  void prune();
  const timer = setInterval(prune, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
