import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseLockedError, openDatabase, type Database } from "@/lib/db/client";
import { demoScorecards } from "@/lib/db/demo";
import { queryRows } from "@/lib/db/query";
import { accounts, kpis, kpiValues, scorecards, users } from "@/lib/db/schema";
import { demoOnStart, seedDemo } from "@/lib/service/admin";
import { createAccount } from "@/lib/service/domain/accounts";
import { demoDataWanted, loadConfig } from "@/lib/config";
import { startAdminChannel } from "@/lib/service/admin-channel";
import { TEST_PASSWORD_COST } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";

const run = promisify(execFile);
const cli = (args: string[], env: Record<string, string>) =>
  run("npm", ["run", "--silent", "cli", "--", ...args], { env: { ...process.env, ...env }, cwd: process.cwd() });

describe("demo data on first start", () => {
  it("is on by default for the embedded database only; DEMO_DATA decides when set", () => {
    const pg = "postgres://postgres@127.0.0.1:5432/prod";
    expect(demoDataWanted(loadConfig({}))).toBe(true);
    expect(demoDataWanted(loadConfig({ DEMO_DATA: "false" }))).toBe(false);
    expect(demoDataWanted(loadConfig({ DATABASE_URL: pg }))).toBe(false);
    expect(demoDataWanted(loadConfig({ DATABASE_URL: pg, DEMO_DATA: "" }))).toBe(false);
    expect(demoDataWanted(loadConfig({ DATABASE_URL: pg, DEMO_DATA: "true" }))).toBe(true);
  });

  it.each(testDatabases)("on $name: no demo account and no login printed unless the demo is loaded", async ({ open }) => {
    const database = await open();
    try {
      expect(await demoOnStart(database.db, false)).toEqual({ loaded: false, login: null });
      expect((await database.db.select({ n: count() }).from(accounts))[0]!.n).toBe(0);
      // A first admin created by hand: a later start with demo data on loads nothing and advertises nothing.
      await createAccount(database.db, "boss@example.com", "a long password", TEST_PASSWORD_COST);
      expect(await demoOnStart(database.db, true)).toEqual({ loaded: false, login: null });
      expect(await database.db.select().from(users).where(eq(users.email, "demo@example.com"))).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe.each(testDatabases)("storage on $name", ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it("loads the demo once, with every KPI feature and years of history", async () => {
    const today = new Date("2026-11-20T00:00:00Z");
    expect(await seedDemo(database.db, { today, passwordCost: TEST_PASSWORD_COST })).toBe(true);
    expect(await seedDemo(database.db, { today, passwordCost: TEST_PASSWORD_COST })).toBe(false);
    expect(await demoOnStart(database.db, true)).toEqual({ loaded: false, login: "demo@example.com / demo-password" });

    const cards = await database.db.select().from(scorecards);
    expect(cards).toHaveLength(3);
    const all = await database.db.select().from(kpis);
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(new Set(all.map((k) => k.grouping))).toEqual(new Set(["AVERAGE", "SUM", "FIRST", "LAST", "MIN", "MAX"]));
    expect(new Set(all.map((k) => k.optimization))).toEqual(new Set(["MAXIMIZE", "MINIMIZE", "BINARY"]));
    expect(new Set(all.map((k) => k.inheritance))).toEqual(new Set([true, false]));
    expect(new Set(all.map((k) => k.updateInterval))).toEqual(new Set(["DAY", "WEEK", "MONTH", "QUARTER", "HALF_YEAR"]));
    const formulas = all.filter((k) => k.formula);
    expect(formulas.length).toBeGreaterThanOrEqual(3);
    for (const f of formulas) expect(f.formula).toMatch(/\[[0-9a-f-]{36}\]/);
    expect(all.filter((k) => k.indicatorType === "CONTAINER").length).toBeGreaterThanOrEqual(10);

    const [span] = await database.db
      .select({ n: count(), first: sql<string>`min(${kpiValues.date})::text`, last: sql<string>`max(${kpiValues.date})::text` })
      .from(kpiValues);
    expect(span!.n).toBeGreaterThan(8000);
    expect(span!.first <= "2023-11-01").toBe(true);
    expect(span!.last).toBe("2026-11-20");
  });

  it("keeps the demo deterministic for a given day", () => {
    const day = new Date("2026-01-01T00:00:00Z");
    expect(JSON.stringify(demoScorecards(day))).toBe(JSON.stringify(demoScorecards(day)));
  });

  it("cascades an account's deletion to its scorecards, KPIs and values", async () => {
    const [demo] = await database.db.select().from(users).where(eq(users.email, "demo@example.com"));
    await database.db.delete(accounts).where(eq(accounts.id, demo!.accountId));
    expect((await database.db.select({ n: count() }).from(kpiValues))[0]!.n).toBe(0);
    expect((await database.db.select({ n: count() }).from(kpis))[0]!.n).toBe(0);
  });
});

describe("the embedded database on disk", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "gauge-data-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("survives a reopen and refuses a second process with a clear error", async () => {
    const first = await openDatabase({ dataDir });
    await first.db.insert(accounts).values({ name: "kept.example.com" });
    await first.close();

    const reopened = await openDatabase({ dataDir });
    try {
      expect(await reopened.db.select({ name: accounts.name }).from(accounts)).toEqual([{ name: "kept.example.com" }]);
      // The default 128 MB of shared buffers was most of an idle server's memory.
      expect(await queryRows(reopened.db, sql`SHOW shared_buffers`)).toEqual([{ shared_buffers: "32MB" }]);
      const refused = await cli(["seed-demo"], { DATA_DIR: dataDir, DATABASE_URL: "" }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toContain("is in use by another Gauge process");
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
    } finally {
      await reopened.close();
    }
  });

  it("runs CLI commands through the server that holds the embedded database, and only for whoever can read its data folder", async () => {
    const held = await openDatabase({ dataDir });
    const channel = await startAdminChannel(held.db, dataDir);
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
      expect((await cli(["add-account", "owner@running.example", "long enough password"], env)).stdout).toMatch(/Created account \d+/);
      expect(
        (await cli(["add-user", "mate@running.example", "long enough password", "--to", "owner@running.example", "--role", "viewer"], env)).stdout,
      ).toContain("Added user");
      const [mate] = await held.db.select().from(users).where(eq(users.email, "mate@running.example"));
      expect(mate).toMatchObject({ role: "viewer" });
      const bad = await cli(["add-user", "x@running.example", "long enough password", "--to", "nobody@running.example"], env).catch((e) => e);
      expect(bad.stderr).toContain("No user nobody@running.example");
      const { port } = JSON.parse(await readFile(path.join(dataDir, "admin-channel.json"), "utf8"));
      const forged = await fetch(`http://127.0.0.1:${port}/`, {
        method: "POST",
        headers: { Authorization: "Bearer guess" },
        body: JSON.stringify({ argv: ["seed-demo"] }),
      });
      expect(forged.status).toBe(403);
    } finally {
      await channel.close();
      await held.close();
    }
  });

  it("administers accounts and scorecards from the command line", async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    expect((await cli(["add-account", "Boss@Example.com", "long enough password"], env)).stdout).toMatch(/Created account \d+ for boss@example.com/);
    const duplicate = await cli(["add-account", "boss@example.com", "long enough password"], env).catch((e) => e);
    expect(duplicate.stderr).toContain("already exists");

    const file = path.join(dataDir, "card.json");
    await writeFile(
      file,
      JSON.stringify({
        name: "Imported",
        kpis: [
          { id: "a", name: "A", values: [{ date: "2024-01-31", value: 3 }] },
          { name: "Twice A", formula: "[a] * 2" },
        ],
      }),
    );
    expect((await cli(["import-scorecard", file, "--owner", "boss@example.com"], env)).stdout).toMatch(/Imported scorecard \d+/);

    await writeFile(file, JSON.stringify({ name: "Bad", kpis: [{ name: "A", values: [{ date: "2023-02-30", value: 1 }] }] }));
    const bad = await cli(["import-scorecard", file, "--owner", "boss@example.com"], env).catch((e) => e);
    expect(bad.stderr).toContain("kpis.0.values.0.date: Invalid date");

    const database = await openDatabase({ dataDir });
    try {
      expect((await database.db.select({ name: scorecards.name }).from(scorecards)).map((s) => s.name)).toEqual(["Imported"]);
      const formula = (await database.db.select().from(kpis)).find((k) => k.name === "Twice A")!.formula;
      expect(formula).toMatch(/^\[[0-9a-f-]{36}\] \* 2$/);
    } finally {
      await database.close();
    }
  });
});
