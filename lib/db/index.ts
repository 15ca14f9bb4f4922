import "server-only";
import { loadConfig } from "@/lib/config";
import { openDatabase, type Database } from "./client";

const globalForDb = globalThis as { gaugeDatabase?: Promise<Database> };

/** The process's one database, opened (and migrated) on first use. */
export function getDatabase(): Promise<Database> {
  globalForDb.gaugeDatabase ??= (async () => {
    const config = loadConfig();
    return openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  })().catch((error) => {
    globalForDb.gaugeDatabase = undefined;
    throw error;
  });
  return globalForDb.gaugeDatabase;
}
