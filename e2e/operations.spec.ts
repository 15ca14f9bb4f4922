import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { startGauge as startProcess, type GaugeProcess as Server } from "./gauge-process";

// Gauge as IT runs it: production starts (lib/cli/serve.mjs, never building) of the suite's build,
// several processes over one PostgreSQL database, stopped by signals and watched by their health,
// readiness and metrics. Each test makes its own database and drops it.
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const SECRETS = { SESSION_SECRET: "s".repeat(40), CONNECTOR_SECRET: "c".repeat(40), SIGN_IN_SECRET: "i".repeat(40) };
const METRICS_TOKEN = "metrics-token-for-tests";
const MIGRATIONS = (JSON.parse(readFileSync("lib/db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] }).entries.length;

test.describe.configure({ mode: "serial" });

/** A production start that must refuse: its exit status and what it printed. */
async function refusedStart(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const proc = spawn(process.execPath, ["lib/cli/serve.mjs"], {
    env: { ...process.env, LOG_LEVEL: "info", DATABASE_URL: "", ...env, PORT: "3399" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  for (const stream of [proc.stdout!, proc.stderr!]) stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
  const code = await new Promise<number | null>((resolve) => proc.once("exit", resolve));
  return { code, lines };
}

test("each bad setting stops the start with one line that names it, and status 1", async () => {
  test.setTimeout(120_000);
  const unreachable = "postgres://gauge:pw@127.0.0.1:9/gauge";
  const cases: [Record<string, string>, RegExp][] = [
    [
      { PUBLIC_URL: "gauge.corp" },
      /^\[gauge\] cannot start: Invalid configuration: PUBLIC_URL must be the address people use, such as https:\/\/gauge\.example\.com$/,
    ],
    [{ DATABASE_URL: "postgres//gauge@db/gauge" }, /^\[gauge\] cannot start: Invalid configuration: DATABASE_URL must be a PostgreSQL address/],
    [{ TRUST_PROXY: "loopbak" }, /^\[gauge\] cannot start: Invalid configuration: TRUST_PROXY must be/],
    [{ SESSION_SECRET: "short" }, /^\[gauge\] cannot start: Invalid configuration: SESSION_SECRET must be at least 32 characters$/],
    [{ DATABASE_URL: unreachable }, /^\[gauge\] cannot start: Invalid configuration: with DATABASE_URL, set SESSION_SECRET, CONNECTOR_SECRET, SIGN_IN_SECRET/],
    [
      { DATABASE_URL: unreachable, ...SECRETS },
      /^\[gauge\] cannot start: Nothing answers at 127\.0\.0\.1:9 \(connection refused\): is PostgreSQL running there/,
    ],
  ];
  if (ADMIN_URL) {
    const missing = new URL(ADMIN_URL);
    missing.pathname = "/gauge_no_such_database";
    cases.push([
      { DATABASE_URL: missing.toString(), ...SECRETS },
      /^\[gauge\] cannot start: The database gauge_no_such_database does not exist on .*: create it \(createdb gauge_no_such_database\)/,
    ]);
  }
  for (const [env, expected] of cases) {
    const { code, lines } = await refusedStart(env);
    expect(code, JSON.stringify(env)).toBe(1);
    const said = lines.filter((line) => line.includes("cannot start"));
    expect(said, lines.join("\n")).toHaveLength(1);
    expect(said[0]).toMatch(expected);
  }
});

test.describe("over PostgreSQL", () => {
  test.skip(!ADMIN_URL, "needs PostgreSQL: set TEST_DATABASE_URL (as .ci/run does)");

  async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
    const name = `gauge_ops_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${name}`;
    try {
      return await fn(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }

  /** A production process over PostgreSQL with the three secrets set. */
  const startGauge = (env: Record<string, string>) => startProcess({ ...SECRETS, ...env });

  const login = async (server: Server) =>
    (
      await (
        await fetch(`${server.url}/rest/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: "demo@example.com", contraseña: "demo-password" }),
        })
      ).json()
    ).token as string;

  /** A TCP relay to PostgreSQL that the test can cut and restore, as if the database server stopped and came back. */
  async function relayTo(target: URL) {
    const sockets = new Set<net.Socket>();
    const listen = (port = 0) =>
      new Promise<net.Server>((resolve) => {
        const server = net.createServer((client) => {
          const upstream = net.connect(Number(target.port || 5432), target.hostname);
          for (const s of [client, upstream]) sockets.add(s), s.on("error", () => {}), s.on("close", () => sockets.delete(s));
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, "127.0.0.1", () => resolve(server));
      });
    let server = await listen();
    const port = (server.address() as net.AddressInfo).port;
    return {
      port,
      cut: () => new Promise<void>((resolve) => (server.close(() => resolve()), sockets.forEach((s) => s.destroy()))),
      restore: async () => void (server = await listen(port)),
    };
  }

  const metricsOf = async (server: Server) => (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();

  test("two processes starting at once on an empty database migrate it once, and both serve", async () => {
    test.setTimeout(180_000);
    await withDatabase(async (url) => {
      const [one, two] = await Promise.all([startGauge({ DATABASE_URL: url }), startGauge({ DATABASE_URL: url })]);
      try {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        const { rows } = await client.query("SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations");
        const demo = await client.query("SELECT count(*)::int AS n FROM accounts");
        await client.end();
        expect(rows[0]).toEqual({ n: MIGRATIONS, distinct: MIGRATIONS });
        expect(demo.rows[0].n).toBe(1);
        for (const server of [one, two])
          expect((await fetch(`${server.url}/rest/api/documents/list`, { headers: { Token: await login(server) } })).status).toBe(200);
      } finally {
        await Promise.all([one.stop(), two.stop()]);
      }
    });
  });

  test("readiness follows the database while health stays up; metrics need their token", async () => {
    test.setTimeout(180_000);
    await withDatabase(async (url) => {
      const relay = await relayTo(new URL(url));
      const throughRelay = new URL(url);
      throughRelay.hostname = "127.0.0.1";
      throughRelay.port = String(relay.port);
      const server = await startGauge({ DATABASE_URL: throughRelay.toString(), METRICS_TOKEN });
      const status = async (path: string) => (await fetch(`${server.url}${path}`)).status;
      try {
        await relay.cut();
        await expect.poll(() => status("/rest/ready"), { timeout: 30_000 }).toBe(503);
        const down = await (await fetch(`${server.url}/rest/ready`)).json();
        expect(down).toMatchObject({ success: false, code: "unavailable", errorMessage: "The database does not answer" });
        expect(await status("/rest/health")).toBe(200);
        await relay.restore();
        await expect.poll(() => status("/rest/ready"), { timeout: 30_000 }).toBe(200);

        expect(await status("/metrics")).toBe(401);
        const wrong = await fetch(`${server.url}/metrics`, { headers: { Authorization: "Bearer nope" } });
        expect(wrong.status).toBe(401);
        expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
        const text = await metricsOf(server);
        expect(text).toContain("# TYPE gauge_http_requests_total counter");
        expect(text).toMatch(/gauge_http_requests_total\{method="GET",route="\/rest\/ready",status="503"\} [1-9]/);
        expect(text).toMatch(/^gauge_outbox_depth \d+$/m);
        expect(text).toMatch(/^gauge_db_pool_connections \d+$/m);
        // Every request's log line names its ID, which its answer carries.
        const answer = await fetch(`${server.url}/rest/health`);
        const id = answer.headers.get("x-request-id")!;
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        await expect.poll(() => server.output.some((line) => line.includes(`"reqId":"${id}"`) && line.includes('"route":"/rest/health"'))).toBe(true);
      } finally {
        await server.stop();
        await relay.cut();
      }
      const off = await startGauge({ DATABASE_URL: url, METRICS_TOKEN: "" });
      try {
        expect((await fetch(`${off.url}/metrics`)).status).toBe(404);
      } finally {
        await off.stop();
      }
    });
  });

  test("SIGTERM during a slow request: it completes, the process exits 0, and a second process carries on", async () => {
    test.setTimeout(180_000);
    await withDatabase(async (url) => {
      const [leaving, staying] = [await startGauge({ DATABASE_URL: url, LOG_LEVEL: "debug" }), await startGauge({ DATABASE_URL: url })];
      try {
        const token = await login(staying);
        const kpis = (await (await fetch(`${staying.url}/rest/api/document/1/kpi/list`, { headers: { Token: token } })).json()).items as {
          guid: string;
          name: string;
        }[];
        const guid = kpis.find((k) => k.name === "Revenue")!.guid;
        const body = JSON.stringify({ items: [{ guid, date: "2024-03-31", value: 777_123 }] });
        // The request's head and half its body; the rest once the process has begun to stop.
        const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
          const request = http.request(
            `${leaving.url}/rest/api/document/1/kpi/batch/set-values`,
            { method: "POST", headers: { Token: token, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } },
            (response) => {
              let text = "";
              response.on("data", (chunk) => (text += chunk));
              response.on("end", () => resolve({ status: response.statusCode!, text }));
            },
          );
          request.on("error", reject);
          request.write(body.slice(0, 20));
          void (async () => {
            await expect.poll(() => leaving.output.some((line) => line.includes('"msg":"started"') && line.includes("batch/set-values"))).toBe(true);
            leaving.proc.kill("SIGTERM");
            await expect.poll(() => leaving.output.some((line) => line.includes("stopping: no new requests") && line.includes('"inFlight":1'))).toBe(true);
            request.end(body.slice(20));
          })().catch(reject);
        });
        const { status, text } = await answer;
        expect(status, text).toBe(200);
        expect(await leaving.exited).toBe(0);
        expect(leaving.output.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
        const read = await (await fetch(`${staying.url}/rest/api/document/1/kpi/indicator/${guid}/value/2024-03-31`, { headers: { Token: token } })).json();
        expect(read).toMatchObject({ value: 777_123 });
        expect(
          await fetch(`${leaving.url}/rest/health`).then(
            (r) => r.status,
            () => "refused",
          ),
        ).toBe("refused");
      } finally {
        await Promise.all([leaving.stop(), staying.stop()]);
      }
    });
  });

  test("a worker process runs scheduled connectors and those asked for on a web process, which never runs one", async () => {
    test.setTimeout(180_000);
    const source = http.createServer(
      (_, res) => (
        res.writeHead(200, { "Content-Type": "application/json" }), res.end(JSON.stringify({ data: [{ kpi: "Revenue", day: "2024-05-31", amount: 4242 }] }))
      ),
    );
    await new Promise<void>((resolve) => source.listen(0, "127.0.0.1", resolve));
    const sourceUrl = `http://127.0.0.1:${(source.address() as net.AddressInfo).port}/sales.json`;
    await withDatabase(async (url) => {
      const env = { DATABASE_URL: url, METRICS_TOKEN, CONNECTOR_ALLOWED_HOSTS: "127.0.0.1", CONNECTOR_RUN_PICKUP_SECONDS: "3" };
      const [web, worker] = [
        await startGauge({ ...env, GAUGE_ROLE: "web" }),
        await startGauge({ ...env, GAUGE_ROLE: "worker", PUBLIC_URL: "https://gauge.example.com" }),
      ];
      try {
        const token = await login(web);
        const created = await fetch(`${web.url}/rest/api/connectors`, {
          method: "POST",
          headers: { Token: token, "Content-Type": "application/json" },
          body: JSON.stringify({
            name: "ERP revenue",
            kind: "json",
            shape: "rows",
            docId: 1,
            source: { url: sourceUrl, headers: {} },
            mapping: { rows: "$.data[*]", kpi: "$.kpi", date: "day", value: "amount" },
            schedule: { cron: "0 6 * * *", timeZone: "UTC" },
          }),
        });
        expect(created.status, await created.clone().text()).toBe(201);
        const { id } = await created.json();
        // Due now rather than at six tomorrow.
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query("UPDATE connectors SET next_run_at = now() - interval '1 second' WHERE id = $1", [id]);
        const runs = "SELECT count(*)::int AS n FROM connector_runs WHERE connector_id = $1 AND trigger = 'schedule' AND status = 'succeeded'";
        await expect.poll(async () => (await client.query(runs, [id])).rows[0].n, { timeout: 60_000 }).toBe(1);
        await client.end();
        // "Run now" on the web process: the worker runs it, and the web process answers its run.
        const runNow = () => fetch(`${web.url}/rest/api/connectors/${id}/run`, { method: "POST", headers: { Token: token } });
        const manual = await runNow();
        expect(manual.status).toBe(200);
        expect(await manual.json()).toMatchObject({ trigger: "manual", status: "succeeded" });
        expect(await metricsOf(worker)).toMatch(/gauge_connector_runs_total\{trigger="manual",outcome="succeeded"\} 1/);
        expect(await metricsOf(worker)).toMatch(/gauge_connector_runs_total\{trigger="schedule",outcome="succeeded"\} 1/);
        expect(await metricsOf(web)).not.toMatch(/gauge_connector_runs_total\{/);
        // "Test connection" on the web process: the worker reads the source, and the web process answers its preview.
        const testNow = () => fetch(`${web.url}/rest/api/connectors/${id}/preview`, { method: "POST", headers: { Token: token } });
        const tested = await testNow();
        expect(tested.status).toBe(200);
        expect(await tested.json()).toMatchObject({ rowsRead: 1, unchanged: 1 });
        // With no worker running, the web process says so rather than reading the source itself.
        await worker.stop();
        const unrun = await runNow();
        expect(unrun.status).toBe(503);
        expect((await unrun.json()).errorMessage).toBe("No worker process took the run within 3 s: start one (GAUGE_ROLE=worker or all) and run it again");
        const untested = await testNow();
        expect(untested.status).toBe(503);
        expect((await untested.json()).errorMessage).toBe("No worker process took the test within 3 s: start one (GAUGE_ROLE=worker or all) and try again");
        expect(worker.output.join("\n")).toContain("worker: connectors, alerts and deliveries");
        expect(web.output.join("\n")).toContain("web: serving only");
      } finally {
        await Promise.all([web.stop(), worker.stop()]);
      }
    });
    source.close();
  });
});
