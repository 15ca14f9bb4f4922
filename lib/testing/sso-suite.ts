import { afterAll, beforeAll, expect } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, TestClock, type TestApi } from "@/lib/testing/api";
import { startOidcProvider, type ProviderPerson } from "@/lib/testing/oidc-provider";
import { CLIENT_ADDRESS_HEADER } from "@/lib/cli/public-origin.mjs";

export const DASHBOARD = "http://localhost:3000";

/**
 * A real OpenID provider knowing `people`, a service whose DNS answers the TXT records in `txt`,
 * and an account whose admin is boss@corp.example, set up before the suite's tests and closed
 * after them. Fields are filled in `beforeAll`.
 */
export function ssoSuite(open: () => Promise<Database>, people: Record<string, ProviderPerson>) {
  const s = {} as {
    database: Database;
    api: TestApi;
    provider: Awaited<ReturnType<typeof startOidcProvider>>;
    admin: Awaited<ReturnType<typeof accountWithScorecards>>;
  };
  /** The DNS TXT records the service finds, by name. */
  const txt: Record<string, string[][]> = {};
  /** Publishes the record that proves `domain` for the account whose settings are `sso`. */
  const publishProof = (sso: { domainProofs: { domain: string; dnsRecord: { name: string; value: string } }[] }, domain: string) => {
    const { name, value } = sso.domainProofs.find((d) => d.domain === domain)!.dnsRecord;
    // DNS hosts split a long value into strings of their own: the record is their concatenation.
    txt[name] = [["v=spf1 -all"], [value.slice(0, 20), value.slice(20)]];
  };
  const call = async (method: string, path: string, auth: Record<string, string>, body?: unknown) => {
    const response = await s.api.call(path, body === undefined ? { method, headers: auth } : jsonInit(method, body, auth));
    return { status: response.status, json: await response.json().catch(() => null) };
  };
  const ssoSettings = (extra: Record<string, unknown> = {}) => ({
    issuer: s.provider.issuer,
    clientId: s.provider.client_id,
    clientSecret: s.provider.client_secret,
    domains: ["corp.example"],
    defaultRole: "viewer",
    groupsClaim: "groups",
    roleByGroup: { "kpi-editors": "expert", "it-admins": "admin" },
    ...extra,
  });
  /** Start at Gauge, sign in at the provider's pages (as `login`, its subject), and bring its answer back to Gauge. */
  const signIn = async (email: string, change?: (query: URLSearchParams) => void, login = email) => {
    const start = await call("POST", "/sso/start", {}, { email });
    expect(start.status).toBe(200);
    const back = await s.provider.signIn(start.json.authorizationUrl, login);
    expect(back.href.startsWith(`${DASHBOARD}/api/session/oidc/callback?`)).toBe(true);
    expect(back.searchParams.get("state")).toBe(start.json.state);
    const query = new URLSearchParams(back.search);
    change?.(query);
    return call("POST", "/sso/callback", { [CLIENT_ADDRESS_HEADER]: "203.0.113.9" }, { query: query.toString() });
  };

  beforeAll(async () => {
    s.database = await open();
    // The service's clock is the real one here: the provider signs its tokens with the real time.
    s.api = createTestApi(s.database.db, new TestClock(new Date()), {
      rateLimitPerHour: 10_000,
      dashboardUrl: DASHBOARD,
      ssoAllowedHosts: ["127.0.0.1"],
      resolveTxt: async (name) => txt[name] ?? [],
    });
    s.provider = await startOidcProvider({ redirectUris: [`${DASHBOARD}/api/session/oidc/callback`], people });
    s.admin = await accountWithScorecards(s.api, s.database.db, "boss@corp.example");
  });
  afterAll(async () => {
    await s.provider.close();
    await s.database.close();
  });
  return Object.assign(s, { people, txt, publishProof, call, ssoSettings, signIn });
}
