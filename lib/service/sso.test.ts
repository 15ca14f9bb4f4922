import { describe, expect, it } from "vitest";
import { ssoLogins } from "@/lib/db/schema";
import { createTestApi, jsonInit, teammate } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { freePort } from "@/lib/testing/smtp";
import { CLIENT_ADDRESS_HEADER } from "@/lib/cli/public-origin.mjs";
import { DASHBOARD, ssoSuite } from "@/lib/testing/sso-suite";
import { SSO_STARTS_PER_MINUTE } from "./sign-in/start-throttle";

describe.each(testDatabases)("single sign-on against a real OpenID provider, on $name", ({ open }) => {
  const s = ssoSuite(open, {
    "unverified@corp.example": { email_verified: false },
    "lee@corp.example": { groups: ["kpi-editors"] },
    "outsider@elsewhere.example": {},
  });
  const { people, call, ssoSettings, signIn, publishProof } = s;

  it("is set up by an admin with a secret never shown again, and refuses an issuer that is not a provider", async () => {
    expect((await call("GET", "/api/sso", s.admin.auth)).json).toEqual({ redirectUri: `${DASHBOARD}/api/session/oidc/callback`, sso: null });
    // The login page offers single sign-on only once an account has it.
    expect((await call("GET", "/setup", {})).json).toEqual({ needed: false, singleSignOn: false });
    // The provider's address goes through the outbound guard: loopback, link-local (a cloud's metadata
    // service) and private addresses only where the operator lists them in SSO_ALLOWED_HOSTS.
    const guarded = createTestApi(s.database.db, s.api.clock, { dashboardUrl: DASHBOARD, resolveHost: async () => ["169.254.169.254"] });
    const putThere = async (issuer: string) =>
      (await guarded.call("/api/sso", jsonInit("PUT", ssoSettings({ issuer }), s.admin.auth))).json().then((j) => j.errorMessage);
    expect(await putThere(s.provider.issuer)).toBe(
      "The issuer's discovery document could not be read: 127.0.0.1 is a private or internal address: the server's operator may allow it by listing it in SSO_ALLOWED_HOSTS",
    );
    expect(await putThere("https://login.idp.example/tenant")).toBe(
      "The issuer's discovery document could not be read: login.idp.example is a private or internal address: the server's operator may allow it by listing it in SSO_ALLOWED_HOSTS",
    );
    const wrong = await call("PUT", "/api/sso", s.admin.auth, ssoSettings({ issuer: `http://127.0.0.1:${await freePort()}/nothing` }));
    expect(wrong.status).toBe(400);
    // In words of the service's own: what the network library said (address, port) is not echoed.
    expect(wrong.json.errorMessage).toBe("The issuer's discovery document could not be read: nothing answers at that address");
    expect((await call("PUT", "/api/sso", s.admin.auth, ssoSettings({ clientSecret: undefined }))).status).toBe(400);
    const saved = await call("PUT", "/api/sso", s.admin.auth, ssoSettings());
    expect(saved.status).toBe(200);
    // The domain is proven the account's (sso-domains.test.ts tries the proofs), so new people of it sign in.
    publishProof(saved.json.sso, "corp.example");
    expect((await call("POST", "/api/sso/domains/corp.example/proof", s.admin.auth)).json.proven).toBe(true);
    expect((await call("GET", "/setup", {})).json).toEqual({ needed: false, singleSignOn: true });
    expect(saved.json.sso).toMatchObject({ issuer: s.provider.issuer, domains: ["corp.example"], enforce: false, breakGlassEmail: "boss@corp.example" });
    expect(JSON.stringify(saved.json)).not.toContain(s.provider.client_secret);
    // Sent back without the secret: the stored one is kept.
    expect((await call("PUT", "/api/sso", s.admin.auth, ssoSettings({ clientSecret: "***" }))).status).toBe(200);
  });

  it("creates the user on the first sign-in with the default role, and gives a token that works", async () => {
    const first = await signIn("new.hire@corp.example");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ success: true, email: "new.hire@corp.example" });
    const info = await call("GET", "/api/access/info", { Token: first.json.token });
    expect(info.json).toMatchObject({ email: "new.hire@corp.example", role: "viewer", accountId: s.admin.accountId });
    const again = await signIn("new.hire@corp.example");
    expect((await call("GET", "/api/access/info", { Token: again.json.token })).json.userId).toBe(info.json.userId);
    const log = await call("GET", "/api/activity?kind=sign-in", s.admin.auth);
    const actions = (log.json.items as { email: string; action: string }[]).filter((e) => e.email === "new.hire@corp.example").map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["signed in with single sign-on for the first time (user created)", "logged in with single sign-on"]));
    // The client's address, as the dashboard forwards it, is kept with each sign-in.
    const details = (log.json.items as { email: string; details: Record<string, unknown> }[])
      .filter((e) => e.email === "new.hire@corp.example")
      .map((e) => e.details);
    expect(details).toEqual([{ address: "203.0.113.9" }, { address: "203.0.113.9" }]);
  });

  it("knows a person by the provider's subject: a new address signs in the same user, and another person given a linked address is refused", async () => {
    const first = await signIn("sam@corp.example");
    const sam = (await call("GET", "/api/access/info", { Token: first.json.token })).json;
    // The provider gives Sam a new address: Sam still.
    people["sam@corp.example"] = { email: "samuel@corp.example" };
    const renamed = await signIn("samuel@corp.example", undefined, "sam@corp.example");
    expect(renamed.json).toMatchObject({ success: true, email: "sam@corp.example" });
    expect((await call("GET", "/api/access/info", { Token: renamed.json.token })).json.userId).toBe(sam.userId);
    // Someone else at the provider now carries Sam's address: not Sam.
    people.mallory = { email: "sam@corp.example" };
    const impostor = await signIn("sam@corp.example", undefined, "mallory");
    expect(impostor.status).toBe(401);
    expect(impostor.json.errorMessage).toBe("This e-mail belongs to a person who signs in as someone else at the provider: ask an admin");
  });

  it("starts a sign-in without writing anything (the pending sign-in travels sealed in its state), and refuses a state it did not seal", async () => {
    const rows = async () => (await s.database.db.select().from(ssoLogins)).length;
    const before = await rows();
    for (let i = 0; i < 5; i++) expect((await call("POST", "/sso/start", {}, { email: `visitor${i}@corp.example` })).status).toBe(200);
    expect(await rows()).toBe(before);
    const forged = await call(
      "POST",
      "/sso/callback",
      {},
      { query: `state=${Buffer.from("v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA").toString("base64url")}&code=x` },
    );
    expect(forged.status).toBe(401);
    expect(forged.json.errorMessage).toBe("This sign-in is unknown, already used or expired: start again");
    for (const state of ["abc", "", "%ff", "x".repeat(3000)])
      expect((await call("POST", "/sso/callback", {}, { query: `state=${state}&code=x` })).status, state).toBe(401);
  });

  it("throttles the sign-ins started from one client address, and only that address", async () => {
    const from = (address: string) => ({ [CLIENT_ADDRESS_HEADER]: address });
    const start = (address: string) => call("POST", "/sso/start", from(address), { email: "lee@corp.example" });
    for (let i = 0; i < SSO_STARTS_PER_MINUTE; i++) expect((await start("198.51.100.7")).status).toBe(200);
    const refused = await s.api.call("/sso/start", jsonInit("POST", { email: "lee@corp.example" }, from("198.51.100.7")));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await refused.json()).toMatchObject({ code: "rate_limited", errorMessage: "Too many sign-ins started from this address; try again in 60 s" });
    expect((await start("198.51.100.8")).status).toBe(200);
    s.api.clock.advance(60_001);
    expect((await start("198.51.100.7")).status).toBe(200);
  });

  it("gives the role a person's groups map to, and follows their groups at later sign-ins", async () => {
    const first = await signIn("lee@corp.example");
    expect((await call("GET", "/api/access/info", { Token: first.json.token })).json.role).toBe("expert");
    people["lee@corp.example"] = { groups: ["kpi-editors", "it-admins"] };
    const later = await signIn("lee@corp.example");
    expect((await call("GET", "/api/access/info", { Token: later.json.token })).json.role).toBe("admin");
  });

  it("refuses a tampered state, a used state, a wrong nonce, an expired or foreign-audience ID token, and an unverified e-mail", async () => {
    const tampered = await signIn("ana@corp.example", (q) => q.set("state", `${q.get("state")}x`));
    expect(tampered.status).toBe(401);
    expect(tampered.json).toMatchObject({ success: false, code: "unauthorized" });

    const start = await call("POST", "/sso/start", {}, { email: "ana@corp.example" });
    const back = await s.provider.signIn(start.json.authorizationUrl, "ana@corp.example");
    expect((await call("POST", "/sso/callback", {}, { query: back.search.slice(1) })).status).toBe(200);
    const replay = await call("POST", "/sso/callback", {}, { query: back.search.slice(1) });
    expect(replay.status).toBe(401);
    expect(replay.json.errorMessage).toMatch(/unknown, already used or expired/);

    const refusedWith = async (rewrite: (claims: Record<string, unknown>) => Record<string, unknown>) => {
      const started = await call("POST", "/sso/start", {}, { email: "eve@corp.example" });
      const returned = await s.provider.signIn(started.json.authorizationUrl, "eve@corp.example");
      s.provider.tamperNextIdToken(rewrite);
      return call("POST", "/sso/callback", {}, { query: returned.search.slice(1) });
    };
    const now = Math.floor(Date.now() / 1000);
    for (const [what, rewrite] of [
      ["nonce", (c: Record<string, unknown>) => ({ ...c, nonce: "a nonce of another sign-in" })],
      ["exp", (c: Record<string, unknown>) => ({ ...c, iat: now - 7200, exp: now - 3600 })],
      ["aud", (c: Record<string, unknown>) => ({ ...c, aud: "another-app" })],
    ] as const) {
      const refused = await refusedWith(rewrite);
      expect(refused.status, what).toBe(401);
      expect(refused.json.errorMessage, what).toMatch(/did not pass its checks/);
      expect(refused.json.errorMessage, what).toMatch(new RegExp(what === "exp" ? "exp|expired|timestamp" : what));
    }
    // None of those signed eve in: she was never created.
    const users = await call("GET", "/api/users", s.admin.auth);
    expect((users.json.items as { email: string }[]).map((u) => u.email)).not.toContain("eve@corp.example");

    const unverified = await signIn("unverified@corp.example");
    expect(unverified.status).toBe(401);
    expect(unverified.json.errorMessage).toMatch(/not verified/);
    const log = await call("GET", "/api/activity?kind=sign-in", s.admin.auth);
    const refusal = (log.json.items as { email: string | null; action: string; details: { reason?: string } }[]).find(
      (e) => e.email === "unverified@corp.example",
    );
    expect(refusal).toMatchObject({
      action: "failed to sign in with single sign-on",
      details: { reason: "The provider has not verified this e-mail address" },
    });
    expect((await call("POST", "/sso/start", {}, { email: "outsider@elsewhere.example" })).status).toBe(404);
  });

  it("with enforce, refuses covered password logins but keeps the break-glass admin and API keys working", async () => {
    const pat = await teammate(s.api, s.database.db, s.admin.accountId, "pat@corp.example", "expert");
    const key = await call("POST", "/api/api-keys", pat.auth, { name: "nightly" });
    expect((await call("PUT", "/api/sso", s.admin.auth, ssoSettings({ clientSecret: "***", enforce: true }))).status).toBe(200);
    const password = await s.api.call("/login", jsonInit("POST", { email: "pat@corp.example", contraseña: pat.password }));
    expect(password.status).toBe(403);
    expect(await password.json()).toMatchObject({ success: false, token: null, errorMessage: expect.stringMatching(/single sign-on/) });
    // A wrong password is answered as for an address nobody holds: the answer names no SSO user.
    const guessed = await s.api.call("/login", jsonInit("POST", { email: "pat@corp.example", contraseña: "a guess" }));
    const nobody = await s.api.call("/login", jsonInit("POST", { email: "nobody@corp.example", contraseña: "a guess" }));
    expect([guessed.status, { ...(await guessed.json()), email: "-" }]).toEqual([nobody.status, { ...(await nobody.json()), email: "-" }]);
    const breakGlass = await s.api.call("/login", jsonInit("POST", { email: "boss@corp.example", contraseña: s.admin.password }));
    expect(breakGlass.status).toBe(200);
    expect((await call("GET", "/api/access/info", { Token: key.json.key })).status).toBe(200);
    expect((await signIn("pat@corp.example")).status).toBe(200);
    // Off again: the password works.
    expect((await call("DELETE", "/api/sso", s.admin.auth)).status).toBe(204);
    expect((await s.api.call("/login", jsonInit("POST", { email: "pat@corp.example", contraseña: pat.password }))).status).toBe(200);
  });
});
