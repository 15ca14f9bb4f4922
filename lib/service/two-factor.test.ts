import { describe, expect, it } from "vitest";
import { teammate } from "@/lib/testing/api";
import { accountSuite } from "@/lib/testing/suite";
import { testDatabases } from "@/lib/testing/databases";
import { base32, rfc6238 } from "@/lib/testing/totp";

describe("RFC 6238 in the test", () => {
  it("gives the RFC's own test vectors (SHA-1, 8 digits)", () => {
    const key = Buffer.from("12345678901234567890");
    expect([59, 1111111109, 1111111111, 1234567890, 2000000000].map((t) => rfc6238(key, t, 8))).toEqual([
      "94287082",
      "07081804",
      "14050471",
      "89005924",
      "69279037",
    ]);
  });
});

describe.each(testDatabases)("two-factor codes on $name", ({ open }) => {
  const suite = accountSuite(open, "admin@twofactor.example");
  const { call } = suite;
  const codeAt = (secret: string, offsetSteps = 0) => rfc6238(base32(secret), suite.api.clock.now().getTime() / 1000 + offsetSteps * 30, 6);
  const login = (email: string, password: string, otp?: string) =>
    call("POST", "/login", {}, { email, contraseña: password, ...(otp === undefined ? {} : { otp }) });

  it("is set up with a QR code, confirmed by a code from another implementation, and then asked for at login", async () => {
    const kim = await teammate(suite.api, suite.database.db, suite.admin.accountId, "kim@twofactor.example", "expert");
    const setup = await call("POST", "/api/me/two-factor/setup", kim.auth);
    expect(setup.status).toBe(200);
    expect(setup.json.otpauthUri).toMatch(/^otpauth:\/\/totp\/Gauge:kim%40twofactor\.example\?.*secret=/);
    expect(Buffer.from(setup.json.qrCode.split(",")[1], "base64").toString()).toMatch(/^<svg/);
    expect((await call("POST", "/api/me/two-factor/enable", kim.auth, { code: "000000" })).status).toBe(400);
    const confirming = codeAt(setup.json.secret);
    const enabled = await call("POST", "/api/me/two-factor/enable", kim.auth, { code: confirming });
    expect(enabled.status).toBe(200);
    const recovery = enabled.json.recoveryCodes as string[];
    expect(new Set(recovery).size).toBe(10);
    expect((await call("GET", "/api/me/two-factor", kim.auth)).json).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredByAccount: false });

    const without = await login(kim.email, kim.password);
    expect(without.status).toBe(401);
    expect(without.json).toMatchObject({
      success: false,
      token: null,
      errorMessage: expect.stringMatching(/two-factor code is needed.*otp/),
      details: [{ path: "otp" }],
    });
    // The code that confirmed the setup, still on the app's screen, signs in once (a person who
    // enables two-factor codes and logs in elsewhere at once types it again), then never again.
    const signedIn = await login(kim.email, kim.password, confirming);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.success).toBe(true);
    const reused = await login(kim.email, kim.password, confirming);
    expect(reused.status).toBe(401);
    expect(reused.json.errorMessage).toMatch(/wrong or was already used/);
    suite.api.clock.advance(30_000);
    const code = codeAt(setup.json.secret);
    expect((await login(kim.email, kim.password, code)).status).toBe(200);
    expect((await login(kim.email, kim.password, code)).status).toBe(401);
    // A code from the step before still works once the clock drifts (one step either way), but never an older one.
    suite.api.clock.advance(30_000);
    expect((await login(kim.email, kim.password, codeAt(setup.json.secret, -2))).status).toBe(401);

    // Recovery codes work once each, in any case and with or without the dash.
    const first = recovery[0]!;
    expect((await login(kim.email, kim.password, first.toUpperCase().replace("-", ""))).status).toBe(200);
    expect((await login(kim.email, kim.password, first)).status).toBe(401);
    expect((await call("GET", "/api/me/two-factor", kim.auth)).json.recoveryCodesLeft).toBe(9);

    // Turning it off takes a code; then the password alone is enough again.
    expect((await call("POST", "/api/me/two-factor/disable", kim.auth, { code: "123456" })).status).toBe(400);
    expect((await call("POST", "/api/me/two-factor/disable", kim.auth, { code: recovery[1] })).status).toBe(204);
    expect((await login(kim.email, kim.password)).status).toBe(200);
  });

  it("counts missing and wrong codes as failed logins, so codes are throttled like passwords", async () => {
    const lou = await teammate(suite.api, suite.database.db, suite.admin.accountId, "lou@twofactor.example", "viewer");
    const setup = await call("POST", "/api/me/two-factor/setup", lou.auth);
    await call("POST", "/api/me/two-factor/enable", lou.auth, { code: codeAt(setup.json.secret) });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(lou.email, lou.password, String(100000 + i))).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    suite.api.clock.advance(30_000);
    expect((await login(lou.email, lou.password, codeAt(setup.json.secret))).status).toBe(429);
    suite.api.clock.advance(15 * 60_000);
    expect((await login(lou.email, lou.password, codeAt(setup.json.secret))).status).toBe(200);
  });

  it("when the account requires codes, a session without them may only set them up", async () => {
    expect((await call("PUT", "/api/security", suite.admin.auth, { requireTwoFactor: true })).status).toBe(409);
    const setup = await call("POST", "/api/me/two-factor/setup", suite.admin.auth);
    await call("POST", "/api/me/two-factor/enable", suite.admin.auth, { code: codeAt(setup.json.secret) });
    expect((await call("PUT", "/api/security", suite.admin.auth, { requireTwoFactor: true })).json).toEqual({ requireTwoFactor: true });

    const sam = await teammate(suite.api, suite.database.db, suite.admin.accountId, "sam@twofactor.example", "expert");
    const key = await call("POST", "/api/api-keys", suite.admin.auth, { name: "script" });
    const info = await call("GET", "/api/access/info", sam.auth);
    expect(info.json.twoFactorSetupNeeded).toBe(true);
    const refused = await call("GET", "/api/documents/list", sam.auth);
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessage).toMatch(/requires two-factor codes/);
    // API keys are for scripts: they keep working.
    expect((await call("GET", "/api/documents/list", { Token: key.json.key })).status).toBe(200);
    const samSetup = await call("POST", "/api/me/two-factor/setup", sam.auth);
    await call("POST", "/api/me/two-factor/enable", sam.auth, { code: codeAt(samSetup.json.secret) });
    expect((await call("GET", "/api/documents/list", sam.auth)).status).toBe(200);
    expect((await call("POST", "/api/me/two-factor/disable", sam.auth, { code: "000000" })).status).toBe(409);
    await call("PUT", "/api/security", suite.admin.auth, { requireTwoFactor: false });
    const log = await call("GET", "/api/activity?kind=settings", suite.admin.auth);
    expect((log.json.items as { action: string; details: Record<string, unknown> }[])[0]).toMatchObject({
      action: "changed the sign-in rules",
      details: { requireTwoFactor: false },
    });
  });
});
