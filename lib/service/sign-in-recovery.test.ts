import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, teammate, type TestApi } from "@/lib/testing/api";
import { mailText, startSmtp } from "@/lib/testing/smtp";
import { base32, rfc6238 } from "@/lib/testing/totp";
import { runAdminCommand } from "./admin-commands";

describe("a sole admin locked out, with no mail: the server's command line lets them back in", () => {
  let database: Database;
  let api: TestApi;
  let admin: Awaited<ReturnType<typeof accountWithScorecards>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const login = async (email: string, password: string, otp?: string) =>
    (await api.call("/login", jsonInit("POST", { email, contraseña: password, ...(otp === undefined ? {} : { otp }) }))).status;
  const actions = async () =>
    (await (await api.call("/api/activity?kind=people", { headers: admin.auth })).json()).items as { action: string; via: string; details: unknown }[];

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    smtp = await startSmtp();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 10_000, mail: { smtpUrl: smtp.url, from: "Gauge <gauge@example.com>" } });
    admin = await accountWithScorecards(api, database.db, "sole@recovery.example");
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.close();
  });
  const withTwoFactor = async (email: string) => {
    const person = await teammate(api, database.db, admin.accountId, email, "expert");
    const setup = await (await api.call("/api/me/two-factor/setup", { method: "POST", headers: person.auth })).json();
    const code = rfc6238(base32(setup.secret), api.clock.now().getTime() / 1000, 6);
    expect((await api.call("/api/me/two-factor/enable", jsonInit("POST", { code }, person.auth))).status).toBe(200);
    expect(await login(person.email, person.password)).toBe(401);
    return person;
  };

  it("turns a person's two-factor codes off and ends their sessions", async () => {
    const kim = await withTwoFactor("kim@recovery.example");

    expect(await runAdminCommand(database.db, ["clear-two-factor", "KIM@recovery.example"])).toBe(
      "Turned two-factor codes off for kim@recovery.example; their sessions ended",
    );
    expect((await api.call("/api/access/info", { headers: kim.auth })).status).toBe(401);
    expect(await login(kim.email, kim.password)).toBe(200);
    await expect(runAdminCommand(database.db, ["clear-two-factor", "kim@recovery.example"])).rejects.toThrow("kim@recovery.example has no two-factor codes");
    expect((await actions()).find((e) => e.action.startsWith("turned a person's two-factor codes off"))).toMatchObject({
      via: "cli",
      details: { email: "kim@recovery.example" },
    });
  });

  it("sets a person's password and ends their sessions", async () => {
    const lee = await teammate(api, database.db, admin.accountId, "lee@recovery.example", "admin");
    expect(await runAdminCommand(database.db, ["reset-password", "lee@recovery.example", "a new long password"])).toBe(
      "Set a new password for lee@recovery.example; their sessions ended",
    );
    expect((await api.call("/api/access/info", { headers: lee.auth })).status).toBe(401);
    expect(await login(lee.email, lee.password)).toBe(401);
    expect(await login(lee.email, "a new long password")).toBe(200);
    await expect(runAdminCommand(database.db, ["reset-password", "lee@recovery.example", "short"])).rejects.toThrow("at least 8 characters");
    await expect(runAdminCommand(database.db, ["reset-password", "nobody@recovery.example", "a new long password"])).rejects.toThrow(
      "No user nobody@recovery.example",
    );
    expect((await actions()).find((e) => e.action.startsWith("set a person's password"))).toMatchObject({
      via: "cli",
      details: { email: "lee@recovery.example" },
    });
  });

  it("lets an admin turn off the codes of a person who lost them: signed out, told by e-mail, logged", async () => {
    const pat = await withTwoFactor("pat@recovery.example");
    const listed = (await (await api.call("/api/users", { headers: admin.auth })).json()).items.find((u: { email: string }) => u.email === pat.email);
    expect(listed).toMatchObject({ twoFactor: true });
    expect((await api.call(`/api/users/${pat.userId}/two-factor`, { method: "DELETE", headers: pat.auth })).status).toBe(403);
    expect((await api.call(`/api/users/${pat.userId}/two-factor`, { method: "DELETE", headers: admin.auth })).status).toBe(204);
    expect((await api.call("/api/access/info", { headers: pat.auth })).status).toBe(401);
    expect(await login(pat.email, pat.password)).toBe(200);
    expect((await (await api.call(`/api/users/${pat.userId}/two-factor`, { method: "DELETE", headers: admin.auth })).json()).errorMessage).toBe(
      "pat@recovery.example has no two-factor codes",
    );
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(pat.email)).length, { timeout: 10_000 }).toBe(1);
    expect(mailText(smtp.received.find((m) => m.to.includes(pat.email))!.raw)).toContain("Turned off by: sole@recovery.example");
    expect((await actions()).find((e) => e.action === "turned a person's two-factor codes off, ending their sessions")).toMatchObject({
      details: { email: pat.email },
    });
  });
});
