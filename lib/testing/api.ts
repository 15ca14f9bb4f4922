import type { Db } from "@/lib/db/client";
import { importScorecard } from "@/lib/db/import";
import type { ScorecardFile } from "@/lib/contract/scorecard-file";
import { createApi } from "@/lib/service/app";
import type { ServiceConfig } from "@/lib/service/context";
import { addUser, createAccount } from "@/lib/service/domain/accounts";
import type { Role } from "@/lib/contract/people";

// Cheap scrypt for accounts made by tests; the production cost is asserted in auth.test.ts.
export const TEST_PASSWORD_COST = 10;

export class TestClock {
  constructor(public current = new Date("2026-03-02T09:00:00.000Z")) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export function createTestApi(db: Db, clock = new TestClock(), config: Partial<ServiceConfig> = {}) {
  const app = createApi({
    db,
    now: clock.now,
    config: {
      rateLimitPerHour: 100,
      tokenTtlHours: 12,
      passwordCost: TEST_PASSWORD_COST,
      webhookAllowPrivate: false,
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: [] },
      signInSecret: "a sign-in secret for tests only, 32+ characters",
      ...config,
    },
  });
  return { app, clock, call: async (path: string, init: RequestInit = {}) => app.request(`/rest${path}`, init) };
}

export type TestApi = ReturnType<typeof createTestApi>;

export const jsonInit = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** An account with the given scorecards, logged in: returns its token and scorecard IDs. */
export async function accountWithScorecards(api: TestApi, db: Db, email: string, cards: ScorecardFile[] = []) {
  const password = "correct horse battery";
  const accountId = await createAccount(db, email, password, TEST_PASSWORD_COST);
  const scorecardIds: number[] = [];
  for (const card of cards) scorecardIds.push(await db.transaction((tx) => importScorecard(tx, accountId, card)));
  const response = await api.call("/login", jsonInit("POST", { email, contraseña: password }));
  const { token } = (await response.json()) as { token: string };
  return { accountId, password, token, scorecardIds, auth: { Token: token } };
}

export const smallScorecard = (name = "Team scorecard"): ScorecardFile => ({
  name,
  description: "A small scorecard for tests",
  kpis: [
    {
      name: "Customer",
      type: "CONTAINER",
      children: [
        { id: "sales", name: "Sales", measure: "USD", grouping: "SUM", min: 0, max: 100, target: 80, baseline: 20 },
        { id: "costs", name: "Costs", measure: "USD", optimization: "MINIMIZE", min: 0, max: 100 },
        { name: "Margin", formula: "[sales] - [costs]", type: "INDICATOR" },
      ],
    },
    { name: "Audit passed", optimization: "BINARY", updateInterval: "QUARTER", target: 1 },
  ],
});

/** Another user of an existing account, logged in. */
export async function teammate(api: TestApi, db: Db, accountId: number, email: string, role: Role) {
  const password = "correct horse battery";
  const userId = await addUser(db, accountId, email, password, role, TEST_PASSWORD_COST);
  const response = await api.call("/login", jsonInit("POST", { email, contraseña: password }));
  const { token } = (await response.json()) as { token: string };
  return { userId, email, password, token, auth: { Token: token } };
}

/**
 * One scorecard for property tests: an API with no practical call limit, its owner logged in,
 * and the KPIs' GUIDs by name.
 */
export async function propertyScorecard(db: Db, email: string, card: ScorecardFile) {
  const api = createTestApi(db, undefined, { rateLimitPerHour: 1_000_000, tokenTtlHours: 10_000 });
  const owner = await accountWithScorecards(api, db, email, [card]);
  const doc = owner.scorecardIds[0]!;
  const items = (await (await api.call(`/api/document/${doc}/kpi/list`, { headers: owner.auth })).json()).items as { name: string; guid: string }[];
  return { api, auth: owner.auth, doc, guid: Object.fromEntries(items.map((k) => [k.name, k.guid])) as Record<string, string> };
}
