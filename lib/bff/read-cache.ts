import "server-only";
import { keyStartsWith, type QueryKey } from "./endpoints";

const TTL_MS = 60_000;
const MAX_ENTRIES_PER_ACCOUNT = 200;

type Entry = { key: QueryKey; expires: number; value: Promise<unknown> };
const globalForCache = globalThis as { gaugeReadCache?: Map<string, Map<string, Entry>> };
const accounts = (globalForCache.gaugeReadCache ??= new Map());

/**
 * Short-lived per-account cache of API reads: concurrent identical reads share one call, and a
 * repeat within a minute costs none. A write through the dashboard forgets the reads it makes stale.
 */
export function cachedRead<T>(account: string, key: QueryKey, load: () => Promise<T>): Promise<T> {
  let entries = accounts.get(account);
  if (!entries) accounts.set(account, (entries = new Map()));
  const id = JSON.stringify(key);
  const hit = entries.get(id);
  if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
  const value = load();
  entries.set(id, { key, expires: Date.now() + TTL_MS, value });
  value.catch(() => entries.delete(id));
  if (entries.size > MAX_ENTRIES_PER_ACCOUNT) entries.delete(entries.keys().next().value!);
  return value;
}

/** Forgets the account's cached reads whose key starts with one of `prefixes`. */
export function forgetReads(account: string, prefixes: QueryKey[]): void {
  const entries = accounts.get(account);
  if (!entries) return;
  for (const [id, entry] of entries) if (prefixes.some((p) => keyStartsWith(entry.key, p))) entries.delete(id);
}

/** The keys cached for an account (for tests and diagnostics). */
export const cachedKeys = (account: string): QueryKey[] => [...(accounts.get(account)?.values() ?? [])].map((e) => e.key);
