import { OData } from "@odata/client";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { createODataApp } from "./odata/app";

const day = (n: number) => new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10);

describe.each(testDatabases)("the OData feed on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let odata: ReturnType<typeof createODataApp>;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let basic: Record<string, string>;
  let docs: number[];
  let sales: string;

  const get = async (path: string, headers: Record<string, string> = basic) => {
    const response = await odata.request(`http://gauge.test/odata${path}`, { headers });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: text && response.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : null,
    };
  };
  const rest = async (path: string) => (await api.call(path, { headers: owner.auth })).json();

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 10_000 });
    odata = createODataApp(api.app.deps);
    owner = await accountWithScorecards(api, database.db, "finance@example.com", [smallScorecard("Finance"), smallScorecard("Operations")]);
    docs = owner.scorecardIds;
    const { key } = await (await api.call("/api/api-keys", jsonInit("POST", { name: "Excel" }, owner.auth))).json();
    basic = { Authorization: `Basic ${Buffer.from(`Finance@Example.com:${key}`).toString("base64")}` };
    sales = (await rest(`/api/document/${docs[0]}/kpi/list`)).items.find((k: { name: string }) => k.name === "Sales").guid;
    const costs = (await rest(`/api/document/${docs[0]}/kpi/list`)).items.find((k: { name: string }) => k.name === "Costs").guid;
    // 12,000 records: 6,000 days of Sales and of Costs.
    for (const guid of [sales, costs]) {
      for (let first = 0; first < 6000; first += 3000) {
        const items = Array.from({ length: 3000 }, (_, i) => ({ guid, date: day(first + i), value: (first + i) % 90, target: 80 }));
        expect((await api.call(`/api/document/${docs[0]}/kpi/batch/set-values`, jsonInit("POST", { items }, owner.auth))).status).toBe(200);
      }
    }
  });
  afterAll(() => database.close());

  it("asks for credentials, takes an e-mail with an API key or the Token header, and serves its documents without counting them", async () => {
    const anonymous = await get("", {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("WWW-Authenticate")).toBe('Basic realm="Gauge", charset="UTF-8"');
    expect(anonymous.json.error).toMatchObject({ code: "Unauthorized" });
    const wrongUser = { Authorization: `Basic ${Buffer.from(`someone@example.com:${basic.Authorization!.length}`).toString("base64")}` };
    expect((await get("/Scorecards", wrongUser)).status).toBe(401);
    const service = await get("");
    expect(service.json.value.map((s: { name: string }) => s.name)).toEqual(["Scorecards", "Kpis", "Values", "Periods", "Initiatives"]);
    expect(service.headers.get("X-RateLimit-Remaining")).toBeNull();
    const metadata = await get("/$metadata");
    expect(metadata.headers.get("Content-Type")).toContain("application/xml");
    expect(metadata.text).toContain('<EntityType Name="Value"><Key><PropertyRef Name="KpiGuid"/><PropertyRef Name="Date"/></Key>');
    const counted = await get("/Scorecards", owner.auth);
    expect(counted.json.value.map((s: { Name: string }) => s.Name)).toEqual(["Finance", "Operations"]);
    expect(Number(counted.headers.get("X-RateLimit-Remaining"))).toBeLessThan(20_000);
  });

  it("filters, selects, orders, counts and expands in SQL, with the REST API's figures", async () => {
    const kpis = await get(
      `/Kpis?$filter=ScorecardId eq ${docs[0]} and (contains(Name,'a') or Type eq 'CONTAINER')&$select=Name,Type&$orderby=Name desc&$count=true`,
    );
    expect(kpis.json["@odata.context"]).toBe("http://gauge.test/odata/$metadata#Kpis(Name,Type)");
    const listed = (await rest(`/api/document/${docs[0]}/kpi/list`)).items as { name: string; indicatorType: string }[];
    const expected = listed.filter((k) => k.name.includes("a") || k.indicatorType === "CONTAINER").map((k) => ({ Name: k.name, Type: k.indicatorType }));
    expect(kpis.json["@odata.count"]).toBe(expected.length);
    expect(kpis.json.value).toEqual(expected.sort((a, b) => (a.Name < b.Name ? 1 : -1)));
    const inList = await get(`/Scorecards?$filter=Name in ('Operations','Nobody')&$expand=Kpis`);
    expect(inList.json.value).toHaveLength(1);
    expect(inList.json.value[0].Kpis.map((k: { Name: string }) => k.Name).sort()).toEqual(
      (await rest(`/api/document/${docs[1]}/kpi/list`)).items.map((k: { name: string }) => k.name).sort(),
    );
    const values = await get(`/Values?$filter=KpiGuid eq ${sales} and Date ge 2020-01-01 and Date lt 2020-01-04&$orderby=Date`);
    const answer = await rest(`/api/document/${docs[0]}/kpi/indicator/${sales}/values?from=2020-01-01&to=2020-01-03`);
    const stored = (answer.items ?? answer) as { date: string; value: number; target: number }[];
    expect(stored).toHaveLength(3);
    expect(values.json.value.map((v: { Date: string; Value: number; Target: number }) => [v.Date, v.Value, v.Target])).toEqual(
      stored.map((r) => [r.date, r.value, r.target]),
    );
    expect((await get(`/Values/$count?$filter=KpiGuid eq ${sales}`)).text).toBe("6000");
    expect((await get(`/Scorecards(${docs[0]})`)).json).toMatchObject({ Id: docs[0], Name: "Finance" });
  });

  it("pages at the size a client prefers (odata.maxpagesize), never over 5,000, and says so", async () => {
    const prefer = (n: number) => ({ ...basic, Prefer: `odata.maxpagesize=${n}` });
    const first = await get("/Values?$orderby=Date", prefer(2000));
    expect(first.json.value).toHaveLength(2000);
    expect(first.headers.get("Preference-Applied")).toBe("odata.maxpagesize=2000");
    expect(first.json["@odata.nextLink"]).toMatch(/^http:\/\/gauge\.test\/odata\/Values\?%24orderby=Date&%24skiptoken=[\w-]+$/);
    const capped = await get("/Values?$orderby=Date", prefer(100_000));
    expect(capped.json.value).toHaveLength(5000);
    expect(capped.headers.get("Preference-Applied")).toBe("odata.maxpagesize=5000");
    expect((await get("/Values?$orderby=Date")).headers.get("Preference-Applied")).toBeNull();
  });

  it("pages a long read with nextLink, 5,000 rows at most a page, and it arrives whole", async () => {
    let url: string | undefined = "/Values?$orderby=Date";
    const rows: { Date: string }[] = [];
    let pages = 0;
    while (url) {
      const page = await get(url.replace("http://gauge.test/odata", ""));
      rows.push(...page.json.value);
      url = page.json["@odata.nextLink"];
      pages++;
    }
    expect(pages).toBe(3);
    expect(rows).toHaveLength(12_000);
    expect(new Set(rows.map((r) => JSON.stringify(r))).size).toBe(12_000);
    const top = await get("/Values?$top=2500&$skip=100&$orderby=Date");
    expect(top.json.value).toHaveLength(2500);
    // Two KPIs a day: the 101st row is the 51st day's first.
    expect(top.json.value[0].Date).toBe(day(50));
  });

  it("pages by key: a row written before the cursor between two pages repeats no row and drops none; Periods alike; a forged token is refused", async () => {
    const read = async (first: string, pageSize: number, between?: () => Promise<unknown>) => {
      const rows: Record<string, unknown>[] = [];
      for (let url: string | undefined = first, pages = 0; url; pages++) {
        const page = await get(url.replace("http://gauge.test/odata", ""), { ...basic, Prefer: `odata.maxpagesize=${pageSize}` });
        expect(page.status).toBe(200);
        rows.push(...page.json.value);
        url = page.json["@odata.nextLink"];
        if (pages === 0) await between?.();
      }
      return rows;
    };
    const valuePath = `/api/document/${docs[0]}/kpi/indicator/${sales}/values/2019-12-01`;
    const rows = await read(`/Values?$orderby=Date&$filter=KpiGuid eq ${sales}`, 1000, () =>
      api.call(`/api/document/${docs[0]}/kpi/batch/set-values`, jsonInit("POST", { items: [{ guid: sales, date: "2019-12-01", value: 1 }] }, owner.auth)),
    );
    await api.call(valuePath, { method: "DELETE", headers: owner.auth });
    expect(rows).toHaveLength(6000);
    expect(new Set(rows.map((r) => r.Date)).size).toBe(6000);
    expect(rows[0]!.Date).toBe(day(0));

    const periods = `/Periods?$filter=Period eq 'YEAR' and Start ge 2020-01-01 and Start le 2026-12-31`;
    const whole = await read(periods, 5000);
    expect(new Set(whole.map((r) => r.ScorecardId))).toEqual(new Set(docs));
    expect(await read(periods, 4)).toEqual(whole);

    const forged = await get(`/Values?$skiptoken=${Buffer.from('[5,"x"]').toString("base64url")}`);
    expect(forged.status).toBe(400);
    expect(forged.json.error.message).toBe("This $skiptoken belongs to another query: follow the nextLink as it came");
    expect((await get("/Values?$skiptoken=not-a-token")).json.error.message).toBe(
      "This $skiptoken is not one the service gave: follow the nextLink as it came",
    );
  });

  it("answers any $skiptoken with a page or a 400 in OData's shape, never a 500", async () => {
    const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const token = fc.oneof(
      fc.string(),
      fc.jsonValue().map(encoded),
      fc
        .array(fc.oneof(fc.constant(null), fc.string(), fc.constantFrom("2020-01-01", "1e999", "NaN", "-1", "true", sales)), { maxLength: 5 })
        .map((a) => encoded([3, ...a])),
    );
    await fc.assert(
      fc.asyncProperty(token, fc.constantFrom("Values", "Kpis", "Periods", "Scorecards", "Initiatives"), async (text, set) => {
        const answer = await get(`/${set}?$skiptoken=${encodeURIComponent(text)}`);
        expect([200, 400]).toContain(answer.status);
        if (answer.status === 400) expect(answer.json.error.code).toBe("BadRequest");
      }),
      { numRuns: 80 },
    );
  });

  it("answers Periods as the REST grouped read does, scores and statuses included", async () => {
    const periods = await get(`/Periods?$filter=ScorecardId eq ${docs[0]} and Period eq 'QUARTER' and Start ge 2020-01-01 and Start le 2020-12-31`);
    const grouped = await rest(`/api/document/${docs[0]}/kpi/indicators/grouped-value/QUARTER/2020-01-01/2020-12-31`);
    const expected = grouped.items.flatMap((s: { guid: string; name: string; points: Record<string, unknown>[] }) =>
      s.points.map((p) => [s.guid, p.start, p.value, p.target, p.score, p.status]),
    );
    const answered = periods.json.value.map((r: Record<string, unknown>) => [r.KpiGuid, r.Start, r.Value, r.Target, r.Score, r.Status]);
    expect(new Set(answered.map(String))).toEqual(new Set(expected.map(String)));
    expect(answered).toHaveLength(expected.length);
  });

  it("names what it does not serve, and never shows another account's or an unshared scorecard's rows", async () => {
    expect((await get("/Values?$apply=groupby((KpiGuid))")).json.error).toEqual({
      code: "NotImplemented",
      message: "The query option $apply is not supported by this service",
    });
    expect((await get("/Kpis?$filter=length(Name) gt 3")).json.error.message).toBe("The function length() is not supported by this service");
    expect((await get("/Kpis?$filter=Colour eq 'red'")).json.error).toEqual({ code: "BadRequest", message: "Kpis has no property Colour" });
    expect((await get("/Nothing")).status).toBe(404);
    const viewer = await teammate(api, database.db, owner.accountId, "viewer@example.com", "viewer");
    expect((await get("/Scorecards", viewer.auth)).json.value).toEqual([]);
    expect((await get("/Values/$count", viewer.auth)).text).toBe("0");
    await api.call(`/api/document/${docs[1]}/sharing`, jsonInit("PUT", { users: [{ userId: viewer.userId, access: "read" }] }, owner.auth));
    expect((await get("/Scorecards", viewer.auth)).json.value.map((s: { Name: string }) => s.Name)).toEqual(["Operations"]);
    const stranger = await accountWithScorecards(api, database.db, "stranger@else.example", [smallScorecard("Theirs")]);
    expect((await get(`/Kpis?$filter=ScorecardId eq ${docs[0]}`, stranger.auth)).json.value).toEqual([]);
    expect((await get(`/Scorecards(${docs[0]})`, stranger.auth)).status).toBe(404);
  });

  it("reads through an OData client library it did not write", async () => {
    const client = OData.New4({
      serviceEndpoint: "http://gauge.test/odata/",
      credential: { username: "finance@example.com", password: Buffer.from(basic.Authorization!.slice(6), "base64").toString().split(":")[1] },
      fetchProxy: async (url, init) => {
        const response = await odata.request(url, init as RequestInit);
        return { content: await response.json(), response: response as never };
      },
    });
    const kpis = client.getEntitySet<{ Name: string; ScorecardId: number }>("Kpis");
    const found = await kpis.query(client.newParam().filter(kpis.newFilter().property("ScorecardId").eq(docs[0]!)).orderby("Name", "asc"));
    const listed = (await rest(`/api/document/${docs[0]}/kpi/list`)).items as { name: string }[];
    expect(found.map((k) => k.Name)).toEqual(listed.map((k) => k.name).sort());
    expect(await client.getEntitySet("Values").count()).toBe(12_000);
  });

  it("answers a read again with 304, free, while nothing changed", async () => {
    const first = await get("/Kpis?$select=Name");
    const again = await get("/Kpis?$select=Name", { ...basic, "If-None-Match": first.headers.get("ETag")! });
    expect(again.status).toBe(304);
    expect(again.headers.get("X-RateLimit-Remaining")).toBe(first.headers.get("X-RateLimit-Remaining"));
  });

  it("refuses a revoked key at once", async () => {
    const created = await (await api.call("/api/api-keys", jsonInit("POST", { name: "Power BI" }, owner.auth))).json();
    const auth = { Authorization: `Basic ${Buffer.from(`finance@example.com:${created.key}`).toString("base64")}` };
    expect((await get("/Scorecards", auth)).status).toBe(200);
    await api.call(`/api/api-keys/${created.id}`, { method: "DELETE", headers: owner.auth });
    expect((await get("/Scorecards", auth)).status).toBe(401);
  });
});
