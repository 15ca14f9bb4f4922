import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountWithScorecards, jsonInit, smallScorecard, teammate } from "@/lib/testing/api";
import { apiOver } from "@/lib/testing/suite";
import { testDatabases } from "@/lib/testing/databases";

describe.each(testDatabases)("locked periods, on $name", ({ open }) => {
  const env = apiOver(open);

  it("refuse every write path to a locked date, naming what, and let writes after it and after unlocking", async () => {
    const owner = await accountWithScorecards(env.api, env.database.db, `locks-${Date.now()}@example.com`, [smallScorecard()]);
    const docId = owner.scorecardIds[0]!;
    const doc = `/api/document/${docId}`;
    const tree = await (await env.api.call(`${doc}/kpi/tree`, { headers: owner.auth })).json();
    const sales = tree.root.children[0].children[0].guid as string;
    const audit = tree.root.children[1].guid as string;
    const batch = (items: object[]) => env.api.call(`${doc}/kpi/batch/set-values`, jsonInit("POST", { items }, owner.auth));
    await batch([
      { guid: sales, date: "2026-01-01", value: 1, target: 5 },
      { guid: audit, date: "2026-01-01", value: 1 },
      { guid: sales, date: "2026-06-01", value: 6 },
    ]);
    const changeBefore = (await (await env.api.call(`${doc}/changes`, { headers: owner.auth })).json()).items[0].id;

    const expert = await teammate(env.api, env.database.db, owner.accountId, `locks-expert-${Date.now()}@example.com`, "expert");
    expect((await env.api.call(`${doc}/lock`, jsonInit("PUT", { lockedUntil: "2026-03-31" }, expert.auth))).status).toBe(403);
    const locked = await env.api.call(`${doc}/lock`, jsonInit("PUT", { lockedUntil: "2026-03-31" }, owner.auth));
    expect(locked.status).toBe(200);
    expect((await locked.json()).lockedUntil).toBe("2026-03-31");
    expect((await (await env.api.call(`${doc}/kpi/tree`, { headers: owner.auth })).json()).lockedUntil).toBe("2026-03-31");

    const refusedBatch = await batch([
      { guid: sales, date: "2026-02-01", value: 2 },
      { guid: sales, date: "2026-05-01", value: 5 },
    ]);
    expect(refusedBatch.status).toBe(409);
    expect((await refusedBatch.json()).details).toEqual([{ path: "items.0.date", message: "Locked: periods up to 2026-03-31 cannot change" }]);
    // The same with an Idempotency-Key (as the dashboard's grid sends every save): its transaction
    // holds the write, and the refusal still names each locked item (not a 500).
    const keyed = await env.api.call(
      `${doc}/kpi/batch/set-values`,
      jsonInit(
        "POST",
        {
          items: [
            { guid: sales, date: "2026-05-01", value: 5 },
            { guid: sales, date: "2026-03-01", value: 3 },
          ],
        },
        { ...owner.auth, "Idempotency-Key": "locked-grid-save" },
      ),
    );
    expect(keyed.status).toBe(409);
    expect((await keyed.json()).details).toEqual([{ path: "items.1.date", message: "Locked: periods up to 2026-03-31 cannot change" }]);
    const refusals = [
      await env.api.call(`${doc}/kpi/indicator/${sales}/value/2026-01-01`, jsonInit("POST", { value: 9 }, owner.auth)),
      await env.api.call(`${doc}/kpi/batch/set-value/2026-03-31`, jsonInit("POST", [{ guid: sales, value: 9 }], owner.auth)),
      await env.api.call(`${doc}/kpi/indicator/${sales}/values/2026-01-01`, { method: "DELETE", headers: owner.auth }),
      await env.api.call(`${doc}/kpi/indicator/${sales}/target/2026-01-01`, { method: "DELETE", headers: owner.auth }),
      await env.api.call(`${doc}/changes/${changeBefore}/revert`, { method: "POST", headers: owner.auth }),
      await env.api.call(`${doc}/kpi/${audit}`, { method: "DELETE", headers: owner.auth }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(409);
      expect((await refused.json()).errorMessage).toMatch(/locked/i);
    }
    // A script's own SQL is refused by the env.database itself.
    const direct = await env.database.db.execute(sql`UPDATE kpi_values SET value = 99 WHERE kpi_guid = ${sales}::uuid AND date = '2026-01-01'`).then(
      () => null,
      (e: Error) => e,
    );
    expect((direct?.cause as Error | undefined)?.message).toBe("Periods up to 2026-03-31 are locked: Sales on 2026-01-01 cannot change");
    // Deleting the KPI would take its locked values with it by the foreign key's cascade: refused too.
    const cascade = await env.database.db.execute(sql`DELETE FROM kpis WHERE guid = ${audit}::uuid`).then(
      () => null,
      (e: Error) => e,
    );
    expect((cascade?.cause as Error | undefined)?.message).toBe("Periods up to 2026-03-31 are locked: Audit passed on 2026-01-01 cannot change");

    const records = (await (await env.api.call(`${doc}/kpi/batch/records?field=value`, { headers: owner.auth })).json()).items;
    // Nothing of the refused writes is stored.
    expect(records.map((r: { guid: string; date: string; value: number }) => `${r.guid === sales ? "sales" : "audit"} ${r.date} ${r.value}`).sort()).toEqual([
      "audit 2026-01-01 1",
      "sales 2026-01-01 1",
      "sales 2026-06-01 6",
    ]);
    expect((await batch([{ guid: sales, date: "2026-04-01", value: 4 }])).status).toBe(200);

    await env.api.call(`${doc}/lock`, jsonInit("PUT", { lockedUntil: null }, owner.auth));
    expect((await batch([{ guid: sales, date: "2026-02-01", value: 2 }])).status).toBe(200);
    expect((await env.api.call(`${doc}/kpi/${audit}`, { method: "DELETE", headers: owner.auth })).status).toBe(204);
  });
});
