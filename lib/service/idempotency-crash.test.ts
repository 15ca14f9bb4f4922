import type { ChildProcess } from "node:child_process";
import { and, count, eq, gte, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { kpiValues } from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, TestClock } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { spawnTs } from "@/lib/testing/spawn-ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const day = (first: number, n: number) => new Date(Date.UTC(2000 + first, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** Starts the API in a child process; resolves with it and its base URL once it listens. */
function startServer(url: string): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnTs("lib/testing/api-server-child.ts", [url]);
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk;
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) resolve({ child, base: `http://127.0.0.1:${port}/rest` });
    });
    child.on("error", reject);
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once("exit", () => resolve())));

describe.runIf(adminUrl)("a keyed batch whose server is killed mid-request", () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let token: string;
  let docId: number;
  let guid: string;

  beforeAll(async () => {
    created = await createPostgresDatabase(adminUrl!);
    database = await openDatabase({ url: created.url });
    const api = createTestApi(database.db, new TestClock(new Date()), { rateLimitPerHour: 1_000_000 });
    const owner = await accountWithScorecards(api, database.db, "retry@example.com", [{ name: "Daily", kpis: [{ name: "Orders", updateInterval: "DAY" }] }]);
    token = owner.token;
    docId = owner.scorecardIds[0]!;
    guid = (await (await api.call(`/api/document/${docId}/kpi/list`, { headers: owner.auth })).json()).items[1].guid;
  });
  afterAll(async () => {
    await database.close();
    await created.drop();
  });

  // Sixteen server processes start in turn, and on a loaded machine each start takes seconds: the
  // bound guards against a hang and measures nothing.
  it("succeeds once when retried after a restart: no 409, nothing written twice, 8 times out of 8", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const items = Array.from({ length: 5000 }, (_, i) => ({ guid, date: day(round * 20, i), value: i }));
      const send = (base: string) =>
        fetch(`${base}/api/document/${docId}/kpi/batch/set-values`, {
          method: "POST",
          headers: { Token: token, "Content-Type": "application/json", "Idempotency-Key": `import-${round}` },
          body: JSON.stringify({ items }),
        });
      const stored = async () =>
        (
          await database.db
            .select({ n: count() })
            .from(kpiValues)
            .where(and(eq(kpiValues.kpiGuid, guid), gte(kpiValues.date, items[0]!.date), lte(kpiValues.date, items[4999]!.date)))
        )[0]!.n;

      const first = await startServer(created.url);
      const inFlight = send(first.base).then(
        (r) => r.status,
        () => "cut",
      );
      const killAfter = 20 + Math.floor(Math.random() * 600);
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      first.child.kill("SIGKILL");
      await killed(first.child);
      const before = await stored();
      outcomes.push(`killed after ${killAfter} ms: ${await inFlight}, ${before} stored`);
      expect([0, 5000]).toContain(before);

      const second = await startServer(created.url);
      try {
        const retry = await send(second.base);
        expect(retry.status, outcomes.at(-1)).toBe(200);
        expect((await retry.json()).written).toBe(5000);
        expect(await stored()).toBe(5000);
        const again = await send(second.base);
        expect(again.status).toBe(200);
        expect(again.headers.get("Idempotent-Replayed")).toBe("true");
      } finally {
        second.child.kill("SIGKILL");
        await killed(second.child);
      }
    }
    console.log(outcomes.join("; "));
  }, 300_000);
});
