import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { kpiValues, webhookEvents, webhooks } from "@/lib/db/schema";
import { deliverDue, RETRY_SCHEDULE_SECONDS, startWebhookWorker } from "@/lib/service/webhooks/worker";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { startReceiver, until } from "@/lib/testing/receiver";

describe.each(testDatabases)("alerts and webhook delivery on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let doc: number;
  let sales: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let respond: (attempt: number) => { status: number; headers?: Record<string, string> };
  let stopWorker: (() => Promise<void>) | undefined;

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await api.call(path, body === undefined ? { method, headers: owner.auth } : jsonInit(method, body, owner.auth));
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const write = (date: string, value: number) => call("POST", `/api/document/${doc}/kpi/indicator/${sales}/value/${date}`, { value });
  async function hookAndAlert(condition: string, threshold: number | null, url = receiver.url) {
    const hook = await call("POST", "/api/webhooks", { name: "Receiver", url });
    expect(hook.status).toBe(201);
    receiver.acceptSecret(hook.body.secret);
    const alert = await call("POST", `/api/document/${doc}/alerts`, {
      name: `Sales ${condition}`,
      kpiGuid: sales,
      condition,
      threshold,
      webhookId: hook.body.id,
    });
    expect(alert.status).toBe(201);
    return { hook: hook.body, alert: alert.body };
  }
  /** Every queued event has reached its end (succeeded, failed or cancelled) and none is being sent: no delivery can still come. */
  const settled = () =>
    until(
      async () => (await database.db.select().from(webhookEvents)).every((e) => e.status !== "pending" && e.lockedUntil === null),
      8000,
      "every event delivered or ended",
    );
  const runWorker = (retryScale = 0.001) => {
    const worker = startWebhookWorker({ db: database.db, allowPrivate: true, retryScale, pollMs: 20 });
    stopWorker = worker.stop;
  };

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 100_000, tokenTtlHours: 10_000, webhookAllowPrivate: true });
    owner = await accountWithScorecards(api, database.db, "alerts@example.com", [smallScorecard()]);
    doc = owner.scorecardIds[0]!;
    sales = (await call("GET", `/api/document/${doc}/kpi/list`)).body.items[2].guid;
    receiver = await startReceiver((attempt) => respond(attempt));
  });
  afterEach(async () => {
    await stopWorker?.();
    stopWorker = undefined;
    respond = () => ({ status: 204 });
    receiver.reset();
    await database.db.delete(webhooks);
    await database.db.delete(kpiValues);
  });
  afterAll(async () => {
    await receiver.close();
    await database.close();
  });

  it("delivers one signed event when a write makes the condition true, not again while it stays true", async () => {
    respond = () => ({ status: 204 });
    const { alert } = await hookAndAlert("VALUE_ABOVE", 50);
    await write("2024-01-01", 40);
    await write("2024-02-01", 60); // becomes true: fires
    await write("2024-03-01", 70); // stays true: silent
    await write("2024-04-01", 30); // false again
    await write("2024-05-01", 80); // true again: fires
    await write("2023-01-01", 99); // an old date does not change the newest value: silent
    runWorker();
    expect(await database.db.select().from(webhookEvents)).toHaveLength(2);
    await settled();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.received[0]!.body).toEqual({
      type: "alert.triggered",
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      data: {
        alert: { ...alert, lastFiredAt: undefined, lastDelivery: undefined }, // the alert as created, without its firing
        scorecard: { id: doc, name: "Team scorecard" },
        kpi: { guid: sales, name: "Sales", measure: "USD" },
        date: "2024-02-01",
        value: 60,
        previousValue: 40,
        target: 80,
        url: `http://localhost:3000/s/${doc}?kpi=${sales}`,
        performance: 0.6,
        // 60 is 40/60 of the way from Sales' baseline 20 to its target 80.
        score: 40 / 60,
        status: "OFF_TRACK",
      },
    });
    expect((receiver.received[1]!.body as { data: { value: number; previousValue: number } }).data).toMatchObject({ value: 80, previousValue: 30 });
  });

  it("fires PERFORMANCE_BELOW on the score (progress to target), not on the position on the scale", async () => {
    respond = () => ({ status: 204 });
    receiver.reset();
    await hookAndAlert("PERFORMANCE_BELOW", 0.5);
    // Sales: scale 0-100, baseline 20, target 80. 45 sits at 45 % of the scale but 25/60 of the way to the target.
    await write("2024-06-01", 45); // score 0.42: fires
    await write("2024-07-01", 85); // beats the target, score 1: clears
    await write("2024-08-01", 60); // score 0.67: still above 0.5, silent
    runWorker();
    await settled();
    expect(receiver.received.map((r) => (r.body as { data: { value: number; score: number } }).data)).toEqual([
      expect.objectContaining({ value: 45, score: 25 / 60, status: "OFF_TRACK", performance: 0.45 }),
    ]);
  });

  it("fires VALUE_CHANGED on each change, and nothing for a rolled-back batch", async () => {
    await hookAndAlert("VALUE_CHANGED", null);
    await write("2024-01-01", 1);
    await write("2024-01-01", 1); // the same value: no change
    const rejected = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, {
      items: [
        { guid: sales, date: "2024-02-01", value: 5 },
        { guid: sales, date: "2024-02-30", value: 6 },
      ],
    });
    expect(rejected.status).toBe(400);
    await write("2024-01-01", 2);
    expect(await database.db.select().from(webhookEvents)).toHaveLength(2);
    runWorker();
    await until(() => receiver.received.length >= 2, 5000, "two deliveries");
    expect(receiver.received.map((r) => (r.body as { data: { value: number } }).data.value)).toEqual([1, 2]);
  });

  it("retries failures on the scaled schedule, honours Retry-After, and stops after success", async () => {
    respond = (attempt) => (attempt === 1 ? { status: 500 } : attempt === 2 ? { status: 503, headers: { "Retry-After": "1" } } : { status: 200 });
    const { hook } = await hookAndAlert("VALUE_BELOW", 10);
    await write("2024-01-01", 5);
    runWorker(0.001);
    await until(() => receiver.received.length >= 3, 8000, "three attempts");
    await settled();
    const times = receiver.received.map((r) => r.at);
    expect(times).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(RETRY_SCHEDULE_SECONDS[0]! * 1000 * 0.001);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1000); // Retry-After beats the 0.3 s schedule
    const log = await call("GET", `/api/webhooks/${hook.id}/deliveries`);
    expect(log.body.items.map((d: { status: string; responseStatus: number }) => [d.status, d.responseStatus])).toEqual([
      ["succeeded", 200],
      ["failed", 503],
      ["failed", 500],
    ]);
    expect(log.body.items[0].nextAttemptAt).toBeNull();
    expect(log.body.items[2].nextAttemptAt).not.toBeNull();
  });

  it("gives up after the last retry of the schedule", async () => {
    respond = () => ({ status: 500 });
    await hookAndAlert("VALUE_BELOW", 10);
    await write("2024-01-01", 5);
    // A scale of 1e-6 turns ten hours into 36 ms.
    runWorker(0.000001);
    await until(() => receiver.received.length >= RETRY_SCHEDULE_SECONDS.length + 1, 8000, "every attempt");
    await until(async () => (await database.db.select().from(webhookEvents))[0]?.status === "failed", 3000, "failed");
    expect(receiver.received).toHaveLength(RETRY_SCHEDULE_SECONDS.length + 1);
  });

  it("disables the webhook when the receiver answers 410", async () => {
    respond = () => ({ status: 410 });
    const { hook } = await hookAndAlert("VALUE_CHANGED", null);
    await write("2024-01-01", 1);
    runWorker();
    await until(() => receiver.received.length >= 1, 5000, "the delivery");
    await until(async () => (await database.db.select().from(webhooks).where(eq(webhooks.id, hook.id)))[0]?.disabledAt !== null, 3000, "disabled");
    await write("2024-01-01", 2);
    // The disabled webhook gets no event for the new write, so nothing more can be sent to it.
    expect(await database.db.select().from(webhookEvents)).toHaveLength(1);
    await settled();
    expect(receiver.received).toHaveLength(1);
  });

  it("treats a redirect as a failure and never follows it", async () => {
    respond = () => ({ status: 302, headers: { Location: "http://169.254.169.254/latest/meta-data" } });
    const { hook } = await hookAndAlert("VALUE_CHANGED", null);
    await write("2024-01-01", 1);
    await deliverDue({ db: database.db, allowPrivate: true, retryScale: 1 });
    const log = await call("GET", `/api/webhooks/${hook.id}/deliveries`);
    expect(log.body.items).toEqual([expect.objectContaining({ status: "failed", responseStatus: 302, error: "Redirects are not followed" })]);
    expect(receiver.received).toHaveLength(1);
  });

  it("sends test events and redelivers an event under the same webhook-id", async () => {
    const { hook } = await hookAndAlert("VALUE_CHANGED", null);
    const queued = await call("POST", `/api/webhooks/${hook.id}/test`);
    expect(queued.status).toBe(202);
    await deliverDue({ db: database.db, allowPrivate: true, retryScale: 1 });
    expect(receiver.received.map((r) => [r.id, (r.body as { type: string }).type])).toEqual([[queued.body.eventId, "webhook.test"]]);
    expect((await call("POST", `/api/webhooks/${hook.id}/events/${queued.body.eventId}/redeliver`)).status).toBe(202);
    await deliverDue({ db: database.db, allowPrivate: true, retryScale: 1 });
    expect(receiver.received.map((r) => r.id)).toEqual([queued.body.eventId, queued.body.eventId]);
    expect((await call("POST", `/api/webhooks/${hook.id}/events/msg_nope/redeliver`)).status).toBe(404);
  });

  it("checks the address again at delivery time", async () => {
    const { hook } = await hookAndAlert("VALUE_CHANGED", null);
    await write("2024-01-01", 1);
    await deliverDue({ db: database.db, allowPrivate: false, retryScale: 1 });
    expect(receiver.received).toHaveLength(0);
    const log = await call("GET", `/api/webhooks/${hook.id}/deliveries`);
    expect(log.body.items[0]).toMatchObject({ status: "failed", responseStatus: null, error: expect.stringContaining("internal address") });
  });

  it("validates alerts: a threshold where needed, the scorecard's KPI, the account's webhook", async () => {
    const { hook } = await hookAndAlert("VALUE_CHANGED", null);
    const bad = await call("POST", `/api/document/${doc}/alerts`, {
      name: "x",
      kpiGuid: "00000000-0000-4000-8000-000000000000",
      condition: "VALUE_ABOVE",
      webhookId: hook.id + 1000,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(["threshold"]);
    const refs = await call("POST", `/api/document/${doc}/alerts`, {
      name: "x",
      kpiGuid: "00000000-0000-4000-8000-000000000000",
      condition: "VALUE_ABOVE",
      threshold: 1,
      webhookId: hook.id + 1000,
    });
    expect(refs.body.details.map((d: { path: string }) => d.path)).toEqual(["kpiGuid", "webhookId"]);
    const list = await call("GET", `/api/document/${doc}/alerts`);
    const id = list.body.items[0].id;
    expect((await call("PATCH", `/api/document/${doc}/alerts/${id}`, { condition: "VALUE_ABOVE" })).status).toBe(400);
    expect((await call("PATCH", `/api/document/${doc}/alerts/${id}`, { active: false })).body.active).toBe(false);
    expect((await call("DELETE", `/api/document/${doc}/alerts/${id}`)).status).toBe(204);
  });
});
