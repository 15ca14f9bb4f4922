import "server-only";
import type { Series } from "@/lib/contract/grouped";
import { LRUCache } from "lru-cache";
import type { Db } from "@/lib/db/client";
import { perDatabase } from "@/lib/db/per-database";
import { coreOf, dependencyWalker, type KpiDef, type SeriesCore } from "./series";
import { writeSeries, type SeriesJson } from "./series-json";

/**
 * Grouped series as JSON (UTF-8 bytes), kept in each process for repeated reads of one range:
 * dashboards and scripts re-read a scorecard far more often than it changes, and writing out a
 * scorecard's answer costs about as much as the SQL that computes it (npm run bench -- grouped prints both).
 *
 * Each series is kept on its own, with the fingerprint of what it was computed from: today's date
 * (incomplete periods, pro-rated targets) and the data version of every KPI it reads (itself, a
 * container's children, a formula's references, and theirs). A KPI's version changes in the same
 * transaction as any change to its row or its values, whichever process or path writes them
 * (migration 0014), so no code path can leave a stale series behind. A write to one KPI leaves
 * kept the series that do not read it, and the series computed again read the kept ones they
 * depend on instead of computing them too (a container of 10 KPIs, one of them written, reads
 * the values of that one). Notes are not kept: they are read on every call and joined in (their
 * authors' addresses change without any KPI).
 */
const LIMIT = 32 * 1024 * 1024; // bytes of JSON and cores per database, across entries (lru-cache counts them)

/** One series of one read: where it is kept, and what it must have been computed from. */
export interface SeriesSlot {
  /** Which series of which range (KPI, period, dates). */
  key: string;
  fingerprint: string;
}

/** A series as the answer writes it (JSON) and as containers and formulas read it (its core). */
export interface KeptSeries extends SeriesJson {
  core: SeriesCore;
}

interface Entry {
  fingerprint: string;
  /** Pending while the first call computes it: calls for the same fingerprint meanwhile wait for it. */
  series: Promise<KeptSeries>;
  /** The series last computed for the slot: this one once computed, until then the one it replaces. */
  last?: KeptSeries;
}

// Least recently used entries leave first; a series that alone would fill a quarter of it is not kept.
const cacheOf = perDatabase(() => new LRUCache<string, Entry>({ maxSize: LIMIT, maxEntrySize: LIMIT / 4 }));

type VersionedKpi = KpiDef & { dataVersion: number };

// Per database (each has its own version sequence): each KPI's fingerprint by the state of its
// scorecard's KPIs (see fingerprints), counted in characters.
const fingerprintsOf = perDatabase(() => new LRUCache<string, Map<string, string>>({ maxSize: 4 * 1024 * 1024 }));

/**
 * Each KPI's series fingerprint: today and the data version of every KPI the series reads, in
 * the order they are reached. Found once for each state of the scorecard's KPIs, which their
 * versions in order name alone (no two states in a database share a version), and kept for the
 * reads after.
 */
export function fingerprints(db: Db, defs: VersionedKpi[], today: string): Map<string, string> {
  const byState = fingerprintsOf(db);
  const state = `${today} ${defs.map((d) => d.dataVersion).join(",")}`;
  let found = byState.get(state);
  if (!found) {
    const byGuid = new Map(defs.map((d) => [d.guid, d]));
    const reads = dependencyWalker(defs);
    found = new Map(
      defs.map((d) => [
        d.guid,
        `${today} ${reads([d.guid])
          .map((g) => byGuid.get(g)!.dataVersion)
          .join(",")}`,
      ]),
    );
    let size = state.length;
    for (const fingerprint of found.values()) size += fingerprint.length;
    byState.set(state, found, { size });
  }
  return found;
}

/** The series kept for the slot when it was computed from what its fingerprint names (perhaps still being computed). */
export function keptSeries(db: Db, slot: SeriesSlot): Promise<KeptSeries> | undefined {
  const kept = cacheOf(db).get(slot.key);
  return kept?.fingerprint === slot.fingerprint ? kept.series : undefined;
}

/** The series last computed for the slot's KPI and range, whatever it was computed from. */
export function lastSeries(db: Db, slot: SeriesSlot): KeptSeries | undefined {
  return cacheOf(db).peek(slot.key)?.last;
}

/** Keeps a series being computed for the slot: counted by its size once computed, dropped if its computation fails. */
export function keepSeries(db: Db, slot: SeriesSlot, series: Promise<KeptSeries>): void {
  const cache = cacheOf(db);
  const entry: Entry = { fingerprint: slot.fingerprint, series, last: cache.peek(slot.key)?.last };
  cache.set(slot.key, entry, { size: 1 });
  const current = () => cache.peek(slot.key) === entry;
  series.then(
    (computed) => {
      entry.last = computed;
      if (current()) cache.set(slot.key, entry, { size: sizeOf(computed) });
    },
    () => current() && cache.delete(slot.key),
  );
}

const sizeOf = ({ json, points, core }: KeptSeries) =>
  json.length +
  points.numbers.byteLength +
  points.words.byteLength +
  points.at.byteLength +
  core.values.byteLength +
  core.scores.byteLength +
  core.flags.byteLength;

/**
 * The series to keep, their JSON in one buffer, each a view of it: a view keeps the whole buffer
 * alive, so memory may exceed the count by the series of a read that were replaced since.
 * `before[i]` is the series last kept for `list[i]`'s slot, whose points' JSON is reused.
 */
export function toKeep(list: Series[], before: (KeptSeries | undefined)[]): KeptSeries[] {
  return writeSeries(list, before).map((written, i) => ({ ...written, core: coreOf(list[i]!.points) }));
}
