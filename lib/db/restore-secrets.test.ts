import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { sealingProblem } from "@/lib/service/sealing-check";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, TestClock, type TestApi } from "@/lib/testing/api";
import { startOidcProvider } from "@/lib/testing/oidc-provider";
import { startSourceServer } from "@/lib/testing/source-server";
import { totpAt } from "@/lib/testing/totp";
import { backup, restore } from "./backup";

// A backup restored on another machine: with the secrets it was sealed with, two-factor codes, single
// sign-on and connector passwords work there; with another, the start names the secret to bring.
const DASHBOARD = "https://gauge.example.com";
const SECRETS = {
  connectors: { secret: "the connector secret of the original, 32+", allowedHosts: ["127.0.0.1"] },
  signInSecret: "the sign-in secret of the original, 32+ chars",
};
const TOKEN = "Bearer erp-reading-token";

describe("a backup restored with the same secrets", () => {
  let original: Database;
  let copy: Database;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  let source: Awaited<ReturnType<typeof startSourceServer>>;
  let totpSecret: string;
  let connectorId: number;
  const clock = new TestClock(new Date());
  /** The DNS TXT records the service finds, by name. */
  const txt: Record<string, string[][]> = {};
  const api = (db: Database, secrets = SECRETS): TestApi =>
    createTestApi(db.db, clock, {
      rateLimitPerHour: 10_000,
      dashboardUrl: DASHBOARD,
      ssoAllowedHosts: ["127.0.0.1"],
      resolveTxt: async (name) => txt[name] ?? [],
      ...secrets,
    });

  beforeAll(async () => {
    original = await openDatabase({ memory: true });
    source = await startSourceServer({
      "/sales.json": () => ({ body: JSON.stringify({ data: [{ kpi: "Sales", day: "2026-01-15", amount: 12 }] }), requires: { Authorization: TOKEN } }),
    });
    provider = await startOidcProvider({ redirectUris: [`${DASHBOARD}/api/session/oidc/callback`] });
    const before = api(original);
    const admin = await accountWithScorecards(before, original.db, "admin@restore.example", [smallScorecard()]);
    const call = async (method: string, url: string, body?: unknown) => (await before.call(url, jsonInit(method, body ?? {}, admin.auth))).json();
    const setup = await call("POST", "/api/me/two-factor/setup");
    totpSecret = setup.secret;
    expect((await call("POST", "/api/me/two-factor/enable", { code: totpAt(totpSecret, clock.now()) })).enabled ?? true).toBeTruthy();
    const sso = await before.call(
      "/api/sso",
      jsonInit(
        "PUT",
        {
          issuer: provider.issuer,
          clientId: provider.client_id,
          clientSecret: provider.client_secret,
          domains: ["sso.restore.example"],
          defaultRole: "viewer",
        },
        admin.auth,
      ),
    );
    expect(sso.status).toBe(200);
    // The domain is proven before the backup: the restored copy lets new people of it sign in.
    const { dnsRecord } = (await sso.json()).sso.domainProofs[0];
    txt[dnsRecord.name] = [[dnsRecord.value]];
    expect((await call("POST", "/api/sso/domains/sso.restore.example/proof")).proven).toBe(true);
    const connector = await call("POST", "/api/connectors", {
      name: "ERP",
      kind: "json",
      shape: "rows",
      docId: admin.scorecardIds[0],
      source: { url: `${source.url}/sales.json`, headers: { Authorization: TOKEN } },
      mapping: { rows: "$.data[*]", kpi: "$.kpi", date: "day", value: "amount" },
    });
    connectorId = connector.id;
    const file = path.join(mkdtempSync(path.join(tmpdir(), "gauge-restore-")), "backup.gz");
    await backup(original.db, file);
    copy = await openDatabase({ memory: true });
    await restore(copy.db, file);
  });
  afterAll(async () => {
    await Promise.all([provider.close(), source.close()]);
    await original.close();
    await copy.close();
  });

  it("signs in with two-factor codes and SSO and runs connectors with their stored passwords", async () => {
    const restored = api(copy);
    expect(await sealingProblem(restored.app.deps)).toBeNull();
    const withCode = await (
      await restored.call(
        "/login",
        jsonInit("POST", {
          email: "admin@restore.example",
          contraseña: "correct horse battery",
          otp: totpAt(totpSecret, new Date(clock.now().getTime() + 30_000)),
        }),
      )
    ).json();
    expect(withCode).toMatchObject({ success: true, token: expect.stringMatching(/^gst_/) });
    const auth = { Token: withCode.token };
    const run = await (await restored.call(`/api/connectors/${connectorId}/run`, { method: "POST", headers: auth })).json();
    expect(run).toMatchObject({ status: "succeeded", valuesWritten: 1 });
    const start = await (await restored.call("/sso/start", jsonInit("POST", { email: "pat@sso.restore.example" }))).json();
    const back = await provider.signIn(start.authorizationUrl, "pat@sso.restore.example");
    const signedIn = await restored.call("/sso/callback", jsonInit("POST", { query: back.search.slice(1) }));
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ email: "pat@sso.restore.example", token: expect.stringMatching(/^gst_/) });
  });

  it("names the secret to bring when the new machine's differs", async () => {
    const otherConnectors = api(copy, { ...SECRETS, connectors: { ...SECRETS.connectors, secret: "a freshly generated connector secret, 32+" } });
    expect(await sealingProblem(otherConnectors.app.deps)).toMatch(
      /^The database's connector credentials are sealed with another CONNECTOR_SECRET than this server's: set CONNECTOR_SECRET/,
    );
    const otherSignIn = api(copy, { ...SECRETS, signInSecret: "a freshly generated sign-in secret, 32+ chars" });
    expect(await sealingProblem(otherSignIn.app.deps)).toMatch(
      /^The database's two-factor keys are sealed with another SIGN_IN_SECRET than this server's: set SIGN_IN_SECRET/,
    );
  });
});
