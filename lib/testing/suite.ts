import { afterAll, beforeAll } from "vitest";
import type { Database } from "@/lib/db/client";
import type { ServiceConfig } from "@/lib/service/context";
import { accountWithScorecards, createTestApi, jsonInit, type TestApi } from "./api";

/** A describe block's database (from `open`) and a test API over it: made before its tests, closed after them. */
export function apiOver(open: () => Promise<Database>, config: Partial<ServiceConfig> = {}): { readonly database: Database; readonly api: TestApi } {
  let database: Database | undefined;
  let api: TestApi | undefined;
  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, config);
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

/**
 * As `apiOver` with a generous call limit, plus an account whose first admin is `email`, and a
 * `call` that answers the status and the JSON body (null when there is none).
 */
export function accountSuite(open: () => Promise<Database>, email: string) {
  const over = apiOver(open, { rateLimitPerHour: 10_000 });
  let admin: Awaited<ReturnType<typeof accountWithScorecards>> | undefined;
  beforeAll(async () => {
    admin = await accountWithScorecards(over.api, over.database.db, email);
  });
  const call = async (method: string, path: string, auth: Record<string, string>, body?: unknown) => {
    const response = await over.api.call(path, body === undefined ? { method, headers: auth } : jsonInit(method, body, auth));
    return { status: response.status, json: await response.json().catch(() => null) };
  };
  return {
    get database() {
      return over.database;
    },
    get api() {
      return over.api;
    },
    get admin() {
      return admin!;
    },
    call,
  };
}

/** The fields a suite's beforeAll fills: its database, its test API and its account's first admin. */
export const suiteFields = () => ({
  database: undefined as unknown as Database,
  api: undefined as unknown as TestApi,
  owner: undefined as unknown as Awaited<ReturnType<typeof accountWithScorecards>>,
});
