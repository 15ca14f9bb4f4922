import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { serve } from "@hono/node-server";
import { asc } from "@sap-cloud-sdk/odata-v4";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { createODataApp } from "./odata/app";

// A typed client generated from our $metadata by the SAP Cloud SDK's generator (not ours),
// querying over real HTTP with HTTP Basic, as a customer's integration would.
const OUT = path.resolve("test-results/odata-client");

describe("the OData feed through a client generated from its $metadata", () => {
  let database: Database;
  let api: TestApi;
  let server: ReturnType<typeof serve>;
  let url: string;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let key: string;
  let docId: number;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 10_000 });
    const odata = createODataApp(api.app.deps);
    server = await new Promise((resolve) => {
      const s = serve({ fetch: odata.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/odata`;
    owner = await accountWithScorecards(api, database.db, "bi@example.com", [smallScorecard("Board")]);
    docId = owner.scorecardIds[0]!;
    key = (await (await api.call("/api/api-keys", jsonInit("POST", { name: "generator" }, owner.auth))).json()).key;
    const kpis = (await (await api.call(`/api/document/${docId}/kpi/list`, { headers: owner.auth })).json()).items as { name: string; guid: string }[];
    const sales = kpis.find((k) => k.name === "Sales")!.guid;
    const items = Array.from({ length: 12 }, (_, m) => ({ guid: sales, date: `2025-${String(m + 1).padStart(2, "0")}-10`, value: 40 + m * 5 }));
    await api.call(`/api/document/${docId}/kpi/batch/set-values`, jsonInit("POST", { items }, owner.auth));

    const metadata = await (
      await fetch(`${url}/$metadata`, { headers: { Authorization: `Basic ${Buffer.from(`bi@example.com:${key}`).toString("base64")}` } })
    ).text();
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(`${OUT}/in`, { recursive: true });
    writeFileSync(`${OUT}/in/gauge.edmx`, metadata);
    const generated = spawnSync(
      path.resolve("node_modules/.bin/generate-odata-client"),
      ["--input", `${OUT}/in`, "--outputDir", `${OUT}/out`, "--transpile", "false", "--skipValidation", "--overwrite"],
      { encoding: "utf8" },
    );
    expect(generated.status, generated.stderr || generated.stdout).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.close();
  });

  it("queries every set with the generated, typed request builders, with the REST API's figures", async () => {
    const { gauge } = await import(/* @vite-ignore */ `${OUT}/out/gauge/service.ts`);
    const { scorecardsApi, kpisApi, valuesApi, periodsApi } = gauge();
    const destination = { url, username: "bi@example.com", password: key };
    const cards = await scorecardsApi.requestBuilder().getAll().execute(destination);
    expect(cards.map((c: { name: string }) => c.name)).toEqual(["Board"]);
    const kpis = await kpisApi
      .requestBuilder()
      .getAll()
      .filter(kpisApi.schema.SCORECARD_ID.equals(docId))
      .orderBy(asc(kpisApi.schema.NAME))
      .execute(destination);
    const rest = (await (await api.call(`/api/document/${docId}/kpi/list`, { headers: owner.auth })).json()).items as { name: string; guid: string }[];
    expect(kpis.map((k: { name: string }) => k.name)).toEqual(rest.map((k) => k.name).sort());
    const sales = rest.find((k) => k.name === "Sales")!.guid;
    const values = await valuesApi
      .requestBuilder()
      .getAll()
      .filter(valuesApi.schema.KPI_GUID.equals(sales), valuesApi.schema.VALUE.greaterOrEqual(80))
      .execute(destination);
    expect(values.map((v: { value: number }) => v.value).sort((a: number, b: number) => a - b)).toEqual([80, 85, 90, 95]);
    const quarters = await periodsApi
      .requestBuilder()
      .getAll()
      .filter(periodsApi.schema.PERIOD.equals("QUARTER"), periodsApi.schema.KPI_GUID.equals(sales))
      .execute(destination);
    const grouped = (
      await (await api.call(`/api/document/${docId}/kpi/indicator/${sales}/grouped-value/QUARTER/2024-01-01/2026-12-31`, { headers: owner.auth })).json()
    ).item.points as { start: string; value: number | null; score: number | null; status: string }[];
    const byStart = new Map(grouped.map((p) => [p.start, p]));
    expect(quarters.length).toBe(grouped.length);
    for (const q of quarters) {
      const expected = byStart.get(q.start.format("YYYY-MM-DD"))!;
      expect([q.value, q.score, q.status]).toEqual([expected.value, expected.score, expected.status]);
    }
  });
});
