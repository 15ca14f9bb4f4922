import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Database } from "@/lib/db/client";
import { kpiValues } from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard } from "./api";
import { suiteFields } from "./suite";

/**
 * The value controller's tests' setting: an account with two small scorecards ("Mine" and "Also
 * mine"), a generous call limit, and no values before each test. Fields are filled in `beforeAll`.
 */
export function valueSuite(open: () => Promise<Database>) {
  const s = {
    ...suiteFields(),
    doc: 0,
    otherDoc: 0,
    /** The first scorecard's KPIs' GUIDs by name. */
    kpi: {} as Record<string, string>,
    /** Sales of the second scorecard. */
    otherSales: "",
  };
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init = body === undefined ? { method, headers: { ...s.owner.auth, ...headers } } : jsonInit(method, body, { ...s.owner.auth, ...headers });
    const response = await s.api.call(path, init);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
  /** How many value records are stored. */
  const stored = async () => (await s.database.db.select({ n: count() }).from(kpiValues))[0]!.n;
  const valuePath = (guid: string, date: string) => `/api/document/${s.doc}/kpi/indicator/${guid}/value/${date}`;

  beforeAll(async () => {
    s.database = await open();
    s.api = createTestApi(s.database.db, undefined, { rateLimitPerHour: 100_000, tokenTtlHours: 24 * 365 });
    s.owner = await accountWithScorecards(s.api, s.database.db, "values@example.com", [smallScorecard("Mine"), smallScorecard("Also mine")]);
    [s.doc, s.otherDoc] = s.owner.scorecardIds as [number, number];
    const items = (await call("GET", `/api/document/${s.doc}/kpi/list`)).body.items as { name: string; guid: string }[];
    s.kpi = Object.fromEntries(items.map((k) => [k.name, k.guid]));
    s.otherSales = (await call("GET", `/api/document/${s.otherDoc}/kpi/list`)).body.items[2].guid;
  });
  beforeEach(async () => {
    await s.database.db.delete(kpiValues);
  });
  afterAll(() => s.database.close());
  return Object.assign(s, { call, stored, valuePath });
}
