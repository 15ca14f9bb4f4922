import "server-only";
import type { Db } from "./client";

/**
 * One value per database, made on first use: caches keyed by what only one database names (its
 * KPIs' data versions) must not be shared by two (tests open many in one process).
 */
export function perDatabase<T>(make: () => T): (db: Db) => T {
  const values = new WeakMap<Db, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) values.set(db, (value = make()));
    return value;
  };
}
