import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { mailText, startSmtp } from "@/lib/testing/smtp";

const DASHBOARD = "http://gauge.test";

describe.each(testDatabases)("password reset on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let noMail: TestApi;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Awaited<ReturnType<typeof accountWithScorecards>>;
  const call = async (on: TestApi, method: string, path: string, auth: Record<string, string>, body?: unknown) => {
    const response = await on.call(path, body === undefined ? { method, headers: auth } : jsonInit(method, body, auth));
    return { status: response.status, json: await response.json().catch(() => null) };
  };
  const login = (email: string, password: string) => call(api, "POST", "/login", {}, { email, contraseña: password });
  /** Waits for the n-th e-mail to arrive, and gives its reset link. */
  const linkInMail = async (n: number) => {
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(n);
    const text = mailText(smtp.received[n - 1]!.raw);
    return { to: smtp.received[n - 1]!.to, token: decodeURIComponent(/\/reset\/([^\s"<>]+)/.exec(text)![1]!) };
  };

  beforeAll(async () => {
    database = await open();
    smtp = await startSmtp();
    api = createTestApi(database.db, undefined, {
      rateLimitPerHour: 10_000,
      dashboardUrl: DASHBOARD,
      mail: { smtpUrl: smtp.url, from: "Gauge <gauge@example.com>" },
    });
    noMail = createTestApi(database.db, api.clock, { rateLimitPerHour: 10_000, dashboardUrl: DASHBOARD });
    admin = await accountWithScorecards(api, database.db, "admin@reset.example");
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  it("answers the same for any e-mail, mails a single-use link to a user, and ends their sessions", async () => {
    const rae = await teammate(api, database.db, admin.accountId, "rae@reset.example", "expert");
    const key = await call(api, "POST", "/api/api-keys", rae.auth, { name: "script" });
    const unknown = await call(api, "POST", "/password-reset", {}, { email: "nobody@reset.example" });
    const known = await call(api, "POST", "/password-reset", {}, { email: "RAE@reset.example" });
    expect(unknown).toEqual(known);
    expect(known).toEqual({ status: 202, json: { message: expect.stringMatching(/If that e-mail belongs to a user/), byEmail: true } });
    const mail = await linkInMail(1);
    expect(mail.to).toEqual(["rae@reset.example"]);
    expect(smtp.received).toHaveLength(1);

    expect((await call(api, "POST", "/password-reset/confirm", {}, { token: mail.token, password: "short" })).status).toBe(400);
    expect((await call(api, "POST", "/password-reset/confirm", {}, { token: mail.token, password: "a brand new password" })).status).toBe(204);
    expect((await call(api, "GET", "/api/access/info", rae.auth)).status).toBe(401);
    expect((await call(api, "GET", "/api/access/info", { Token: key.json.key })).status).toBe(200);
    expect((await login(rae.email, rae.password)).status).toBe(401);
    expect((await login(rae.email, "a brand new password")).status).toBe(200);
    expect((await call(api, "POST", "/password-reset/confirm", {}, { token: mail.token, password: "yet another password" })).status).toBe(404);
  });

  it("expires a link after one hour, sends at most three an hour, and lets an admin issue one without mail", async () => {
    const ivy = await teammate(api, database.db, admin.accountId, "ivy@reset.example", "viewer");
    const before = smtp.received.length;
    for (let i = 0; i < 4; i++) expect((await call(api, "POST", "/password-reset", {}, { email: ivy.email })).status).toBe(202);
    const { token } = await linkInMail(before + 3);
    expect(smtp.received.length).toBe(before + 3);
    api.clock.advance(60 * 60_000 + 1000);
    expect((await call(api, "POST", "/password-reset/confirm", {}, { token, password: "too late for this" })).status).toBe(404);

    // Without a mail server the page says so, and an admin hands a link over.
    expect((await call(noMail, "POST", "/password-reset", {}, { email: ivy.email })).json.byEmail).toBe(false);
    const expert = await teammate(api, database.db, admin.accountId, "exp@reset.example", "expert");
    expect((await call(api, "POST", `/api/users/${ivy.userId}/reset-link`, expert.auth)).status).toBe(403);
    const link = await call(api, "POST", `/api/users/${ivy.userId}/reset-link`, admin.auth);
    expect(link.status).toBe(201);
    expect(link.json.url.startsWith(`${DASHBOARD}/reset/gpr_`)).toBe(true);
    const issued = decodeURIComponent(link.json.url.split("/reset/")[1]);
    expect((await call(api, "POST", "/password-reset/confirm", {}, { token: issued, password: "chosen by ivy herself" })).status).toBe(204);
    expect((await login(ivy.email, "chosen by ivy herself")).status).toBe(200);
    const log = await call(api, "GET", "/api/activity?kind=sign-in", admin.auth);
    expect((log.json.items as { email: string; action: string }[]).some((e) => e.email === ivy.email && e.action === "reset their password with a link")).toBe(
      true,
    );
  });
});
