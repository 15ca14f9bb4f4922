import "server-only";
import type { Series } from "@/lib/contract/grouped";
import type { Db } from "@/lib/db/client";

/**
 * Grouped series as JSON (UTF-8 bytes), kept in each process for repeated reads of one range: dashboards
 * and scripts re-read the same scorecard far more often than it changes, and writing out a
 * 40-KPI answer costs more than the SQL that computes it (1.2 ms of JSON.stringify against
 * 1.3 ms of rollup SQL for three years by month).
 *
 * An entry holds only while the scorecard's data version is the one read before its computation.
 * Database triggers raise that version in the same transaction as every change to the
 * scorecard's KPIs or values, whichever process or path writes them (migration 0013), so no
 * code path can leave a stale entry behind. Today's date (incomplete periods, pro-rated targets)
 * must match too. Notes are not kept: they are read on every call and joined in (their authors'
 * addresses change without the scorecard).
 */
const LIMIT = 32 * 1024 * 1024; // bytes of JSON per database, across entries

interface Entry {
  dataVersion: number;
  today: string;
  series: SeriesJson[];
  size: number;
}

export interface SeriesKey {
  docId: number;
  /** What identifies the range and the KPIs asked for (period, dates, GUIDs). */
  request: string;
  dataVersion: number;
  today: string;
}

class Lru {
  private entries = new Map<string, Entry>();
  private size = 0;

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry) {
    this.delete(key);
    if (entry.size > LIMIT / 4) return; // one answer may not push out most of the others
    this.entries.set(key, entry);
    this.size += entry.size;
    for (const [oldest] of this.entries) {
      if (this.size <= LIMIT) break;
      this.delete(oldest);
    }
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.size;
  }
}

/** A series' GUID and its JSON. */
export interface SeriesJson {
  guid: string;
  json: Buffer;
}

const caches = new WeakMap<Db, Lru>();

/** Each series' JSON: kept from an earlier call when nothing it depends on has changed, else computed and kept. */
export async function cachedSeries(db: Db, key: SeriesKey, compute: () => Promise<Series[]>): Promise<SeriesJson[]> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Lru()));
  const id = `${key.docId} ${key.request}`;
  const kept = cache.get(id);
  if (kept && kept.dataVersion === key.dataVersion && kept.today === key.today) return kept.series;
  const series = (await compute()).map((s) => ({ guid: s.guid, json: Buffer.from(JSON.stringify(s)) }));
  const size = series.reduce((sum, s) => sum + s.json.length, 0);
  // A slower call computed from an older version must not replace a newer entry.
  const current = cache.get(id);
  if (!current || current.dataVersion <= key.dataVersion) cache.set(id, { dataVersion: key.dataVersion, today: key.today, series, size });
  return series;
}
