import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, type TestApi } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";

const adminUrl = process.env.TEST_DATABASE_URL;
const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

// Real concurrency: the API's requests run at once over a pool of PostgreSQL connections.
describe.runIf(adminUrl)("concurrent writers on PostgreSQL", () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let guids: string[];

  beforeAll(async () => {
    created = await createPostgresDatabase(adminUrl!);
    database = await openDatabase({ url: created.url });
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 1_000_000 });
    owner = await accountWithScorecards(api, database.db, "writers@example.com", [
      { name: "Busy", kpis: ["A", "B", "C", "D"].map((name) => ({ name, updateInterval: "DAY" as const })) },
    ]);
    const list = await (await api.call(`/api/document/${owner.scorecardIds[0]}/kpi/list`, { headers: owner.auth })).json();
    guids = list.items.slice(1).map((k: { guid: string }) => k.guid);
  });
  afterAll(async () => {
    await database.close();
    await created.drop();
  });

  it("two batches of the same 2000 records in opposite orders, sent at once, both succeed: 20 pairs, 0 failures", async () => {
    const records = guids.flatMap((guid) => Array.from({ length: 500 }, (_, i) => ({ guid, date: day(i) })));
    const statuses: number[] = [];
    for (let pair = 0; pair < 20; pair++) {
      const forward = records.map((r, i) => ({ ...r, value: pair * 10_000 + i }));
      const backward = [...records].reverse().map((r, i) => ({ ...r, target: pair * 10_000 + i }));
      const send = (items: object[]) => api.call(`/api/document/${owner.scorecardIds[0]}/kpi/batch/set-values`, jsonInit("POST", { items }, owner.auth));
      const answers = await Promise.all([send(forward), send(backward)]);
      statuses.push(...answers.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // Both writers' fields survived: each names one field, and the other keeps its own.
    const last = await (
      await api.call(`/api/document/${owner.scorecardIds[0]}/kpi/indicator/${guids[0]}/values?from=${day(0)}&to=${day(0)}`, { headers: owner.auth })
    ).json();
    expect(last.items[0]).toMatchObject({ value: 190_000, target: 19 * 10_000 + 1999 });
  });

  it("the same keyed batch sent five times at once is written once and replayed four times", async () => {
    const items = guids.map((guid) => ({ guid, date: day(900), value: 7 }));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.call(`/api/document/${owner.scorecardIds[0]}/kpi/batch/set-values`, jsonInit("POST", { items }, { ...owner.auth, "Idempotency-Key": "same-time" })),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((r) => r.headers.get("Idempotent-Replayed") === "true")).toHaveLength(4);
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
  });

  it("40 wrong passwords sent at once for one account: at most 10 are checked, the rest are throttled", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 40 }, () => api.call("/login", jsonInit("POST", { email: "writers@example.com", contraseña: "not the password" }))),
    );
    const statuses = attempts.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    // Even the right password is refused until the window passes.
    expect((await api.call("/login", jsonInit("POST", { email: "writers@example.com", contraseña: owner.password }))).status).toBe(429);
  });
});
