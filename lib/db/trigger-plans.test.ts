import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";

const adminUrl = process.env.TEST_DATABASE_URL;

// A statement trigger's queries over its transition tables keep, for the session, the plan of
// their first run. auto_explain shows the plans the revisions trigger runs in one session: its
// first update is of one value, its second of many.
describe.runIf(adminUrl)("the value triggers' plans on PostgreSQL", () => {
  it("pairs a large update's old and new rows by hash or merge, though the session's first update was of one value", async () => {
    const created = await createPostgresDatabase(adminUrl!);
    const database = await openDatabase({ url: created.url });
    const client = new pg.Client({ connectionString: created.url });
    try {
      const api = createTestApi(database.db, undefined, { rateLimitPerHour: 10_000 });
      const { auth, accountId, scorecardIds } = await accountWithScorecards(api, database.db, "plans@example.com", [smallScorecard()]);
      const docId = scorecardIds[0]!;
      const kpis = (await (await api.call(`/api/document/${docId}/kpi/list`, { headers: auth })).json()).items as { name: string; guid: string }[];
      const sales = kpis.find((k) => k.name === "Sales")!.guid;
      const items = Array.from({ length: 300 }, (_, d) => ({ guid: sales, date: new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10), value: d }));
      expect((await api.call(`/api/document/${docId}/kpi/batch/set-values`, jsonInit("POST", { items }, auth))).status).toBe(200);

      await client.connect();
      const plans: string[] = [];
      client.on("notice", (notice) => plans.push(notice.message ?? ""));
      for (const statement of [
        "LOAD 'auto_explain'",
        "SET auto_explain.log_min_duration = 0",
        "SET auto_explain.log_nested_statements = on",
        "SET auto_explain.log_level = notice",
      ])
        await client.query(statement);
      await client.query("SELECT set_config('gauge.context', $1, false)", [JSON.stringify({ scorecardId: docId, via: "api", accountId })]);
      await client.query("UPDATE kpi_values SET value = value + 1 WHERE kpi_guid = $1 AND date = '2025-01-01'", [sales]);
      plans.length = 0;
      const updated = await client.query("UPDATE kpi_values SET value = value + 1 WHERE kpi_guid = $1", [sales]);
      expect(updated.rowCount).toBe(300);
      const revisions = plans.filter((plan) => plan.includes("INSERT INTO value_revisions"));
      expect(revisions).toHaveLength(1);
      expect(revisions[0]).toMatch(/Hash Join|Merge Join/);
      expect(revisions[0]).not.toMatch(/Nested Loop[^\n]*\n[^\n]*Join Filter/);
      const [{ n }] = (await client.query("SELECT count(*)::int AS n FROM value_revisions WHERE kpi_guid = $1 AND action = 2", [sales])).rows;
      expect(n).toBe(301);
    } finally {
      await client.end();
      await database.close();
      await created.drop();
    }
  });
});
