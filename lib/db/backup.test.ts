import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Db, type Tx } from "@/lib/db/client";
import { seedDemo } from "@/lib/service/admin";
import { createAccount, findAccountId } from "@/lib/service/domain/accounts";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, TestClock, type TestApi } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./demo";
import { spawnTs } from "@/lib/testing/spawn-ts";
import { sql } from "drizzle-orm";
import { backup, restore } from "./backup";
import { queryRows } from "./query";

type Operation = { path: string; params: string[] };

/** Every GET of the OpenAPI document as a path template and its path parameters. */
async function getOperations(api: TestApi): Promise<Operation[]> {
  const doc = (await (await api.call("/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([, methods]) => "get" in methods)
    .map(([p]) => ({ path: p.replace(/^\/rest/, ""), params: [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!) }));
}

/** Every GET that the installation can answer with its own data: each scorecard, its first KPI, its records, a webhook and an alert. */
async function everyRead(api: TestApi, auth: Record<string, string>, operations: Operation[]): Promise<string[]> {
  const json = async (p: string) => (await api.call(p, { headers: auth })).json();
  const scorecards = (await json("/api/documents/list")).documents.map((d: { id: number }) => d.id) as number[];
  const webhook = (await json("/api/webhooks")).items?.[0]?.id;
  const urls: string[] = [];
  for (const docId of scorecards) {
    const kpi = (await json(`/api/document/${docId}/kpi/list`)).items.find((k: { indicatorType: string }) => k.indicatorType === "INDICATOR").guid;
    const alert = (await json(`/api/document/${docId}/alerts`)).items?.[0]?.id;
    const sample: Record<string, unknown> = {
      docId,
      guid: kpi,
      period: "MONTH",
      startDate: "2025-01-01",
      endDate: "2025-12-31",
      date: "2025-06-30",
      mapId: docId,
    };
    for (const op of operations) {
      const values: Record<string, unknown> = { ...sample, id: op.path.includes("/alerts/") ? alert : webhook };
      if (op.params.some((p) => values[p] === undefined)) continue;
      const url = op.path.replace(/\{(\w+)\}/g, (_, p: string) => String(values[p]));
      urls.push(url.endsWith("/batch/records") ? `${url}?field=value` : url);
    }
  }
  return [...new Set(urls)].sort();
}

/** Every table's row count. */
async function rowCounts(db: Db | Tx): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`))[0]!.n;
  return counts;
}

/** Holds every read of `urls` on `copy` to the same status and bytes as on `api`. */
async function expectSameReads(api: TestApi, copy: TestApi, auth: Record<string, string>, urls: string[]) {
  for (const url of urls) {
    const [before, after] = [await api.call(url, { headers: auth }), await copy.call(url, { headers: auth })];
    expect(after.status, url).toBe(before.status);
    if (url === "/api/access/info" || url === "/api/access/spending") {
      // Documented to differ: the hour's call count, and so what spent it, starts again.
      const budgetless = async (r: Response) => ({ ...(await r.json()), usedCount: 0, spenders: [] });
      expect(await budgetless(after), url).toEqual(await budgetless(before));
      continue;
    }
    expect(Buffer.from(await after.arrayBuffer()).equals(Buffer.from(await before.arrayBuffer())), url).toBe(true);
  }
}

describe("backup and restore", () => {
  let original: Database;
  let api: TestApi;
  let auth: Record<string, string>;
  let demo: number;
  let other: { accountId: number; auth: Record<string, string> };
  const folder = mkdtempSync(path.join(tmpdir(), "gauge-backup-"));
  const clock = new TestClock(new Date("2026-11-20T10:00:00Z"));

  beforeAll(async () => {
    original = await openDatabase({ memory: true });
    await seedDemo(original.db, { today: clock.now() });
    api = createTestApi(original.db, clock, { rateLimitPerHour: 100_000, tokenTtlHours: 1000 });
    const { token } = await (await api.call("/login", jsonInit("POST", { email: DEMO_EMAIL, contraseña: DEMO_PASSWORD }))).json();
    auth = { Token: token };
    // Beyond the demo: written values (history), a locked period, a share, an API key, a webhook and an alert, a note.
    const kpi = (await (await api.call("/api/document/1/kpi/list", { headers: auth })).json()).items.find(
      (k: { indicatorType: string; formula: string | null }) => k.indicatorType === "INDICATOR" && !k.formula,
    );
    await api.call(
      "/api/document/1/kpi/batch/set-values",
      jsonInit("POST", { items: [{ guid: kpi.guid, date: "2025-03-01", value: 1234.5, target: 2000 }] }, auth),
    );
    await api.call("/api/document/1/lock", jsonInit("PUT", { lockedUntil: "2024-12-31" }, auth));
    await api.call("/api/document/2/sharing", jsonInit("PUT", { account: "read" }, auth));
    await api.call("/api/api-keys", jsonInit("POST", { name: "Nightly" }, auth));
    const hook = await (await api.call("/api/webhooks", jsonInit("POST", { name: "Ops", url: "https://93.184.216.34/hook" }, auth))).json();
    await api.call("/api/document/1/alerts", jsonInit("POST", { name: "Watch", kpiGuid: kpi.guid, condition: "VALUE_CHANGED", webhookId: hook.id }, auth));
    await api.call(`/api/document/1/kpi/${kpi.guid}/notes`, jsonInit("POST", { date: "2025-03-01", text: "Why it moved" }, auth));
    // A second account with its own scorecard, values, history, key and webhook.
    demo = (await findAccountId(original.db, DEMO_EMAIL))!;
    other = await accountWithScorecards(api, original.db, "other@backup.example", [smallScorecard("Other team")]);
    const [otherDoc] = (await (await api.call("/api/documents/list", { headers: other.auth })).json()).documents.map((d: { id: number }) => d.id);
    const otherKpi = (await (await api.call(`/api/document/${otherDoc}/kpi/list`, { headers: other.auth })).json()).items.find(
      (k: { name: string }) => k.name === "Sales",
    );
    await api.call(
      `/api/document/${otherDoc}/kpi/batch/set-values`,
      jsonInit(
        "POST",
        {
          items: [
            { guid: otherKpi.guid, date: "2025-02-01", value: 7 },
            { guid: otherKpi.guid, date: "2025-03-01", value: 9 },
          ],
        },
        other.auth,
      ),
    );
    await api.call(
      `/api/document/${otherDoc}/kpi/batch/set-values`,
      jsonInit("POST", { items: [{ guid: otherKpi.guid, date: "2025-03-01", value: 10 }] }, other.auth),
    );
    await api.call("/api/api-keys", jsonInit("POST", { name: "Other nightly" }, other.auth));
    await api.call("/api/webhooks", jsonInit("POST", { name: "Other ops", url: "https://93.184.216.34/other" }, other.auth));
  }, 120_000);
  afterAll(async () => {
    await original.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const targets = [
    { name: "the embedded database", open: async () => ({ database: await openDatabase({ memory: true }), drop: async () => {} }) },
    ...(process.env.TEST_DATABASE_URL
      ? [
          {
            name: "PostgreSQL",
            open: async () => {
              const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
              return { database: await openDatabase({ url: created.url }), drop: created.drop };
            },
          },
        ]
      : []),
  ];

  it.each(targets)(
    "moves the demo and its changes into $name, answering every read with the same bytes",
    async ({ open }) => {
      const file = path.join(folder, `backup-${Date.now()}.gauge.gz`);
      const written = await backup(original.db, file);
      expect(written.kpi_values).toBeGreaterThan(1000);
      expect(written.value_revisions).toBeGreaterThan(1000);
      const { database, drop } = await open();
      try {
        const restored = await restore(database.db, file);
        expect(restored).toEqual(Object.fromEntries(Object.entries(written).filter(([, n]) => n > 0)));
        const copy = createTestApi(database.db, clock, { rateLimitPerHour: 100_000, tokenTtlHours: 1000 });
        const operations = await getOperations(api);
        const urls = await everyRead(api, auth, operations);
        expect(urls.length).toBeGreaterThan(60);
        await expectSameReads(api, copy, auth, urls);
        await expectSameReads(api, copy, other.auth, await everyRead(api, other.auth, operations));
        // It goes on from there: new IDs follow the restored ones, and history keeps being written.
        const key = await (await copy.call("/api/api-keys", jsonInit("POST", { name: "After" }, auth))).json();
        expect(key.id).toBeGreaterThan(1);
        await expect(restore(database.db, file)).rejects.toThrow(/not empty/);
      } finally {
        await database.close();
        await drop();
      }
    },
    300_000,
  );

  it("writes one account alone: every row in exactly one account's file, each holding what deleting its account deletes", async () => {
    const whole = await backup(original.db, path.join(folder, "whole.gz"));
    const mine = await backup(original.db, path.join(folder, "demo.gz"), { account: demo });
    const theirs = await backup(original.db, path.join(folder, "other.gz"), { account: other.accountId });
    for (const [table, n] of Object.entries(whole)) expect(mine[table]! + theirs[table]!, table).toBe(n);
    expect(theirs).toMatchObject({ accounts: 1, users: 1, scorecards: 1, kpi_values: 2, value_revisions: 3, webhooks: 1, access_tokens: 2 });

    const before = await rowCounts(original.db);
    let after: Record<string, number> = {};
    await original.db
      .transaction(async (tx) => {
        // As a purge deletes: the values' deletions are not history to keep.
        await tx.execute(sql`SELECT set_config('gauge.context', ${JSON.stringify({ via: "system", history: "off" })}, true)`);
        await tx.execute(sql`DELETE FROM accounts WHERE id = ${other.accountId}`);
        after = await rowCounts(tx);
        tx.rollback();
      })
      .catch((error: Error) => expect(error.message).toMatch(/Rollback/));
    expect(await rowCounts(original.db)).toEqual(before);
    // Value revisions outlive what they describe (no foreign key): deleting the account leaves them.
    const deleted = Object.fromEntries(
      Object.keys(whole)
        .filter((t) => t !== "value_revisions")
        .map((t) => [t, before[t]! - after[t]!]),
    );
    expect(Object.fromEntries(Object.keys(deleted).map((t) => [t, theirs[t]]))).toEqual(deleted);
  });

  it("restores one account's file into an empty database: its people read the same bytes, and no one else is there", async () => {
    const file = path.join(folder, "demo-alone.gz");
    await backup(original.db, file, { account: demo });
    const database = await openDatabase({ memory: true });
    try {
      await restore(database.db, file);
      const copy = createTestApi(database.db, clock, { rateLimitPerHour: 100_000, tokenTtlHours: 1000 });
      await expectSameReads(api, copy, auth, await everyRead(api, auth, await getOperations(api)));
      expect((await copy.call("/api/documents/list", { headers: other.auth })).status).toBe(401);
      expect((await copy.call("/login", jsonInit("POST", { email: "other@backup.example", contraseña: "correct horse battery" }))).status).toBe(401);
      expect((await rowCounts(database.db)).accounts).toBe(1);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("leaves no partial file when it fails, and an older backup at that name as it was", async () => {
    const file = path.join(folder, "failed.gz");
    const closed = await openDatabase({ memory: true });
    await closed.close();
    await expect(backup(closed.db, file)).rejects.toThrow();
    expect(readdirSync(folder).filter((name) => name.startsWith("failed"))).toEqual([]);
    writeFileSync(file, "yesterday's backup");
    await expect(backup(closed.db, file)).rejects.toThrow();
    expect(readFileSync(file, "utf8")).toBe("yesterday's backup");
    expect(readdirSync(folder).filter((name) => name.startsWith("failed"))).toEqual(["failed.gz"]);
  });

  it("refuses a missing or damaged file with its reason, and leaves the database empty", async () => {
    const database = await openDatabase({ memory: true });
    try {
      await expect(restore(database.db, path.join(folder, "no-such-backup.gz"))).rejects.toThrow(/ENOENT|no such file/);
      const damaged = path.join(folder, "damaged.gz");
      writeFileSync(damaged, "not a gzip file at all");
      await expect(restore(database.db, damaged)).rejects.toThrow(/incorrect header check|gzip/i);
      expect((await rowCounts(database.db)).accounts).toBe(0);
    } finally {
      await database.close();
    }
  }, 30_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "is written from PostgreSQL by the admin command, as `npm run cli backup --account` runs it, and restores",
    async () => {
      const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      const source = await openDatabase({ url });
      const copy = await openDatabase({ memory: true });
      try {
        await seedDemo(source.db, { today: clock.now() });
        const file = path.join(folder, "from-postgres.jsonl.gz");
        await createAccount(source.db, "someone.else@backup.example", "a long password", 4);
        const child = spawnTs("lib/cli/index.ts", ["backup", "--account", DEMO_EMAIL, path.basename(file)], { DATABASE_URL: url, INIT_CWD: folder });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
        const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
        expect({ code, output }).toMatchObject({ code: 0, output: expect.stringMatching(/^Backed up 1 accounts/) });
        const restored = await restore(copy.db, file);
        expect(restored).toMatchObject({ accounts: 1, kpi_values: expect.any(Number) });
        expect(restored.kpi_values).toBeGreaterThan(1000);
      } finally {
        await copy.close();
        await source.close();
        await drop();
      }
    },
    120_000,
  );
});
