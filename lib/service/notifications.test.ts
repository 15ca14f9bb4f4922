import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { deliverDue } from "@/lib/service/webhooks/worker";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { startReceiver } from "@/lib/testing/receiver";
import { freePort, mailText as readable, startSmtp } from "@/lib/testing/smtp";

const DASHBOARD = "https://gauge.example.com";

describe.each(testDatabases)("alert notifications on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let ana: Awaited<ReturnType<typeof teammate>>;
  let doc: number;
  let sales: string;
  let smtpPort: number;
  let mail: { smtpUrl: string; from: string };

  const call = async (method: string, path: string, body?: unknown, a: TestApi = api) => {
    const response = await a.call(path, body === undefined ? { method, headers: owner.auth } : jsonInit(method, body, owner.auth));
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const write = (date: string, value: number) => call("POST", `/api/document/${doc}/kpi/indicator/${sales}/value/${date}`, { value });
  const deliver = () => deliverDue({ db: database.db, allowPrivate: true, retryScale: 0.001, mail });
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    database = await open();
    smtpPort = await freePort();
    mail = { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: "Gauge <gauge@example.com>" };
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 100_000, tokenTtlHours: 10_000, webhookAllowPrivate: true, dashboardUrl: DASHBOARD, mail });
    owner = await accountWithScorecards(api, database.db, "notify@example.com", [smallScorecard()]);
    ana = await teammate(api, database.db, owner.accountId, "ana@example.com", "expert");
    doc = owner.scorecardIds[0]!;
    sales = (await call("GET", `/api/document/${doc}/kpi/list`)).body.items[2].guid;
    await call("PUT", `/api/document/${doc}/sharing`, { users: [{ userId: ana.userId, access: "read" }] });
  });
  afterAll(() => database.close());

  it("e-mails the chosen person in their language and posts a Slack message, each exactly once, though both were down at first", async () => {
    // Ana reads Spanish; the channel gets English.
    expect((await api.call("/api/me/preferences", jsonInit("PUT", { language: "es" }, ana.auth))).status).toBe(200);
    const hookPort = await freePort();
    const hook = await call("POST", "/api/webhooks", { name: "Slack #kpis", url: `http://127.0.0.1:${hookPort}/hook`, format: "slack" });
    expect(hook.status).toBe(201);
    expect(hook.body.format).toBe("slack");
    // Slack verifies no signature: the answer hands out no secret to keep.
    expect(hook.body).not.toHaveProperty("secret");
    const alert = await call("POST", `/api/document/${doc}/alerts`, {
      name: "Sales above 50",
      kpiGuid: sales,
      condition: "VALUE_ABOVE",
      threshold: 50,
      webhookId: hook.body.id,
      emailUserIds: [ana.userId],
    });
    expect(alert.status).toBe(201);
    expect(alert.body).toMatchObject({ webhookId: hook.body.id, emailUserIds: [ana.userId], lastFiredAt: null });

    await write("2024-01-01", 40);
    await write("2024-02-01", 60); // fires

    // Neither the mail server nor the Slack receiver is listening yet.
    expect(await deliver()).toBe(2);
    const sending = (await call("GET", `/api/document/${doc}/alerts`)).body.items.find((a: { id: number }) => a.id === alert.body.id);
    expect(sending).toMatchObject({ lastFiredAt: expect.any(String), lastDelivery: "SENDING" });
    let history = await call("GET", `/api/document/${doc}/alerts/${alert.body.id}/history`);
    expect(history.body.items).toHaveLength(1);
    expect(
      history.body.items[0].deliveries.map((d: { status: string; attempts: number; lastError: string | null }) => [d.status, d.attempts, d.lastError !== null]),
    ).toEqual([
      ["pending", 1, true],
      ["pending", 1, true],
    ]);

    const smtp = await startSmtp(smtpPort);
    const slack = await startReceiver(() => ({ status: 200 }), hookPort);
    try {
      await pause(30);
      expect(await deliver()).toBe(2);
      await pause(30);
      expect(await deliver()).toBe(0);

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(["ana@example.com"]);
      const email = readable(smtp.received[0]!.raw);
      expect(email).toContain("Subject: Sales above 50: Sales está en 60 US$");
      for (const line of [
        "Cuadro de mando: Team scorecard",
        "KPI: Sales",
        "Valor: 60 US$ el 1 feb 2024",
        "Meta: 80 US$",
        "Estado: Desviado (67 %)",
        "Condición: Valor por encima de 50 US$",
        "Abrir Sales en Gauge",
      ]) {
        expect(email).toContain(line);
      }
      expect(email).toContain(`${DASHBOARD}/s/${doc}?kpi=${sales}`);

      expect(slack.received).toHaveLength(1);
      const message = slack.received[0]!.body as { text: string; blocks: { type: string; fields?: { text: string }[]; elements?: { url: string }[] }[] };
      expect(message.text).toBe("Sales above 50: Sales is $60");
      const fields = message.blocks.find((b) => b.type === "section")!.fields!.map((f) => f.text);
      expect(fields).toEqual(
        expect.arrayContaining(["*Scorecard*\nTeam scorecard", "*Value*\n$60 on Feb 1, 2024", "*Target*\n$80", "*Status*\nOff track (67 %)"]),
      );
      expect(message.blocks.find((b) => b.type === "actions")!.elements![0]!.url).toBe(`${DASHBOARD}/s/${doc}?kpi=${sales}`);
    } finally {
      await smtp.close();
      await slack.close();
    }

    history = await call("GET", `/api/document/${doc}/alerts/${alert.body.id}/history`);
    expect(history.body.items[0]).toMatchObject({ date: "2024-02-01", value: 60, previousValue: 40, status: "OFF_TRACK" });
    expect(history.body.items[0].deliveries).toEqual([
      { eventId: expect.any(String), channel: "webhook", to: "Slack #kpis", status: "succeeded", attempts: 2, lastError: null },
      { eventId: expect.any(String), channel: "email", to: "ana@example.com", status: "succeeded", attempts: 2, lastError: null },
    ]);
    // A webhook is re-formatted in place; an empty change is refused, not a server error.
    expect((await call("PATCH", `/api/webhooks/${hook.body.id}`, { format: "teams", name: "Teams #kpis" })).body).toMatchObject({
      format: "teams",
      name: "Teams #kpis",
    });
    const empty = await call("PATCH", `/api/webhooks/${hook.body.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessage).toMatch(/Send at least one field to change/);
    const log = await call("GET", `/api/webhooks/${hook.body.id}/deliveries`);
    expect(log.body.items.map((d: { summary: string; status: string }) => [d.summary, d.status])).toEqual([
      ["Sales above 50: Sales is $60", "succeeded"],
      ["Sales above 50: Sales is $60", "failed"],
    ]);
    const listed = await call("GET", `/api/document/${doc}/alerts`);
    expect(listed.body.items.find((a: { id: number }) => a.id === alert.body.id)).toMatchObject({
      lastFiredAt: history.body.items[0].firedAt,
      lastDelivery: "DELIVERED",
    });
    await call("DELETE", `/api/webhooks/${hook.body.id}`);
  });

  it("shapes Teams and Google Chat messages with the same facts and link", async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const teams = await call("POST", "/api/webhooks", { name: "Teams", url: receiver.url, format: "teams" });
      const chat = await call("POST", "/api/webhooks", { name: "Chat", url: receiver.url, format: "google_chat" });
      for (const hook of [teams, chat]) {
        const created = await call("POST", `/api/document/${doc}/alerts`, {
          name: `Sales changed (${hook.body.name})`,
          kpiGuid: sales,
          condition: "VALUE_CHANGED",
          webhookId: hook.body.id,
        });
        expect(created.status).toBe(201);
      }
      await write("2024-03-01", 75);
      await deliver();
      expect(receiver.received).toHaveLength(2);
      const bodies = receiver.received.map((r) => r.body as Record<string, unknown>);
      const card = bodies.find((b) => b.type === "message") as {
        attachments: { contentType: string; content: { body: { type: string; facts?: { title: string; value: string }[] }[]; actions: { url: string }[] } }[];
      };
      expect(card.attachments[0]!.contentType).toBe("application/vnd.microsoft.card.adaptive");
      const facts = card.attachments[0]!.content.body.find((b) => b.type === "FactSet")!.facts!;
      expect(facts).toEqual(
        expect.arrayContaining([
          { title: "KPI", value: "Sales" },
          { title: "Value", value: "$75 on Mar 1, 2024" },
          { title: "Target", value: "$80" },
        ]),
      );
      expect(card.attachments[0]!.content.actions[0]!.url).toBe(`${DASHBOARD}/s/${doc}?kpi=${sales}`);
      const google = bodies.find((b) => "cardsV2" in b) as {
        text: string;
        cardsV2: { card: { sections: { widgets: { decoratedText?: { topLabel: string; text: string } }[] }[] } }[];
      };
      expect(google.text).toBe("Sales changed (Chat): Sales is $75");
      expect(google.cardsV2[0]!.card.sections[0]!.widgets).toEqual(expect.arrayContaining([{ decoratedText: { topLabel: "Status", text: "At risk (92 %)" } }]));
      for (const hook of [teams, chat]) await call("DELETE", `/api/webhooks/${hook.body.id}`);
    } finally {
      await receiver.close();
    }
  });

  it("edits an alert: threshold, recipients, and never without a channel", async () => {
    const created = await call("POST", `/api/document/${doc}/alerts`, {
      name: "Sales low",
      kpiGuid: sales,
      condition: "VALUE_BELOW",
      threshold: 10,
      emailUserIds: [ana.userId],
    });
    expect(created.status).toBe(201);
    expect(created.body.webhookId).toBeNull();
    const edited = await call("PATCH", `/api/document/${doc}/alerts/${created.body.id}`, { threshold: 20, emailUserIds: [ana.userId, ana.userId] });
    expect(edited.body).toMatchObject({ threshold: 20, emailUserIds: [ana.userId] });
    const noChannel = await call("PATCH", `/api/document/${doc}/alerts/${created.body.id}`, { emailUserIds: [] });
    expect(noChannel.status).toBe(400);
    expect(noChannel.body.errorMessage).toBe("Choose a webhook or at least one person to e-mail");
    const stranger = await call("PATCH", `/api/document/${doc}/alerts/${created.body.id}`, { emailUserIds: [999_999] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.details).toEqual([{ path: "emailUserIds.0", message: "No such active person in this account" }]);
  });

  it("posts a chat message in the webhook's language, and back in English when it has none", async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const hook = await call("POST", "/api/webhooks", { name: "Slack #ventas", url: receiver.url, format: "slack", language: "es" });
      expect(hook.body).toMatchObject({ format: "slack", language: "es" });
      expect((await call("GET", "/api/webhooks")).body.items.find((h: { id: number }) => h.id === hook.body.id).language).toBe("es");
      const alert = await call("POST", `/api/document/${doc}/alerts`, {
        name: "Ventas cambian",
        kpiGuid: sales,
        condition: "VALUE_CHANGED",
        webhookId: hook.body.id,
      });
      expect(alert.status).toBe(201);
      const texts = () => receiver.received.map((r) => (r.body as { text: string }).text);

      await write("2024-05-01", 1234.5);
      await call("POST", `/api/webhooks/${hook.body.id}/test`);
      while (receiver.received.length < 2) expect(await deliver()).toBeGreaterThanOrEqual(0);
      expect(texts()).toEqual(expect.arrayContaining(["Ventas cambian: Sales está en 1234,5 US$", "Mensaje de prueba de Gauge para Slack #ventas"]));

      // null: back to English, and the answer no longer names a language.
      const english = await call("PATCH", `/api/webhooks/${hook.body.id}`, { language: null });
      expect(english.body).not.toHaveProperty("language");
      await write("2024-05-01", 99);
      while (receiver.received.length < 3) expect(await deliver()).toBeGreaterThanOrEqual(0);
      expect(texts()[2]).toBe("Ventas cambian: Sales is $99");
      const refused = await call("PATCH", `/api/webhooks/${hook.body.id}`, { language: "fr" });
      expect(refused.status).toBe(400);
      expect(refused.body.details[0].path).toBe("language");
      await call("DELETE", `/api/document/${doc}/alerts/${alert.body.id}`);
      await call("DELETE", `/api/webhooks/${hook.body.id}`);
    } finally {
      await receiver.close();
    }
  });

  it("refuses e-mail recipients with the reason when the server has no mail settings", async () => {
    const noMail = createTestApi(database.db, undefined, { rateLimitPerHour: 100_000, tokenTtlHours: 10_000 });
    const response = await call(
      "POST",
      `/api/document/${doc}/alerts`,
      { name: "Mail", kpiGuid: sales, condition: "VALUE_CHANGED", emailUserIds: [ana.userId] },
      noMail,
    );
    expect(response.status).toBe(400);
    expect(response.body.errorMessage).toBe("E-mail is not set up on this server: an administrator sets SMTP_URL and MAIL_FROM");
    expect(response.body.details[0].path).toBe("emailUserIds");
  });

  it("e-mails only people who may read the scorecard: checked when the alert is saved and again when each message is sent", async () => {
    const vic = await teammate(api, database.db, owner.accountId, `vic-${Date.now()}@example.com`, "viewer");
    const toVic = { name: "To Vic", kpiGuid: sales, condition: "VALUE_CHANGED", emailUserIds: [vic.userId] };
    const refused = await call("POST", `/api/document/${doc}/alerts`, toVic);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ path: "emailUserIds.0", message: "This person may not read this scorecard: share it with them first" }]);

    await call("PUT", `/api/document/${doc}/sharing`, {
      users: [
        { userId: ana.userId, access: "read" },
        { userId: vic.userId, access: "read" },
      ],
    });
    const alert = await call("POST", `/api/document/${doc}/alerts`, toVic);
    expect(alert.status).toBe(201);
    // The share is withdrawn after the alert was saved: the next firing is not sent to Vic, and the history says why.
    await call("PUT", `/api/document/${doc}/sharing`, { users: [{ userId: ana.userId, access: "read" }] });
    await write("2024-07-01", 7);
    const smtp = await startSmtp(smtpPort);
    try {
      expect(await deliver()).toBeGreaterThanOrEqual(1);
      expect(smtp.received.filter((m) => m.to.includes(vic.email))).toEqual([]);
    } finally {
      await smtp.close();
    }
    const history = await call("GET", `/api/document/${doc}/alerts/${alert.body.id}/history`);
    expect(history.body.items[0].deliveries).toEqual([
      {
        eventId: expect.any(String),
        channel: "email",
        to: vic.email,
        status: "cancelled",
        attempts: 0,
        lastError: `Not sent: ${vic.email} may no longer read this scorecard`,
      },
    ]);
    // The list does not say "fired" as if all were well: the firing's one message went nowhere.
    const listed = (await call("GET", `/api/document/${doc}/alerts`)).body.items.find((a: { id: number }) => a.id === alert.body.id);
    expect(listed).toMatchObject({ lastFiredAt: expect.any(String), lastDelivery: "FAILED" });
    await call("DELETE", `/api/document/${doc}/alerts/${alert.body.id}`);
  });
});
