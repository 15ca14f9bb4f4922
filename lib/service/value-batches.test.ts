import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { kpiValues, scorecards } from "@/lib/db/schema";
import { accountWithScorecards, jsonInit, smallScorecard, teammate } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { valueSuite } from "@/lib/testing/value-suite";

describe.each(testDatabases)("KPI value controller's batches and idempotent writes on $name", ({ open }) => {
  const s = valueSuite(open);
  const { call, stored, valuePath } = s;

  it("reads a plan: every KPI's records holding one figure, by KPI and date, in one call", async () => {
    await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, {
      items: [
        { guid: s.kpi.Sales, date: "2024-02-01", target: 90 },
        { guid: s.kpi.Sales, date: "2024-01-01", target: 80, value: 5 },
        { guid: s.kpi.Costs, date: "2024-01-01", value: 7 },
        { guid: s.kpi.Costs, date: "2024-03-01", target: 10 },
      ],
    });
    const records = `/api/document/${s.doc}/kpi/batch/records`;
    const targets = (await call("GET", `${records}?field=target`)).body.items.map((r: { guid: string; date: string; target: number }) => [
      r.guid,
      r.date,
      r.target,
    ]);
    const expected = [
      [s.kpi.Sales, "2024-01-01", 80],
      [s.kpi.Sales, "2024-02-01", 90],
      [s.kpi.Costs, "2024-03-01", 10],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])));
    expect(targets).toEqual(expected);
    expect((await call("GET", `${records}?field=target&from=2024-01-15&to=2024-02-28`)).body.items).toEqual([
      expect.objectContaining({ guid: s.kpi.Sales, date: "2024-02-01", target: 90 }),
    ]);
    expect((await call("GET", `${records}?field=value`)).body.items).toHaveLength(2);
    expect((await call("GET", `${records}?field=nonsense`)).status).toBe(400);
    expect((await call("GET", records)).status).toBe(400);
  });

  it("writes many KPIs at one date and reads them back in one call each", async () => {
    const written = await call("POST", `/api/document/${s.doc}/kpi/batch/set-value/2024-05-31`, [
      { guid: s.kpi.Sales, value: 70 },
      { guid: s.kpi.Costs, value: 20, target: 15 },
    ]);
    expect(written.status).toBe(200);
    expect(written.body.values).toEqual([
      { guid: s.kpi.Sales, date: "2024-05-31", value: 70, target: null, baseline: null, min: null, max: null, score: null },
      { guid: s.kpi.Costs, date: "2024-05-31", value: 20, target: 15, baseline: null, min: null, max: null, score: null },
    ]);
    const read = await call("POST", `/api/document/${s.doc}/kpi/batch/get-value/2024-05-31`, { guids: [s.kpi.Costs, s.kpi.Margin] });
    expect(read.body.values.map((v: { guid: string; value: number }) => [v.guid, v.value])).toEqual([
      [s.kpi.Costs, 20],
      [s.kpi.Margin, 50],
    ]);
    const all = await call("GET", `/api/document/${s.doc}/kpi/batch/all/get-value/2024-05-31`);
    expect(all.body.values).toHaveLength(6);
    const root = all.body.values[0];
    // The root rolls up Customer's scores and the audit (no value). Sales: 70 is 50/60 of the way
    // from its baseline 20 to its target 80. Costs (minimised, no baseline): 20 is 80/85 of the way
    // from the top of its scale, 100, to its target 15. Margin has neither target nor scale: no score.
    expect(root.value).toBeCloseTo((100 * (50 / 60 + 80 / 85)) / 2);
    const bad = await call("POST", `/api/document/${s.doc}/kpi/batch/get-value/2024-05-31`, { guids: [s.kpi.Sales, s.otherSales] });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ path: "guids.1", message: "No such KPI in this scorecard" }]);
  });

  it("writes all or nothing, naming every bad item by index", async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ guid: s.kpi.Sales, date: `2024-01-${String((i % 28) + 1).padStart(2, "0")}`, value: i }));
    const badAt = Math.floor(Math.random() * items.length);
    const second = (badAt + 17) % items.length;
    const broken = items.map((item, i) => (i === badAt ? { ...item, date: "2024-02-30" } : i === second ? { ...item, guid: s.otherSales } : item));
    const response = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, { items: broken });
    expect(response.status).toBe(400);
    expect(response.body.details.map((d: { path: string }) => d.path)).toContain(`items.${badAt}.date`);
    expect(await stored()).toBe(0);

    const foreign = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, {
      items: items.map((it, i) => (i === second ? { ...it, guid: s.otherSales } : it)),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual([{ path: `items.${second}.guid`, message: "No such KPI in this scorecard" }]);
    const calculated = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, {
      items: items.map((it, i) => (i === badAt ? { ...it, guid: s.kpi.Margin } : it)),
    });
    expect(calculated.status).toBe(409);
    expect(calculated.body.details).toEqual([{ path: `items.${badAt}.guid`, message: expect.stringContaining("calculated") }]);
    expect(await stored()).toBe(0);

    const ok = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, { items });
    expect(ok.status).toBe(200);
    expect(ok.body.written).toBe(28);
    expect(await stored()).toBe(28);
  });

  it("accepts 5000 items in one counted call and refuses 5001 with 413", async () => {
    const item = (i: number) => ({
      guid: i % 2 ? s.kpi.Sales : s.kpi.Costs,
      date: new Date(Date.UTC(2010, 0, 1 + Math.floor(i / 2))).toISOString().slice(0, 10),
      value: i,
    });
    const before = (await call("GET", "/api/access/info")).body.usedCount;
    const ok = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, { items: Array.from({ length: 5000 }, (_, i) => item(i)) });
    expect(ok.status).toBe(200);
    expect(ok.body.written).toBe(5000);
    expect((await call("GET", "/api/access/info")).body.usedCount).toBe(before + 1);
    const tooMany = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, { items: Array.from({ length: 5001 }, (_, i) => item(i + 6000)) });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.code).toBe("payload_too_large");
    expect(await stored()).toBe(5000);
  });

  it("refuses a batch that mixes two scorecards", async () => {
    const response = await call("POST", `/api/document/${s.doc}/kpi/batch/set-value/2024-01-01`, [
      { guid: s.kpi.Sales, value: 1 },
      { guid: s.otherSales, value: 2 },
    ]);
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: "1.guid", message: "No such KPI in this scorecard" }]);
    expect(await stored()).toBe(0);
  });

  it("replays an idempotent write without writing again, per account", async () => {
    const body = { items: [{ guid: s.kpi.Sales, date: "2024-04-01", value: 10 }] };
    const key = { "Idempotency-Key": "import-2024-04" };
    const first = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, body, key);
    expect(first.status).toBe(200);
    await call("POST", valuePath(s.kpi.Sales!, "2024-04-01"), { value: 99 });
    const replay = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, body, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await s.database.db.select().from(kpiValues).where(eq(kpiValues.kpiGuid, s.kpi.Sales!)))[0]!.value).toBe(99);

    const other = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, { items: [{ ...body.items[0], value: 11 }] }, key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("conflict");

    // A refused request does not use up its key.
    const refusedKey = { "Idempotency-Key": "fix-and-retry" };
    expect((await call("POST", valuePath(s.kpi.Sales!, "2024-02-30"), { value: 1 }, refusedKey)).status).toBe(400);
    expect((await call("POST", valuePath(s.kpi.Sales!, "2024-02-28"), { value: 1 }, refusedKey)).status).toBe(200);

    // Another account may use the same key for its own request.
    const stranger = await accountWithScorecards(s.api, s.database.db, `stranger-${Date.now()}@example.com`, [smallScorecard()]);
    const theirSales = (await (await s.api.call(`/api/document/${stranger.scorecardIds[0]}/kpi/list`, { headers: stranger.auth })).json()).items[2].guid;
    const theirs = await s.api.call(
      `/api/document/${stranger.scorecardIds[0]}/kpi/batch/set-values`,
      jsonInit("POST", { items: [{ guid: theirSales, date: "2024-04-01", value: 5 }] }, { ...stranger.auth, ...key }),
    );
    expect(theirs.status).toBe(200);

    s.api.clock.advance(24 * 3_600_000 + 1000);
    const later = await call("POST", `/api/document/${s.doc}/kpi/batch/set-values`, { items: [{ ...body.items[0], value: 12 }] }, key);
    expect(later.status).toBe(200);
  });

  it("keeps Idempotency-Keys per caller, and replays only to a caller who may still write", async () => {
    await s.database.db.update(scorecards).set({ accountAccess: "write" }).where(eq(scorecards.id, s.doc));
    const mate = await teammate(s.api, s.database.db, s.owner.accountId, `mate-${Date.now()}@example.com`, "expert");
    const key = { "Idempotency-Key": "shared-name" };
    const path = `/api/document/${s.doc}/kpi/batch/set-values`;
    const body = { items: [{ guid: s.kpi.Sales, date: "2024-05-01", value: 10 }] };
    expect((await call("POST", path, body, key)).status).toBe(200);
    await call("POST", valuePath(s.kpi.Sales!, "2024-05-01"), { value: 50 });

    // The teammate's request with the same key and body runs: no replay of the s.owner's answer.
    const theirs = await s.api.call(path, jsonInit("POST", body, { ...mate.auth, ...key }));
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
    expect((await s.database.db.select().from(kpiValues).where(eq(kpiValues.kpiGuid, s.kpi.Sales!)))[0]!.value).toBe(10);

    // Once the share is withdrawn, the teammate's own retry is refused like any request, not replayed.
    await s.database.db.update(scorecards).set({ accountAccess: "none" }).where(eq(scorecards.id, s.doc));
    const retry = await s.api.call(path, jsonInit("POST", body, { ...mate.auth, ...key }));
    expect(retry.status).toBe(404);
    expect(retry.headers.get("Idempotent-Replayed")).toBeNull();
    // The s.owner still gets its own answer back.
    expect((await call("POST", path, body, key)).headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("refuses an Idempotency-Key over 255 characters", async () => {
    const response = await call("POST", valuePath(s.kpi.Sales!, "2024-01-01"), { value: 1 }, { "Idempotency-Key": "k".repeat(256) });
    expect(response.status).toBe(400);
    expect(await stored()).toBe(0);
  });
});
