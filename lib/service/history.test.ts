import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "@/lib/db/query";
import { describe, expect, it } from "vitest";
import { importScorecardFile } from "@/lib/service/admin";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { apiOver } from "@/lib/testing/suite";
import { createPostgresDatabase, testDatabases } from "@/lib/testing/databases";
import { openDatabase } from "@/lib/db/client";

const nothing = { value: null, target: null, baseline: null, min: null, max: null, score: null };

describe.each(testDatabases)("the revision history of KPI values, on $name", ({ open }) => {
  const env = apiOver(open);

  async function scorecard(email: string) {
    const created = await accountWithScorecards(env.api, env.database.db, email, [smallScorecard()]);
    const me = await (await env.api.call("/api/access/info", { headers: created.auth })).json();
    const owner = { ...created, userId: me.userId as number, email };
    const docId = created.scorecardIds[0]!;
    const tree = await (await env.api.call(`/api/document/${docId}/kpi/tree`, { headers: owner.auth })).json();
    const [sales, costs] = tree.root.children[0].children as { guid: string }[];
    const audit = tree.root.children[1].guid as string;
    const batch = (items: object[], headers: Record<string, string> = owner.auth) =>
      env.api.call(`/api/document/${docId}/kpi/batch/set-values`, jsonInit("POST", { items }, headers));
    const revisions = async (guid: string, query = "") =>
      (await env.api.call(`/api/document/${docId}/kpi/${guid}/revisions${query}`, { headers: owner.auth })).json();
    const changes = async () => (await env.api.call(`/api/document/${docId}/changes`, { headers: owner.auth })).json();
    const records = async () => (await (await env.api.call(`/api/document/${docId}/kpi/batch/records?field=value`, { headers: owner.auth })).json()).items;
    return { owner, docId, sales: sales!.guid, costs: costs!.guid, audit, batch, revisions, changes, records };
  }

  it("records every change of a batch with before and after, who, when and through what, as one change set", async () => {
    const s = await scorecard(`history-${Date.now()}@example.com`);
    expect(
      (
        await s.batch([
          { guid: s.sales, date: "2026-01-01", value: 10 },
          { guid: s.costs, date: "2026-01-01", value: 4 },
        ])
      ).status,
    ).toBe(200);
    const at = env.api.clock.current.toISOString();
    env.api.clock.advance(60_000);
    const key = await (await env.api.call("/api/api-keys", jsonInit("POST", { name: "Nightly ERP export" }, s.owner.auth))).json();
    await s.batch(
      [
        { guid: s.sales, date: "2026-01-01", value: 1000, target: 90 },
        { guid: s.sales, date: "2026-02-01", value: 12 },
        { guid: s.costs, date: "2026-01-01", value: 4 },
      ],
      { Token: key.key },
    );

    const page = await s.revisions(s.sales);
    expect(page.next).toBeNull();
    expect(page.items).toEqual([
      expect.objectContaining({
        date: "2026-02-01",
        action: "created",
        before: nothing,
        after: { ...nothing, value: 12 },
        by: { userId: s.owner.userId, email: s.owner.email, apiKey: "Nightly ERP export", via: "api" },
      }),
      expect.objectContaining({ date: "2026-01-01", action: "changed", before: { ...nothing, value: 10 }, after: { ...nothing, value: 1000, target: 90 } }),
      {
        changeId: expect.any(Number),
        at,
        date: "2026-01-01",
        action: "created",
        before: nothing,
        after: { ...nothing, value: 10 },
        by: { userId: s.owner.userId, email: s.owner.email, apiKey: null, via: "api" },
      },
    ]);
    // Costs' 4 written again is no change: the second batch changed two records.
    const sets = (await s.changes()).items;
    expect(sets.map((c: { records: number }) => c.records)).toEqual([2, 2]);
    expect(sets[0].id).toBe(page.items[0].changeId);
    expect((await s.revisions(s.costs)).items).toHaveLength(1);
    // Paged, newest first; bounded by dates.
    const first = await s.revisions(s.sales, "?limit=1");
    expect(first.items).toHaveLength(1);
    expect((await s.revisions(s.sales, `?limit=5&before=${first.next}`)).items).toHaveLength(2);
    expect((await s.revisions(s.sales, "?from=2026-02-01")).items).toHaveLength(1);
  });

  it("records the single writes, deletions, the dashboard's and imports' labels, a KPI's deletion, and imports", async () => {
    const s = await scorecard(`paths-${Date.now()}@example.com`);
    await env.api.call(
      `/api/document/${s.docId}/kpi/indicator/${s.sales}/value/2026-03-01`,
      jsonInit("POST", { value: 5, target: 8 }, { ...s.owner.auth, "X-Gauge-Client": "dashboard" }),
    );
    await env.api.call(`/api/document/${s.docId}/kpi/indicator/${s.sales}/target/2026-03-01`, { method: "DELETE", headers: s.owner.auth });
    await env.api.call(`/api/document/${s.docId}/kpi/indicator/${s.sales}/values/2026-03-01`, { method: "DELETE", headers: s.owner.auth });
    const sales = (await s.revisions(s.sales)).items;
    expect(sales.map((r: { action: string; after: object; by: { via: string } }) => [r.action, r.after, r.by.via])).toEqual([
      ["deleted", nothing, "api"],
      ["changed", { ...nothing, value: 5 }, "api"],
      ["created", { ...nothing, value: 5, target: 8 }, "dashboard"],
    ]);

    await s.batch([{ guid: s.audit, date: "2026-03-01", value: 1 }], { ...s.owner.auth, "X-Gauge-Client": "import" });
    expect((await env.api.call(`/api/document/${s.docId}/kpi/${s.audit}`, { method: "DELETE", headers: s.owner.auth })).status).toBe(204);
    // The KPI is gone; its history stays the scorecard's.
    const audit = (await s.revisions(s.audit)).items;
    expect(audit.map((r: { action: string; by: { via: string; email: string } }) => [r.action, r.by.via, r.by.email])).toEqual([
      ["deleted", "api", s.owner.email],
      ["created", "import", s.owner.email],
    ]);

    const file = { ...smallScorecard("Imported"), kpis: [{ name: "Visits", values: [{ date: "2026-01-01", value: 3 }] }] };
    const imported = await (await env.api.call("/api/documents/import", jsonInit("POST", file, s.owner.auth))).json();
    const viaApi = (await (await env.api.call(`/api/document/${imported.id}/changes`, { headers: s.owner.auth })).json()).items;
    expect(viaApi).toEqual([expect.objectContaining({ records: 1, by: expect.objectContaining({ via: "import", email: s.owner.email }) })]);
    const fromCli = await importScorecardFile(env.database.db, file, s.owner.email);
    const viaCli = (await (await env.api.call(`/api/document/${fromCli}/changes`, { headers: s.owner.auth })).json()).items;
    expect(viaCli).toEqual([expect.objectContaining({ records: 1, by: expect.objectContaining({ via: "cli", email: s.owner.email }) })]);
  });

  it("gives a script's own SQL over several scorecards one system change set per scorecard", async () => {
    const a = await scorecard(`sql-a-${Date.now()}@example.com`);
    const b = await scorecard(`sql-b-${Date.now()}@example.com`);
    await env.database.db.execute(
      sql`INSERT INTO kpi_values (kpi_guid, date, value) VALUES (${a.sales}::uuid, '2026-05-01', 1), (${b.sales}::uuid, '2026-05-01', 2), (${a.costs}::uuid, '2026-05-01', 3)`,
    );
    for (const [s, records] of [
      [a, 2],
      [b, 1],
    ] as const) {
      expect((await s.changes()).items).toEqual([expect.objectContaining({ records, by: { userId: null, email: null, apiKey: null, via: "system" } })]);
    }
  });

  it("reverts a change set exactly, as a new change set, refuses when later changes touched its records, and previews", async () => {
    const s = await scorecard(`revert-${Date.now()}@example.com`);
    await s.batch([
      { guid: s.sales, date: "2026-01-01", value: 10 },
      { guid: s.sales, date: "2026-02-01", value: 20 },
    ]);
    const before = await s.records();
    // A wrong batch: one record changed, one created.
    await s.batch([
      { guid: s.sales, date: "2026-02-01", value: 2000 },
      { guid: s.sales, date: "2026-03-01", value: 3000 },
    ]);
    const wrong = (await s.changes()).items[0].id;

    const preview = await (
      await env.api.call(`/api/document/${s.docId}/changes/${wrong}/revert?dryRun=true`, { method: "POST", headers: s.owner.auth })
    ).json();
    expect(preview).toMatchObject({
      dryRun: true,
      changeId: null,
      records: [
        { date: "2026-02-01", from: { value: 2000 }, to: { value: 20 } },
        { date: "2026-03-01", from: { value: 3000 }, to: nothing },
      ],
    });
    expect((await s.records()).map((r: { value: number }) => r.value)).toEqual([10, 2000, 3000]);

    const reverted = await env.api.call(`/api/document/${s.docId}/changes/${wrong}/revert`, { method: "POST", headers: s.owner.auth });
    expect(reverted.status).toBe(200);
    const result = await reverted.json();
    expect(result.records).toHaveLength(2);
    expect(await s.records()).toEqual(before);
    const sets = (await s.changes()).items;
    expect(sets[0]).toMatchObject({ id: result.changeId, reverts: wrong, records: 2 });
    expect(sets[1]).toMatchObject({ id: wrong, revertedBy: result.changeId });

    // Reverting the revert puts the wrong batch back; then a later change conflicts.
    const again = await (await env.api.call(`/api/document/${s.docId}/changes/${result.changeId}/revert`, { method: "POST", headers: s.owner.auth })).json();
    expect((await s.records()).map((r: { value: number }) => r.value)).toEqual([10, 2000, 3000]);
    await s.batch([{ guid: s.sales, date: "2026-03-01", value: 31 }]);
    const refused = await env.api.call(`/api/document/${s.docId}/changes/${again.changeId}/revert`, { method: "POST", headers: s.owner.auth });
    expect(refused.status).toBe(409);
    const body = await refused.json();
    expect(body.details).toEqual([
      { path: `${s.sales}.2026-03-01`, message: expect.stringMatching(/^Sales on 2026-03-01 was changed later \(change \d+ by /) },
    ]);
    expect((await s.records()).map((r: { value: number }) => r.value)).toEqual([10, 2000, 31]);
    const forced = await env.api.call(`/api/document/${s.docId}/changes/${again.changeId}/revert?overwrite=true`, { method: "POST", headers: s.owner.auth });
    expect(forced.status).toBe(200);
    expect((await s.records()).map((r: { date: string; value: number }) => [r.date, r.value])).toEqual([
      ["2026-01-01", 10],
      ["2026-02-01", 20],
    ]);
  });

  it("shows history to viewers, never to another account, and lets only writers revert", async () => {
    const s = await scorecard(`access-${Date.now()}@example.com`);
    await s.batch([{ guid: s.sales, date: "2026-01-01", value: 10 }]);
    const change = (await s.changes()).items[0].id;
    await env.api.call(`/api/document/${s.docId}/sharing`, jsonInit("PUT", { account: "read" }, s.owner.auth));
    const viewer = await teammate(env.api, env.database.db, s.owner.accountId, `viewer-${Date.now()}@example.com`, "viewer");
    expect((await env.api.call(`/api/document/${s.docId}/kpi/${s.sales}/revisions`, { headers: viewer.auth })).status).toBe(200);
    expect((await env.api.call(`/api/document/${s.docId}/changes`, { headers: viewer.auth })).status).toBe(200);
    expect((await env.api.call(`/api/document/${s.docId}/changes/${change}/revert`, { method: "POST", headers: viewer.auth })).status).toBe(403);
    const stranger = await accountWithScorecards(env.api, env.database.db, `stranger-${Date.now()}@example.com`);
    for (const path of [`/kpi/${s.sales}/revisions`, "/changes"])
      expect((await env.api.call(`/api/document/${s.docId}${path}`, { headers: stranger.auth })).status).toBe(404);
    expect((await env.api.call(`/api/document/${s.docId}/changes/${change}/revert`, { method: "POST", headers: stranger.auth })).status).toBe(404);
    expect((await env.api.call(`/api/document/${s.docId}/changes/999999/revert`, { method: "POST", headers: s.owner.auth })).status).toBe(404);
  });

  it("is erased with its scorecard when a deletion is purged, and only then", async () => {
    const s = await scorecard(`purge-${Date.now()}@example.com`);
    await s.batch([{ guid: s.sales, date: "2026-01-01", value: 10 }]);
    const count = async (query: SQL) => (await queryRows<{ n: number }>(env.database.db, query))[0]!;
    const revisionsOf = (docId: number) =>
      count(sql`SELECT count(*)::int AS n FROM value_revisions r JOIN change_sets cs ON cs.id = r.change_set_id WHERE cs.scorecard_id = ${docId}`);
    const orphans = () =>
      count(sql`SELECT count(*)::int AS n FROM value_revisions r WHERE NOT EXISTS (SELECT 1 FROM change_sets cs WHERE cs.id = r.change_set_id)`);
    expect((await env.api.call(`/api/documents/list/${s.docId}`, { method: "DELETE", headers: s.owner.auth })).status).toBe(200);
    expect((await revisionsOf(s.docId)).n).toBe(1);
    env.api.clock.advance(31 * 86_400_000);
    const { token } = await (await env.api.call("/login", jsonInit("POST", { email: s.owner.email, contraseña: s.owner.password }))).json();
    const other = await (await env.api.call("/api/documents", jsonInit("POST", { name: "Next" }, { Token: token }))).json();
    expect((await env.api.call(`/api/documents/list/${other.id}`, { method: "DELETE", headers: { Token: token } })).status).toBe(200);
    expect((await revisionsOf(s.docId)).n).toBe(0);
    expect((await orphans()).n).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the revision history under concurrency, on PostgreSQL", () => {
  it("keeps an unbroken chain of revisions for every record when two servers write and revert at once", async () => {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const [one, two] = [await openDatabase({ url: created.url }), await openDatabase({ url: created.url })];
    try {
      const apiOne = createTestApi(one.db, undefined, { rateLimitPerHour: 100_000 });
      const apiTwo = createTestApi(two.db, apiOne.clock, { rateLimitPerHour: 100_000 });
      const owner = await accountWithScorecards(apiOne, one.db, "racers@example.com", [smallScorecard()]);
      const docId = owner.scorecardIds[0]!;
      const tree = await (await apiOne.call(`/api/document/${docId}/kpi/tree`, { headers: owner.auth })).json();
      const guids = [tree.root.children[0].children[0].guid, tree.root.children[0].children[1].guid] as string[];
      const dates = ["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01"];
      const batch = (api: TestApi, i: number) =>
        api.call(
          `/api/document/${docId}/kpi/batch/set-values`,
          jsonInit(
            "POST",
            { items: dates.flatMap((date, d) => ((d + i) % 3 === 0 ? [] : guids.map((guid) => ({ guid, date, value: i * 10 + d })))) },
            owner.auth,
          ),
        );
      await batch(apiOne, 0);
      const writes = Array.from({ length: 30 }, (_, i) => batch(i % 2 ? apiOne : apiTwo, i + 1).then((r) => r.status));
      const reverts = Array.from({ length: 10 }, async (_, i) => {
        const changes = (await (await apiTwo.call(`/api/document/${docId}/changes?limit=5`, { headers: owner.auth })).json()).items;
        const target = changes[i % changes.length];
        return (
          await (i % 2 ? apiOne : apiTwo).call(`/api/document/${docId}/changes/${target.id}/revert?overwrite=true`, { method: "POST", headers: owner.auth })
        ).status;
      });
      const statuses = await Promise.all([...writes, ...reverts]);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);

      const revisions = await queryRows<Record<string, unknown>>(
        one.db,
        sql`SELECT * FROM value_revisions WHERE kpi_guid IN (${sql.raw(guids.map((g) => `'${g}'::uuid`).join(", "))}) ORDER BY id`,
      );
      const stored = await queryRows<Record<string, unknown>>(
        one.db,
        sql`SELECT * FROM kpi_values WHERE kpi_guid IN (${sql.raw(guids.map((g) => `'${g}'::uuid`).join(", "))})`,
      );
      const fields = ["value", "target", "baseline", "min", "max", "score"];
      const figures = (row: Record<string, unknown> | undefined, prefix = "") => fields.map((f) => (row?.[`${prefix}${f}`] ?? null) as number | null);
      const last = new Map<string, (number | null)[]>();
      for (const r of revisions) {
        const record = `${r.kpi_guid}|${String(r.date).slice(0, 10)}`;
        // Each revision starts where the record's previous one ended: nothing was lost in between.
        expect(figures(r, "before_"), record).toEqual(last.get(record) ?? fields.map(() => null));
        last.set(record, figures(r, "after_"));
      }
      for (const row of stored) expect(last.get(`${row.kpi_guid}|${String(row.date).slice(0, 10)}`)).toEqual(figures(row));
      expect(revisions.length).toBeGreaterThan(40);
    } finally {
      await one.close();
      await two.close();
      await created.drop();
    }
  });
});
