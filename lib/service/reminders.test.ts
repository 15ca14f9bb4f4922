import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { webhookEvents } from "@/lib/db/schema";
import { sendDueReminders, sendWeeklyDigests } from "@/lib/service/notifications/reminders";
import { deliverDue } from "@/lib/service/webhooks/worker";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { mailText as readable, startSmtp } from "@/lib/testing/smtp";

describe.each(testDatabases)("reminders and weekly digests on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let ana: Awaited<ReturnType<typeof teammate>>;
  let doc: number;
  let sales: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await api.call(path, body === undefined ? { method, headers: owner.auth } : jsonInit(method, body, owner.auth));
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const options = (at: string) => ({ db: database.db, now: new Date(at), dashboardUrl: "https://gauge.example.com", mail: true });
  const deliver = () => deliverDue({ db: database.db, allowPrivate: true, retryScale: 0.001, mail: { smtpUrl: smtp.url, from: "Gauge <gauge@example.com>" } });
  const reminders = async () => (await database.db.select().from(webhookEvents).where(eq(webhookEvents.type, "kpi.reminder"))).length;

  beforeAll(async () => {
    database = await open();
    smtp = await startSmtp();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 100_000, tokenTtlHours: 10_000 });
    owner = await accountWithScorecards(api, database.db, "reminders@example.com", [smallScorecard()]);
    ana = await teammate(api, database.db, owner.accountId, "ana.owner@example.com", "expert");
    doc = owner.scorecardIds[0]!;
    sales = (await call("GET", `/api/document/${doc}/kpi/list`)).body.items.find((k: { name: string }) => k.name === "Sales").guid;
    const owned = await call("PATCH", `/api/document/${doc}/kpi/${sales}`, { ownerId: ana.userId });
    expect(owned.body.ownerId).toBe(ana.userId);
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  it("reminds the owner once per overdue period, after the grace days, also when processes race", async () => {
    // February 2024 ended on the 29th; after 3 grace days (1-3 March) it is overdue from 4 March.
    expect(await sendDueReminders(options("2024-03-03T23:00:00Z"))).toBe(0);
    const racing = await Promise.all(Array.from({ length: 5 }, () => sendDueReminders(options("2024-03-04T08:00:00Z"))));
    expect(racing.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendDueReminders(options("2024-03-20T08:00:00Z"))).toBe(0);
    expect(await reminders()).toBe(1);

    await deliver();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["ana.owner@example.com"]);
    const email = readable(smtp.received[0]!.raw);
    expect(email).toContain("Subject: Reminder: Sales has no value for Feb 2024");
    expect(email).toContain("Overdue since: Mar 4, 2024");
    expect(email).toContain(`https://gauge.example.com/s/${doc}/values`);

    // March gets its value in time: no reminder in April. A wrong owner setting is refused.
    expect((await call("POST", `/api/document/${doc}/kpi/indicator/${sales}/value/2024-03-31`, { value: 70 })).status).toBe(200);
    expect(await sendDueReminders(options("2024-04-10T08:00:00Z"))).toBe(0);
    const stranger = await call("PATCH", `/api/document/${doc}/kpi/${sales}`, { ownerId: 999_999 });
    expect(stranger.status).toBe(400);
    expect(stranger.body.details).toEqual([{ path: "ownerId", message: "No such active person in this account" }]);

    // Reminders off for the account: nothing for May.
    expect((await call("PATCH", "/api/notification-settings", { reminderDays: null })).body.reminderDays).toBeNull();
    expect(await sendDueReminders(options("2024-06-10T08:00:00Z"))).toBe(0);
    await call("PATCH", "/api/notification-settings", { reminderDays: 3 });
  });

  it("sends one weekly digest of overdue KPIs and status changes, once a week", async () => {
    smtp.received.length = 0;
    // Written on the API's clock (2 March 2026): the newest value moves Sales from at risk to off track.
    await call("POST", `/api/document/${doc}/kpi/indicator/${sales}/value/2024-04-30`, { value: 25 });
    // Monday 9 March 2026: February has no value (overdue since the 4th), and that change is a week old at most.
    const monday = "2026-03-09T07:00:00Z";
    expect(await sendWeeklyDigests(options(monday))).toBe(1);
    expect(await sendWeeklyDigests(options("2026-03-12T07:00:00Z"))).toBe(0);
    await deliver();
    const digest = smtp.received.find((m) => m.raw.includes("Your KPIs this week"));
    expect(digest?.to).toEqual(["ana.owner@example.com"]);
    const text = readable(digest!.raw);
    expect(text).toContain("Subject: Your KPIs this week: 1 overdue, 1 changed status");
    expect(text).toContain("• Sales (Team scorecard): no value for Feb 2026");
    expect(text).toContain("• Sales (Team scorecard): At risk → Off track at $25 on Apr 30, 2024");

    // The next week's digest is in the language the owner chose meanwhile.
    expect((await api.call("/api/me/preferences", jsonInit("PUT", { language: "es" }, ana.auth))).status).toBe(200);
    expect(await sendWeeklyDigests(options("2026-03-16T07:00:00Z"))).toBe(1);
    await deliver();
    const spanish = readable(smtp.received.find((m) => m.raw.includes("Tus KPI esta semana"))!.raw);
    expect(spanish).toContain("Subject: Tus KPI esta semana: 1 pendiente, 0 cambiaron de estado");
    expect(spanish).toContain("• Sales (Team scorecard): sin valor para feb 2026");
    expect(spanish).toContain("Semana del: 16 mar 2026");
  });
});
