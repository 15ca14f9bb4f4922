import { afterAll, beforeAll } from "vitest";
import type { Database } from "@/lib/db/client";
import { createTestApi, type TestApi } from "./api";

/** A describe block's database (from `open`) and a test API over it: made before its tests, closed after them. */
export function apiOver(open: () => Promise<Database>): { readonly database: Database; readonly api: TestApi } {
  let database: Database | undefined;
  let api: TestApi | undefined;
  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db);
  });
  afterAll(() => database?.close());
  return {
    get database() {
      return database!;
    },
    get api() {
      return api!;
    },
  };
}
