import type { ChildProcess } from "node:child_process";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { changeSets, connectorRuns, connectors, kpiValues } from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { until } from "@/lib/testing/receiver";
import { startSourceServer } from "@/lib/testing/source-server";
import { spawnTs } from "@/lib/testing/spawn-ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];

function scheduler(url: string, clock: { start: number; realStart: number; speed: number }, leaseSeconds: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const proc = spawnTs("lib/testing/connector-child.ts", [
      "scheduler",
      url,
      String(clock.start),
      String(clock.realStart),
      String(clock.speed),
      String(leaseSeconds),
    ]);
    children.push(proc);
    let out = "";
    let err = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk;
      if (out.includes("working")) resolve(proc);
    });
    proc.stderr!.on("data", (chunk: Buffer) => (err += chunk));
    proc.on("exit", (code, signal) => signal === null && reject(new Error(`child exited (${code}): ${err}`)));
  });
}
const kill = (proc: ChildProcess) =>
  new Promise<void>((resolve) => (proc.exitCode !== null || proc.signalCode ? resolve() : (proc.once("exit", () => resolve()), proc.kill("SIGKILL"))));

// Child processes start and stop in every test, and on a loaded machine each start takes seconds:
// the bound guards against a hang and measures nothing.
describe.runIf(adminUrl)("scheduled connector runs across processes on PostgreSQL", { timeout: 300_000 }, () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let api: TestApi;
  let source: Awaited<ReturnType<typeof startSourceServer>>;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let docId: number;
  let hold: Promise<void> | undefined;

  const rows5000 = JSON.stringify(
    Array.from({ length: 5000 }, (_, i) => ({ kpi: "Sales", date: new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10), value: i })),
  );
  const newConnector = async (path: string, cron: string) => {
    const answer = await api.call(
      "/api/connectors",
      jsonInit(
        "POST",
        {
          name: path,
          kind: "json",
          shape: "rows",
          docId,
          source: { url: `${source.url}${path}` },
          mapping: { kpi: "kpi", date: "date", value: "value" },
          schedule: { cron, timeZone: "UTC" },
        },
        owner.auth,
      ),
    );
    expect(answer.status).toBe(201);
    return (await answer.json()).id as number;
  };

  beforeAll(async () => {
    created = await createPostgresDatabase(adminUrl!);
    database = await openDatabase({ url: created.url });
    api = createTestApi(database.db, undefined, {
      rateLimitPerHour: 1000,
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"] },
    });
    owner = await accountWithScorecards(api, database.db, "scheduled@example.com", [smallScorecard()]);
    docId = owner.scorecardIds[0]!;
    let reads = 0;
    source = await startSourceServer({
      // Each read answers a new value: every run changes the stored record, and makes one change set.
      "/tick.json": () => ({ body: JSON.stringify([{ kpi: "Sales", date: "2026-03-01", value: ++reads }]) }),
      "/big.json": () => ({ body: rows5000, hold }),
    });
  });
  afterEach(async () => {
    await Promise.all(children.splice(0).map(kill));
    await database.db.delete(connectors);
    await database.db.delete(kpiValues);
    source.requests.length = 0;
  });
  afterAll(async () => {
    await source?.close();
    await database?.close();
    await created?.drop();
  });

  it("two processes run a connector due every 5 minutes once per scheduled time", async () => {
    const id = await newConnector("/tick.json", "*/5 * * * *");
    // The test clock reads 2026-03-02 09:00 when the connector is saved: first due at 09:05.
    const clock = { start: Date.parse("2026-03-02T09:04:00Z"), realStart: Date.now() + 3000, speed: 300 };
    await Promise.all([scheduler(created.url, clock, 3600), scheduler(created.url, clock, 3600)]);
    await until(
      async () => (await database.db.select({ n: count() }).from(connectorRuns).where(eq(connectorRuns.connectorId, id)))[0]!.n >= 8,
      60_000,
      "8 scheduled runs",
    );
    // Stop scheduling, and let a run in flight finish (it releases its lease when it commits).
    await database.db.update(connectors).set({ enabled: false }).where(eq(connectors.id, id));
    await until(async () => (await database.db.select().from(connectors).where(eq(connectors.id, id)))[0]!.leaseToken === null, 10_000, "no run in flight");
    const runs = await database.db.select().from(connectorRuns).where(eq(connectorRuns.connectorId, id)).orderBy(connectorRuns.scheduledFor);
    const times = runs.map((r) => r.scheduledFor!.toISOString());
    // Each run is one scheduled time of the grid, in order, none twice. A time the clock (300 times
    // as fast as the wall's) passed while the machine stalled is skipped, as cron skips it.
    expect(times[0]).toBe("2026-03-02T09:05:00.000Z");
    expect(times.every((t) => Date.parse(t) % 300_000 === 0)).toBe(true);
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    expect(runs.every((r) => r.status === "succeeded" && r.valuesWritten === 1)).toBe(true);
    // Each scheduled time read the source once and made one change set: nothing ran twice.
    expect(source.requests.filter((r) => r.path === "/tick.json")).toHaveLength(runs.length);
    const [sets] = await database.db.select({ n: count() }).from(changeSets).where(sql`${changeSets.via} = 'connector'`);
    expect(sets!.n).toBe(runs.length);
  });

  it("redoes, once, a run whose process was killed midway, and never leaves half its values", async () => {
    const id = await newConnector("/big.json", "0 6 * * *");
    const outcomes: string[] = [];
    for (let round = 0; round < 5; round++) {
      await database.db
        .update(connectors)
        .set({ nextRunAt: new Date(Date.now() - 1000), leaseUntil: null, leaseToken: null })
        .where(eq(connectors.id, id));
      const clock = { start: Date.now(), realStart: Date.now(), speed: 1 };
      const child = await scheduler(created.url, clock, 2);
      const killAfterMs = Math.round(Math.random() * 400);
      await new Promise((r) => setTimeout(r, killAfterMs));
      await kill(child);
      const [stored] = await database.db.select({ n: count() }).from(kpiValues);
      const [recorded] = await database.db.select({ n: count() }).from(connectorRuns).where(eq(connectorRuns.connectorId, id));
      outcomes.push(`killed after ${killAfterMs} ms: ${stored!.n} values, ${recorded!.n} runs`);
      expect([0, 5000]).toContain(stored!.n);
      expect(recorded!.n).toBe(stored!.n === 5000 ? 1 : 0);
      await database.db.delete(kpiValues);
      await database.db.delete(connectorRuns);
    }
    console.log(`killed scheduled runs: ${outcomes.join("; ")}`);

    // A run cut short while it reads: nothing written; the next process takes it when its lease runs out, and runs it once.
    source.requests.length = 0;
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    await database.db
      .update(connectors)
      .set({ nextRunAt: new Date(Date.now() - 1000), leaseUntil: null, leaseToken: null })
      .where(eq(connectors.id, id));
    const first = await scheduler(created.url, { start: Date.now(), realStart: Date.now(), speed: 1 }, 2);
    await until(() => source.requests.some((r) => r.path === "/big.json"), 10_000, "the first read");
    await kill(first);
    release();
    hold = undefined;
    expect((await database.db.select({ n: count() }).from(kpiValues))[0]!.n).toBe(0);
    await scheduler(created.url, { start: Date.now(), realStart: Date.now(), speed: 1 }, 2);
    await until(
      async () => (await database.db.select({ n: count() }).from(connectorRuns).where(eq(connectorRuns.connectorId, id)))[0]!.n === 1,
      20_000,
      "the redone run",
    );
    const [run] = await database.db.select().from(connectorRuns).where(eq(connectorRuns.connectorId, id));
    expect(run).toMatchObject({ trigger: "schedule", status: "succeeded", valuesWritten: 5000 });
    expect((await database.db.select({ n: count() }).from(kpiValues))[0]!.n).toBe(5000);
    expect(source.requests.filter((r) => r.path === "/big.json").length).toBe(2);
  });
});
