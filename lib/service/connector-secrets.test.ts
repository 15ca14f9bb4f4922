import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { connectors } from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { startSourceServer } from "@/lib/testing/source-server";
import { sealSource } from "./connectors/secrets";

const SECRET = "a connector secret for tests only, 32+ chars";
const TOKEN = "Bearer the-erp-token-nobody-else-may-see";
const figures = JSON.stringify({ data: [{ kpi: "Sales", day: "2024-01-01", amount: 10 }] });

describe("a connector's source and its secrets", () => {
  let database: Database;
  let api: TestApi;
  let admin: Awaited<ReturnType<typeof accountWithScorecards>>;
  let typist: Awaited<ReturnType<typeof teammate>>;
  let other: Awaited<ReturnType<typeof teammate>>;
  let docId: number;
  let guids: Record<string, string>;
  let erp: Awaited<ReturnType<typeof startSourceServer>>;
  let collector: Awaited<ReturnType<typeof startSourceServer>>;

  const call = async (method: string, path: string, body: unknown, auth: Record<string, string>) => {
    const response = await api.call(path, body === undefined ? { method, headers: auth } : jsonInit(method, body, auth));
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null };
  };
  const erpUrl = () => `${erp.url}/v1/figures.json?sig=signature-of-the-erp`;
  const feed = (url: string, headers: Record<string, string>) => ({
    name: "ERP figures",
    kind: "json",
    shape: "rows",
    docId,
    source: { url, headers },
    mapping: { rows: "$.data[*]", kpi: "$.kpi", date: "day", value: "amount" },
  });
  const heardToken = () => [...erp.requests, ...collector.requests].filter((r) => r.headers.authorization === TOKEN).length;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 1000, connectors: { secret: SECRET, allowedHosts: ["127.0.0.1"] } });
    admin = await accountWithScorecards(api, database.db, "owner@example.com", [smallScorecard()]);
    typist = await teammate(api, database.db, admin.accountId, "typist@example.com", "expert");
    other = await teammate(api, database.db, admin.accountId, "other@example.com", "expert");
    docId = admin.scorecardIds[0]!;
    await call("PUT", `/api/document/${docId}/sharing`, { users: [typist, other].map((p) => ({ userId: p.userId, access: "write" })) }, admin.auth);
    guids = Object.fromEntries(
      ((await call("GET", `/api/document/${docId}/kpi/list`, undefined, admin.auth)).json.items as { name: string; guid: string }[]).map((k) => [
        k.name,
        k.guid,
      ]),
    );
    erp = await startSourceServer({ "/v1/figures.json": () => ({ body: figures, requires: { Authorization: TOKEN } }) });
    collector = await startSourceServer({ "/***": () => ({ body: figures }), "/v1/figures.json": () => ({ body: figures }) });
  });
  afterAll(async () => {
    await erp?.close();
    await collector?.close();
    await database?.close();
  });

  it("keeps a stored token with its address: an expert who points the connector elsewhere gets neither the token nor the change", async () => {
    const created = await call("POST", "/api/connectors", feed(erpUrl(), { Authorization: TOKEN }), typist.auth);
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    // The person who typed it sees the path and query; every other expert sees them masked.
    expect((await call("GET", `/api/connectors/${id}`, undefined, typist.auth)).json.source).toEqual({ url: erpUrl(), headers: { Authorization: "***" } });
    const shown = (await call("GET", `/api/connectors/${id}`, undefined, other.auth)).json.source;
    expect(shown).toEqual({ url: `${erp.url}/***?sig=***`, headers: { Authorization: "***" } });

    // Sent to another address with its secrets still ***: refused, naming what to type again.
    const moved = await call(
      "PATCH",
      `/api/connectors/${id}`,
      { source: { url: `${collector.url}/***?sig=***`, headers: { Authorization: "***" } } },
      other.auth,
    );
    expect(moved.status).toBe(400);
    expect(moved.json.errorMessage).toMatch(/Type the header Authorization, the path, the query's sig again.*address changed/);
    // Typed anew, the source is still another person's: only they or an admin change it.
    const typed = await call(
      "PATCH",
      `/api/connectors/${id}`,
      { source: { url: `${collector.url}/v1/figures.json`, headers: { Authorization: "mine" } } },
      other.auth,
    );
    expect(typed).toMatchObject({ status: 403, json: { code: "forbidden" } });
    const preview = await call("POST", `/api/connectors/${id}/preview`, undefined, other.auth);
    expect(preview.status).toBe(200);
    expect(collector.requests).toHaveLength(0);

    // Renaming it sends the masked source back unchanged: allowed, and the source stays the typist's.
    expect((await call("PATCH", `/api/connectors/${id}`, { name: "ERP (renamed)" }, other.auth)).status).toBe(200);
    expect((await call("GET", `/api/connectors/${id}`, undefined, typist.auth)).json.source.url).toBe(erpUrl());
    expect((await call("POST", `/api/connectors/${id}/run`, {}, other.auth)).json).toMatchObject({ status: "succeeded", valuesWritten: 1 });

    // An admin may move it, typing the secret for the new address; the old token never travels.
    const byAdmin = await call(
      "PATCH",
      `/api/connectors/${id}`,
      { source: { url: `${collector.url}/v1/figures.json`, headers: { Authorization: "Bearer typed-by-the-admin" } } },
      admin.auth,
    );
    expect(byAdmin.status).toBe(200);
    expect((await call("POST", `/api/connectors/${id}/preview`, undefined, admin.auth)).status).toBe(200);
    expect(collector.requests.map((r) => r.headers.authorization)).toEqual(["Bearer typed-by-the-admin"]);
    expect(heardToken()).toBe(erp.requests.length);
  });

  it.each([
    ["postgres", "postgres://reader:pw@db.example.com/erp?host=10.0.0.5", '"host"'],
    ["postgres", "postgres://reader:pw@db.example.com/erp?host=/var/run/postgresql", '"host"'],
    ["postgres", "postgres://reader:pw@db.example.com/erp?sslkey=/etc/passwd&sslmode=require", '"sslkey"'],
    ["postgres", "postgres://reader:pw@db.example.com/erp?sslrootcert=/etc/ssl/private/key.pem", '"sslrootcert"'],
    ["postgres", "postgres://%2Fvar%2Frun%2Fpostgresql/erp", "names no host"],
    ["mysql", "mysql://root@db.example.com/erp?socketPath=/var/run/mysqld/mysqld.sock", '"socketPath"'],
    ["mysql", "mysql://root@db.example.com/erp?multipleStatements=true", '"multipleStatements"'],
    ["postgres", "postgres://reader:pw@db.example.com/erp?sslmode=allow", "sslmode=allow is not accepted"],
  ])("refuses a %s source at %s before anything connects", async (kind, url, named) => {
    const body = { name: "SQL", kind, shape: "snapshot", docId, source: { url }, query: "SELECT 1 AS n", mapping: { kpiGuid: guids.Sales } };
    for (const path of ["/api/connectors", "/api/connectors/preview"]) {
      const answer = await call("POST", path, body, typist.auth);
      expect(answer.status, path).toBe(400);
      expect(answer.json.details).toContainEqual({ path: "source.url", message: expect.stringContaining(named) });
    }
  });

  it("refuses a connection-string parameter stored before the check existed, at the run", async () => {
    const created = await call(
      "POST",
      "/api/connectors",
      {
        name: "Old SQL",
        kind: "postgres",
        shape: "snapshot",
        docId,
        source: { url: "postgres://reader@127.0.0.1:9/erp" },
        query: "SELECT 1 AS n",
        mapping: { kpiGuid: guids.Sales },
      },
      typist.auth,
    );
    const id = created.json.id as number;
    await database.db
      .update(connectors)
      .set({ source: sealSource(SECRET, { url: "postgres://reader@127.0.0.1:9/erp?host=/var/run/postgresql", headers: {} }) })
      .where(eq(connectors.id, id));
    expect((await call("POST", `/api/connectors/${id}/run`, {}, typist.auth)).json).toMatchObject({
      status: "failed",
      error: expect.stringContaining('"host" is not accepted'),
    });
  });
});

describe("one outbound guard: the address checked is the address connected to", () => {
  let database: Database;
  let api: TestApi;
  let admin: Awaited<ReturnType<typeof accountWithScorecards>>;
  let docId: number;
  let salesGuid: string;
  const servers: http.Server[] = [];
  const answers = new Map<string, string[][]>();
  /** DNS as a rebinding server plays it: each name answers its next address list, then its last. */
  const resolveHost = async (host: string) => {
    const queue = answers.get(host);
    if (!queue) throw new Error(`no test answer for ${host}`);
    return queue.length > 1 ? queue.shift()! : queue[0]!;
  };
  const heard: Record<string, number> = { good: 0, internal: 0 };
  const listen = (host: string, port: number, name: string, handler?: http.RequestListener) =>
    new Promise<number>((resolve) => {
      const server = http.createServer(handler ?? ((_, res) => (heard[name]!++, res.writeHead(200, { "Content-Type": "application/json" }).end(figures))));
      servers.push(server);
      server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
    });

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    // 127.0.0.2 stands for a public address; 127.0.0.1 for the internal one the name rebinds to.
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 1000, resolveHost, connectors: { secret: SECRET, allowedHosts: ["127.0.0.2/32"] } });
    admin = await accountWithScorecards(api, database.db, "rebind@example.com", [smallScorecard()]);
    docId = admin.scorecardIds[0]!;
    const kpis = (await (await api.call(`/api/document/${docId}/kpi/list`, { headers: admin.auth })).json()).items as { name: string; guid: string }[];
    salesGuid = kpis.find((k) => k.name === "Sales")!.guid;
  });
  afterAll(async () => {
    for (const server of servers) server.closeAllConnections(), server.close();
    await database?.close();
  });

  const runOf = async (body: Record<string, unknown>) => {
    const created = await api.call("/api/connectors", jsonInit("POST", { name: "Feed", docId, ...body }, admin.auth));
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = await created.json();
    return (await api.call(`/api/connectors/${id}/run`, jsonInit("POST", {}, admin.auth))).json();
  };
  const web = (url: string) => ({ kind: "json", shape: "rows", source: { url }, mapping: { rows: "$.data[*]", kpi: "$.kpi", date: "day", value: "amount" } });

  it("reads a web source from the address it checked, though the name answers an internal one the next time", async () => {
    const port = await listen("127.0.0.2", 0, "good");
    await listen("127.0.0.1", port, "internal");
    answers.set("figures.rebind.test", [["127.0.0.2"], ["127.0.0.1"]]);
    expect(await runOf(web(`http://figures.rebind.test:${port}/figures.json`))).toMatchObject({ status: "succeeded", valuesWritten: 1 });
    expect(heard).toEqual({ good: 1, internal: 0 });
  });

  it.each([
    ["cloud metadata", ["127.0.0.2", "169.254.169.254"]],
    ["loopback", ["127.0.0.1"]],
  ])("refuses a name with any %s address among its answers", async (_, addresses) => {
    answers.set("mixed.rebind.test", [addresses]);
    expect(await runOf(web("http://mixed.rebind.test/figures.json"))).toMatchObject({
      status: "failed",
      error: "mixed.rebind.test is a private or internal address: an operator may allow it by listing it in CONNECTOR_ALLOWED_HOSTS",
    });
  });

  it("refuses a redirect to an address the guard refuses", async () => {
    const port = await listen("127.0.0.2", 0, "redirect", (_, res) => res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" }).end());
    answers.set("moved.rebind.test", [["127.0.0.2"]]);
    expect(await runOf(web(`http://moved.rebind.test:${port}/figures.json`))).toMatchObject({
      status: "failed",
      error: expect.stringContaining("169.254.169.254 is a private or internal address"),
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)("connects a SQL source to the address it checked", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    // The "public" address 127.0.0.2 forwards to the PostgreSQL server; the name then rebinds to cloud metadata.
    const [port, host] = [Number(url.port || 5432), url.hostname];
    const forward = net.createServer((client) => client.pipe(net.connect(port, host)).pipe(client));
    await new Promise<void>((resolve) => forward.listen(0, "127.0.0.2", resolve));
    answers.set("db.rebind.test", [["127.0.0.2"], ["169.254.169.254"]]);
    url.hostname = "db.rebind.test";
    url.port = String((forward.address() as AddressInfo).port);
    try {
      const run = await runOf({
        kind: "postgres",
        shape: "snapshot",
        source: { url: url.toString() },
        query: "SELECT 42 AS n",
        mapping: { kpiGuid: salesGuid },
      });
      expect(run).toMatchObject({ status: "succeeded", valuesWritten: 1 });
    } finally {
      forward.close();
    }
  });
});
