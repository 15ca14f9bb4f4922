import type { ChildProcess } from "node:child_process";
import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { alerts, kpiValues, webhookEvents, webhooks } from "@/lib/db/schema";
import { queueEvent } from "@/lib/service/webhooks/outbox";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { startReceiver, until } from "@/lib/testing/receiver";
import { spawnTs } from "@/lib/testing/spawn-ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];

/** Starts the child and resolves once it prints `ready`. */
function child(args: string[], ready: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const proc = spawnTs("lib/testing/webhook-child.ts", args);
    children.push(proc);
    let out = "";
    let err = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk;
      if (out.includes(ready)) resolve(proc);
    });
    proc.stderr!.on("data", (chunk: Buffer) => (err += chunk));
    proc.on("exit", (code, signal) => signal === null && reject(new Error(`child exited (${code}): ${err}`)));
  });
}
const kill = (proc: ChildProcess) =>
  new Promise<void>((resolve) => (proc.exitCode !== null || proc.signalCode ? resolve() : (proc.once("exit", () => resolve()), proc.kill("SIGKILL"))));

// Child processes start and stop in every test, and on a loaded machine each start takes seconds:
// the bound guards against a hang and measures nothing.
describe.runIf(adminUrl)("webhook delivery across processes on PostgreSQL", { timeout: 300_000 }, () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let respond: (attempt: number) => { status: number; hang?: boolean } = () => ({ status: 204 });
  let ids: { accountId: number; docId: number; guid: string; hookId: number };

  beforeAll(async () => {
    created = await createPostgresDatabase(adminUrl!);
    database = await openDatabase({ url: created.url });
    receiver = await startReceiver((attempt) => respond(attempt));
    const api = createTestApi(database.db, undefined, { webhookAllowPrivate: true });
    const owner = await accountWithScorecards(api, database.db, "procs@example.com", [smallScorecard()]);
    const docId = owner.scorecardIds[0]!;
    const guid = (await (await api.call(`/api/document/${docId}/kpi/list`, { headers: owner.auth })).json()).items[2].guid;
    const hook = await (await api.call("/api/webhooks", jsonInit("POST", { name: "r", url: receiver.url }, owner.auth))).json();
    receiver.acceptSecret(hook.secret);
    await api.call(
      `/api/document/${docId}/alerts`,
      jsonInit("POST", { name: "big", kpiGuid: guid, condition: "VALUE_ABOVE", threshold: 500, webhookId: hook.id }, owner.auth),
    );
    ids = { accountId: owner.accountId, docId, guid, hookId: hook.id };
  });
  afterEach(async () => {
    await Promise.all(children.splice(0).map(kill));
    respond = () => ({ status: 204 });
    receiver.reset();
    await database.db.delete(webhookEvents);
    await database.db.delete(kpiValues);
    await database.db.update(webhooks).set({ disabledAt: null });
    await database.db.update(alerts).set({ lastState: false });
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.close();
    await created?.drop();
  });

  it("two worker processes deliver each attempt exactly once", async () => {
    const queued = new Set<string>();
    for (let i = 0; i < 60; i++) queued.add(await queueEvent(database.db, ids.hookId, "webhook.test", { n: i }, new Date()));
    await Promise.all([child(["worker", created.url, "60"], "working"), child(["worker", created.url, "60"], "working")]);
    await until(() => new Set(receiver.received.map((r) => r.id)).size === 60, 20_000, "60 distinct deliveries");
    // Once every event is recorded as succeeded and none is leased, no worker has a send in flight.
    await until(
      async () => (await database.db.select().from(webhookEvents)).every((e) => e.status === "succeeded" && e.lockedUntil === null),
      10_000,
      "every event recorded",
    );
    expect(receiver.received).toHaveLength(60);
    expect(new Set(receiver.received.map((r) => r.id))).toEqual(queued);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });

  it("delivers an event whose write committed just before the process was killed", async () => {
    const writer = await child(["write", created.url, String(ids.accountId), String(ids.docId), ids.guid, "2024-01-01", "900"], "committed");
    await kill(writer);
    expect(receiver.received).toHaveLength(0);
    await child(["worker", created.url, "60"], "working");
    await until(() => receiver.received.length === 1, 15_000, "the delivery after the restart");
    expect((receiver.received[0]!.body as { data: { value: number } }).data.value).toBe(900);
  });

  it("delivers again an attempt cut short by a crash (at least once, same webhook-id)", async () => {
    respond = (attempt) => (attempt === 1 ? { status: 204, hang: true } : { status: 204 });
    const eventId = await queueEvent(database.db, ids.hookId, "webhook.test", {}, new Date());
    const first = await child(["worker", created.url, "1"], "working");
    await until(() => receiver.received.length === 1, 15_000, "the first attempt");
    await kill(first);
    await child(["worker", created.url, "1"], "working");
    await until(() => receiver.received.length === 2, 15_000, "the attempt after the restart");
    expect(receiver.received.map((r) => r.id)).toEqual([eventId, eventId]);
    await until(
      async () => (await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId)))[0]?.status === "succeeded",
      5000,
      "succeeded",
    );
  });

  it("sends nothing for a triggering batch killed before it committed, and exactly what it committed otherwise", async () => {
    const outcomes: string[] = [];
    for (let run = 0; run < 6; run++) {
      const first = `${1990 + run * 14}-01-01`;
      const writer = await child(["batch", created.url, String(ids.accountId), String(ids.docId), ids.guid, first], "writing");
      // Spread over the batch's transaction (about a second): some kills land before its commit, some after.
      const killAfterMs = Math.round(Math.random() * 1000);
      await new Promise((r) => setTimeout(r, killAfterMs));
      await kill(writer);
      const [stored] = await database.db.select({ n: count() }).from(kpiValues);
      const [events] = await database.db.select({ n: count() }).from(webhookEvents);
      outcomes.push(`killed after ${killAfterMs} ms: ${stored!.n} values, ${events!.n} events`);
      expect([0, 5000]).toContain(stored!.n);
      expect(events!.n).toBe(stored!.n === 5000 ? 1 : 0);
      await database.db.delete(webhookEvents);
      await database.db.delete(kpiValues);
      await database.db.update(alerts).set({ lastState: false });
    }
    console.log(`killed batches: ${outcomes.join("; ")}`);
  });
});
