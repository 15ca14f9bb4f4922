import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { connectorRunRequests, kpiValues, webhookEvents } from "@/lib/db/schema";
import { startRunRequests } from "./connectors/hand-off";
import { createTestApi, teammate } from "@/lib/testing/api";
import { TOKEN, connectorSuite } from "@/lib/testing/connector-suite";
import { testDatabases } from "@/lib/testing/databases";

describe.each(testDatabases)("connector refusals and checks on $name", ({ open }) => {
  const s = connectorSuite(open);
  const { call, stored, jsonConnector } = s;

  it("refuses, on the run and with nothing written: a private address not allowed, an answer over the cap, a source that fails", async () => {
    const strict = createTestApi(s.database.db, s.api.clock, {
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: [], limits: { maxBytes: 2048 } },
    });
    const runOf = async (body: Record<string, unknown>, on = strict) => {
      const created = await call("POST", "/api/connectors", jsonConnector(body), s.owner.auth, on);
      expect(created.status).toBe(201);
      return (await call("POST", `/api/connectors/${created.json.id}/run`, undefined, s.owner.auth, on)).json;
    };
    expect(await runOf({})).toMatchObject({
      status: "failed",
      valuesWritten: 0,
      error: expect.stringContaining("127.0.0.1 is a private or internal address: an operator may allow it"),
    });
    expect(await runOf({ source: { url: "http://10.20.30.40/figures.json" } })).toMatchObject({
      status: "failed",
      error: expect.stringContaining("CONNECTOR_ALLOWED_HOSTS"),
    });
    s.big = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ kpi: "Sales", day: "2024-01-01", amount: i })) });
    const capped = createTestApi(s.database.db, s.api.clock, {
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"], limits: { maxBytes: 2048 } },
    });
    expect(await runOf({ source: { url: `${s.source.url}/big.json` } }, capped)).toMatchObject({
      status: "failed",
      error: "The answer is larger than 0.001953125 MiB: narrow it at the source",
    });
    expect(await runOf({ source: { url: `${s.source.url}/broken` } }, capped)).toMatchObject({
      status: "failed",
      error: "The source answered 503 Service Unavailable",
    });
    expect(await stored()).toEqual([]);
    // A draft's preview says why at once, as a 400.
    const draft = await call("POST", "/api/connectors/preview", jsonConnector({ source: { url: "http://10.20.30.40/x.json" } }), s.owner.auth, strict);
    expect(draft.status).toBe(400);
    expect(draft.json.errorMessage).toContain("private or internal");
  });

  it("tells the owner once when a connector has failed three runs in a row, and starts counting again after a good run", async () => {
    const mailing = createTestApi(s.database.db, s.api.clock, {
      mail: { smtpUrl: "smtp://127.0.0.1:9", from: "Gauge <gauge@example.com>" },
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"] },
    });
    const created = await call("POST", "/api/connectors", jsonConnector({ name: "Flaky", source: { url: `${s.source.url}/broken` } }), s.owner.auth, mailing);
    const told = async () => (await s.database.db.select().from(webhookEvents).where(eq(webhookEvents.type, "connector.failing"))).map((e) => e.summary);
    for (let i = 1; i <= 4; i++) {
      expect((await call("POST", `/api/connectors/${created.json.id}/run`, undefined, s.owner.auth, mailing)).json.status).toBe("failed");
      expect(await told()).toEqual(i < 3 ? [] : ["Connector Flaky failed 3 times in a row"]);
    }
    expect((await call("GET", `/api/connectors/${created.json.id}`, undefined, s.owner.auth, mailing)).json.failuresInRow).toBe(4);
    await call(
      "PATCH",
      `/api/connectors/${created.json.id}`,
      { source: { url: `${s.source.url}/sales.json`, headers: { Authorization: TOKEN } } },
      s.owner.auth,
      mailing,
    );
    expect((await call("POST", `/api/connectors/${created.json.id}/run`, undefined, s.owner.auth, mailing)).json.status).toBe("succeeded");
    expect((await call("GET", `/api/connectors/${created.json.id}`, undefined, s.owner.auth, mailing)).json).toMatchObject({
      failuresInRow: 0,
      lastRun: { status: "succeeded" },
    });
    await s.database.db.delete(kpiValues);
    await s.database.db.delete(webhookEvents);
  });

  it("checks a connector before saving it, each problem on its field", async () => {
    const problems = async (body: Record<string, unknown>) => {
      const answer = await call("POST", "/api/connectors", body);
      expect(answer.status).toBe(400);
      return answer.json.details.map((d: { path: string; message: string }) => `${d.path}: ${d.message}`);
    };
    const pg = { name: "ERP", kind: "postgres", docId: s.docId, source: { url: "postgres://reader:pw@erp.example.com/erp" } };
    expect(await problems({ ...pg, shape: "period", mapping: { kpiGuid: s.guids.Sales } })).toEqual(["query: A SQL connector needs a query"]);
    expect(await problems({ ...pg, shape: "rows", query: "DELETE FROM invoices", mapping: { date: "d" } })).toEqual([
      "query: Only a SELECT query may feed values: this one starts with DELETE",
    ]);
    expect(await problems({ ...pg, shape: "rows", query: "SELECT 1; DROP TABLE invoices", mapping: { date: "d" } })).toEqual([
      "query: One statement only: the query holds a ';'",
    ]);
    expect(await problems({ ...pg, shape: "period", query: "SELECT sum(a) FROM t WHERE d >= :from", mapping: { kpiGuid: s.guids.Margin } })).toEqual([
      "query: A per-period query uses both :from and :to (the period's first and last day)",
      "mapping.kpiGuid: This KPI is calculated or a container: its values cannot be written",
    ]);
    expect(await problems(jsonConnector({ schedule: { cron: "* * * * *", timeZone: "Europe/Madrid" } }))).toEqual([
      "schedule.cron: A connector runs at most every 5 minutes",
    ]);
    expect(await problems(jsonConnector({ schedule: { cron: "0 6 * * 1-5", timeZone: "Mars/Olympus" } }))).toEqual([
      "schedule.timeZone: Unknown time zone Mars/Olympus: use an IANA name such as Europe/Madrid",
    ]);
    const scheduled = await call("POST", "/api/connectors", jsonConnector({ schedule: { cron: "0 6 * * 1-5", timeZone: "Europe/Madrid" } }));
    // The test clock stands at Monday 2026-03-02 09:00 UTC (10:00 in Madrid): next is Tuesday 06:00 Madrid time.
    expect(scheduled.json.schedule).toEqual({
      cron: "0 6 * * 1-5",
      timeZone: "Europe/Madrid",
      description: "At 06:00, Monday through Friday (Europe/Madrid time)",
      nextRunAt: "2026-03-03T05:00:00.000Z",
    });
  });

  it("shows connectors only to those who may write their scorecard", async () => {
    const created = await call("POST", "/api/connectors", jsonConnector({ name: "Private feed" }));
    const expert = await teammate(s.api, s.database.db, s.owner.accountId, "expert-feeds@example.com", "expert");
    const viewer = await teammate(s.api, s.database.db, s.owner.accountId, "viewer-feeds@example.com", "viewer");
    expect((await call("GET", "/api/connectors", undefined, viewer.auth)).status).toBe(403);
    expect((await call("GET", "/api/connectors", undefined, expert.auth)).json.items).toEqual([]);
    expect((await call("GET", `/api/connectors/${created.json.id}`, undefined, expert.auth)).status).toBe(404);
    expect((await call("POST", `/api/connectors/${created.json.id}/run`, undefined, expert.auth)).status).toBe(404);
    expect((await call("POST", "/api/connectors", jsonConnector(), expert.auth)).status).toBe(404);
    await call("PUT", `/api/document/${s.docId}/sharing`, { users: [{ userId: expert.userId, access: "read" }] });
    expect((await call("POST", "/api/connectors", jsonConnector(), expert.auth)).status).toBe(403);
    expect((await call("GET", `/api/connectors/${created.json.id}`, undefined, expert.auth)).status).toBe(404);
    await call("PUT", `/api/document/${s.docId}/sharing`, { users: [{ userId: expert.userId, access: "write" }] });
    expect((await call("GET", `/api/connectors/${created.json.id}`, undefined, expert.auth)).json.name).toBe("Private feed");
  });
  it("on a web process hands a run to a worker and answers its run, and refuses it when no worker takes it", async () => {
    const web = createTestApi(s.database.db, s.api.clock, {
      rateLimitPerHour: 1000,
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"], handOff: { pickupSeconds: 1 } },
    });
    const created = await call("POST", "/api/connectors", jsonConnector({ name: "Handed off" }), s.owner.auth, web);
    const runs = async () => (await call("GET", `/api/connectors/${created.json.id}/runs`)).json.items;
    const requests = async () => (await s.database.db.select().from(connectorRunRequests)).length;

    const refused = await call("POST", `/api/connectors/${created.json.id}/run`, undefined, s.owner.auth, web);
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({
      code: "unavailable",
      errorMessage: "No worker process took the run within 1 s: start one (GAUGE_ROLE=worker or all) and run it again",
    });
    expect(await runs()).toEqual([]);
    expect(await requests()).toBe(0);

    // The worker's own deps have no hand-off: it runs what it takes.
    const worker = startRunRequests(s.api.app.deps, 20);
    try {
      const answered = await call("POST", `/api/connectors/${created.json.id}/run`, undefined, s.owner.auth, web);
      expect(answered.status).toBe(200);
      expect(answered.json).toMatchObject({ trigger: "manual", status: "succeeded", valuesWritten: 3 });
      expect((await runs()).map((r: { id: number }) => r.id)).toEqual([answered.json.id]);
      expect(await requests()).toBe(0);
    } finally {
      await worker.stop();
    }
    await call("DELETE", `/api/connectors/${created.json.id}`);
    await s.database.db.delete(kpiValues);
  });

  it("on a web process hands a preview (Test connection) to a worker, with the caller's access, and refuses it when no worker takes it", async () => {
    const web = createTestApi(s.database.db, s.api.clock, {
      rateLimitPerHour: 1000,
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"], handOff: { pickupSeconds: 1 } },
    });
    const created = await call("POST", "/api/connectors", jsonConnector({ name: "Previewed" }), s.owner.auth, web);
    const requests = async () => (await s.database.db.select().from(connectorRunRequests)).length;
    const draft = s.rowsConnector("Draft", "csv", { kpi: "KPI", date: "Date", value: "Value", target: "Target" }, "/sales.csv");
    const broken = jsonConnector({ name: "Broken", source: { url: `${s.source.url}/broken` } });

    const refused = await call("POST", `/api/connectors/${created.json.id}/preview`, undefined, s.owner.auth, web);
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({
      code: "unavailable",
      errorMessage: "No worker process took the test within 1 s: start one (GAUGE_ROLE=worker or all) and try again",
    });
    expect(await requests()).toBe(0);

    const worker = startRunRequests(s.api.app.deps, 20);
    try {
      // The same answers as where nothing is handed off: the saved connector's, a draft's, and a source's refusal.
      const statuses: number[] = [];
      for (const [path, body] of [
        [`/api/connectors/${created.json.id}/preview`, undefined],
        ["/api/connectors/preview", draft],
        ["/api/connectors/preview", broken],
      ] as const) {
        const here = await call("POST", path, body, s.owner.auth);
        const handed = await call("POST", path, body, s.owner.auth, web);
        expect({ status: handed.status, json: handed.json }).toEqual({ status: here.status, json: here.json });
        statuses.push(handed.status);
      }
      expect(statuses).toEqual([200, 200, 400]);
      expect(await requests()).toBe(0);
      expect(await stored()).toEqual([]);
    } finally {
      await worker.stop();
    }
    await call("DELETE", `/api/connectors/${created.json.id}`);
    await s.database.db.delete(kpiValues);
  });
});
