import "server-only";

const TTL_MS = 60_000;
const MAX_ENTRIES_PER_ACCOUNT = 200;

type Entry = { expires: number; value: Promise<unknown> };
const globalForCache = globalThis as { gaugeReadCache?: Map<string, Map<string, Entry>> };
const accounts = (globalForCache.gaugeReadCache ??= new Map());

/**
 * Short-lived per-account cache of API reads: concurrent identical reads share one call, and a
 * repeat within a minute costs none. Writes through the dashboard clear the account's entries.
 */
export function cachedRead<T>(account: string, key: string, load: () => Promise<T>): Promise<T> {
  let entries = accounts.get(account);
  if (!entries) accounts.set(account, (entries = new Map()));
  const hit = entries.get(key);
  if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { expires: Date.now() + TTL_MS, value });
  value.catch(() => entries.delete(key));
  if (entries.size > MAX_ENTRIES_PER_ACCOUNT) entries.delete(entries.keys().next().value!);
  return value;
}

/** Forgets the account's cached reads, or only those whose key starts with one of `prefixes`. */
export function clearAccountCache(account: string, prefixes?: string[]): void {
  const entries = accounts.get(account);
  if (!entries || !prefixes) return void accounts.delete(account);
  for (const key of entries.keys()) if (prefixes.some((p) => key.startsWith(p))) entries.delete(key);
}
