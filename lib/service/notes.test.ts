import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";

describe.each(testDatabases)("notes on KPIs on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let stranger: Awaited<ReturnType<typeof accountWithScorecards>>;
  let doc: number;
  let sales: string;
  let costs: string;

  const call = async (method: string, path: string, body?: unknown, auth = owner.auth) => {
    const response = await api.call(path, body === undefined ? { method, headers: auth } : jsonInit(method, body, auth));
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const note = (guid: string, date: string, text: string, auth = owner.auth) => call("POST", `/api/document/${doc}/kpi/${guid}/notes`, { date, text }, auth);

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 100_000, tokenTtlHours: 10_000 });
    owner = await accountWithScorecards(api, database.db, "notes@example.com", [smallScorecard()]);
    stranger = await accountWithScorecards(api, database.db, "other@example.org", [smallScorecard("Theirs")]);
    doc = owner.scorecardIds[0]!;
    const list = (await call("GET", `/api/document/${doc}/kpi/list`)).body.items;
    sales = list.find((k: { name: string }) => k.name === "Sales").guid;
    costs = list.find((k: { name: string }) => k.name === "Costs").guid;
  });
  afterAll(() => database.close());

  it("writes, lists by KPI and dates, and keeps them to the account", async () => {
    const first = await note(sales, "2024-02-01", "  Two big customers paid late.  ");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kpiGuid: sales, date: "2024-02-01", text: "Two big customers paid late.", authorEmail: "notes@example.com" });
    await note(sales, "2024-05-01", "Price change");
    await note(costs, "2024-03-01", "New office");

    const all = await call("GET", `/api/document/${doc}/notes`);
    expect(all.body.items.map((n: { text: string }) => n.text)).toEqual(["Two big customers paid late.", "New office", "Price change"]);
    const some = await call("GET", `/api/document/${doc}/notes?kpiGuid=${sales}&from=2024-03-01&to=2024-12-31`);
    expect(some.body.items.map((n: { text: string }) => n.text)).toEqual(["Price change"]);
    // Both ends of a range are in it, and a listed note is the note its write answered with.
    const ends = await call("GET", `/api/document/${doc}/notes?from=2024-02-01&to=2024-03-01`);
    expect(ends.body.items.map((n: { text: string }) => n.text)).toEqual(["Two big customers paid late.", "New office"]);
    expect(ends.body.items[0]).toEqual(first.body);

    const empty = await note(sales, "2024-02-01", "   ");
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([{ path: "text", message: "Write the note first" }]);
    expect((await note(sales, "2024-02-30", "x")).status).toBe(400);

    // Another account sees none of it and cannot write or delete here.
    expect((await call("GET", `/api/document/${doc}/notes`, undefined, stranger.auth)).status).toBe(404);
    expect((await note(sales, "2024-02-01", "mine", stranger.auth)).status).toBe(404);
    expect((await call("DELETE", `/api/document/${doc}/notes/${first.body.id}`, undefined, stranger.auth)).status).toBe(404);
    const theirDoc = stranger.scorecardIds[0]!;
    const theirs = (await call("GET", `/api/document/${theirDoc}/kpi/list`, undefined, stranger.auth)).body.items[2].guid;
    // Our KPI through their scorecard, their KPI through ours: both unknown.
    expect((await call("POST", `/api/document/${theirDoc}/kpi/${sales}/notes`, { date: "2024-01-01", text: "x" }, stranger.auth)).status).toBe(404);
    expect((await note(theirs, "2024-01-01", "x")).status).toBe(404);
  });

  it("ride on the grouped read, dated within its range, and never on a public link", async () => {
    const grouped = await call("GET", `/api/document/${doc}/kpi/indicators/grouped-value/MONTH/2024-04-01/2024-06-30`);
    const salesSeries = grouped.body.items.find((s: { guid: string }) => s.guid === sales);
    expect(salesSeries.notes.map((n: { text: string }) => n.text)).toEqual(["Price change"]);
    expect(grouped.body.items.find((s: { guid: string }) => s.guid === costs).notes).toEqual([]);
    const { publicId } = (await call("PUT", `/api/document/${doc}/sharing`, { public: true })).body;
    const published = await api.call(`/public/${publicId}/grouped-value/MONTH/2024-04-01/2024-06-30`);
    const text = await published.text();
    expect(published.status).toBe(200);
    expect(text).not.toContain("Price change");
    expect(text).not.toContain("notes@example.com");
    await call("PUT", `/api/document/${doc}/sharing`, { public: false });
  });

  it("lets viewers comment and only authors and admins delete", async () => {
    const viewer = await teammate(api, database.db, owner.accountId, "viewer@example.com", "viewer");
    const expert = await teammate(api, database.db, owner.accountId, "expert@example.com", "expert");
    await call("PUT", `/api/document/${doc}/sharing`, { account: "read" });
    const byViewer = await note(costs, "2024-06-01", "Looks high to me", viewer.auth);
    expect(byViewer.status).toBe(201);
    const refused = await call("DELETE", `/api/document/${doc}/notes/${byViewer.body.id}`, undefined, expert.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.errorMessage).toBe("Only the note's author or an admin may delete it");
    expect((await call("DELETE", `/api/document/${doc}/notes/${byViewer.body.id}`, undefined, viewer.auth)).status).toBe(204);
    const again = await note(costs, "2024-06-01", "Again", viewer.auth);
    expect((await call("DELETE", `/api/document/${doc}/notes/${again.body.id}`)).status).toBe(204);
    await call("PUT", `/api/document/${doc}/sharing`, { account: "none" });
  });

  it("refuses an off-track value without a note when the KPI requires one, and keeps nothing of that write", async () => {
    const set = await call("PATCH", `/api/document/${doc}/kpi/${sales}`, { noteRequiredOffTrack: true });
    expect(set.body.noteRequiredOffTrack).toBe(true);
    // Sales: baseline 20, target 80. 30 is a sixth of the way: off track. 75 is on its way: at risk.
    const single = await call("POST", `/api/document/${doc}/kpi/indicator/${sales}/value/2024-08-15`, { value: 30 });
    expect(single.status).toBe(400);
    expect(single.body.details).toEqual([{ path: "value", message: "Sales would be off track in Aug 2024: add a note saying why, then save" }]);
    const batch = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, {
      items: [
        { guid: costs, date: "2024-08-01", value: 5 },
        { guid: sales, date: "2024-08-01", value: 30 },
      ],
    });
    expect(batch.status).toBe(400);
    expect(batch.body.details).toEqual([{ path: "items.1.value", message: "Sales would be off track in Aug 2024: add a note saying why, then save" }]);
    expect((await call("GET", `/api/document/${doc}/kpi/indicator/${costs}/values?from=2024-08-01&to=2024-08-31`)).body.items).toEqual([]);

    expect((await call("POST", `/api/document/${doc}/kpi/indicator/${sales}/value/2024-09-01`, { value: 75 })).status).toBe(200);
    await note(sales, "2024-08-01", "Our biggest client paused orders");
    expect((await call("POST", `/api/document/${doc}/kpi/batch/set-values`, { items: [{ guid: sales, date: "2024-08-20", value: 30 }] })).status).toBe(200);

    // Each value is judged against the target in force at its date, the same write's included:
    // 32 from October makes 30 at risk there; the 80 set in the batch makes December's 30 off track.
    expect(
      (
        await call("POST", `/api/document/${doc}/kpi/batch/set-values`, {
          items: [
            { guid: sales, date: "2024-10-05", target: 32 },
            { guid: sales, date: "2024-10-10", value: 30 },
          ],
        })
      ).status,
    ).toBe(200);
    const mixed = await call("POST", `/api/document/${doc}/kpi/batch/set-values`, {
      items: [
        { guid: sales, date: "2024-08-25", value: 30 },
        { guid: sales, date: "2024-11-10", value: 30 },
        { guid: sales, date: "2024-12-01", target: 80 },
        { guid: sales, date: "2024-12-10", value: 30 },
      ],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.details).toEqual([{ path: "items.3.value", message: "Sales would be off track in Dec 2024: add a note saying why, then save" }]);
  });
});
