import ExcelJS from "exceljs";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "@/lib/db/client";
import { kpiValues } from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "./api";
import { startSourceServer } from "./source-server";
import { suiteFields } from "./suite";

export const TOKEN = "Bearer s3cret-token-of-the-erp";
const salesJson = () =>
  JSON.stringify({
    data: [
      { kpi: "Sales", day: "2024-01-01", amount: 10 },
      { kpi: "costs", day: "2024-02-01T00:00:00Z", amount: "7.5" },
      { kpi: "Sales", day: "2024-02-01", amount: 12 },
      { kpi: "Sales (EU)", day: "2024-02-01", amount: 3 },
      { kpi: "Sales", day: "31/01/2024", amount: 4 },
      { kpi: "Sales", day: "2024-03-01", amount: "n/a" },
      { kpi: "Margin", day: "2024-03-01", amount: 1 },
    ],
  });

export async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Figures");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * One account with a small scorecard, an API allowed to reach 127.0.0.1, and a source server
 * (`/sales.json` behind a bearer token, `/sales.csv`, `/big.json`, `/broken`), set up before the
 * suite's tests and closed after them. Fields are filled in `beforeAll`.
 */
export function connectorSuite(open: () => Promise<Database>) {
  const s = {
    ...suiteFields(),
    docId: 0,
    guids: {} as Record<string, string>,
    source: undefined as unknown as Awaited<ReturnType<typeof startSourceServer>>,
    /** What `/big.json` answers. */
    big: "[]",
  };
  const call = async (method: string, path: string, body?: unknown, auth: Record<string, string> = s.owner.auth, on: TestApi = s.api) => {
    const response = await on.call(path, body === undefined ? { method, headers: auth } : jsonInit(method, body, auth));
    const text = await response.text();
    return { status: response.status, text, json: text ? JSON.parse(text) : null, headers: response.headers };
  };
  /** Every stored value as "KPI date value", sorted. */
  const stored = async () =>
    (await s.database.db.select().from(kpiValues)).map((v) => `${Object.entries(s.guids).find(([, g]) => g === v.kpiGuid)?.[0]} ${v.date} ${v.value}`).sort();
  const jsonConnector = (extra: Record<string, unknown> = {}) => ({
    name: "ERP figures",
    kind: "json",
    shape: "rows",
    docId: s.docId,
    source: { url: `${s.source.url}/sales.json`, headers: { Authorization: TOKEN } },
    mapping: { rows: "$.data[*]", kpi: "$.kpi", date: "day", value: "amount" },
    ...extra,
  });
  /** A rows connector's body: a push without `path`, else a source at the source server's `path`. */
  const rowsConnector = (name: string, kind: string, mapping: Record<string, unknown>, path?: string) => ({
    name,
    kind,
    shape: "rows",
    docId: s.docId,
    ...(path && { source: { url: `${s.source.url}${path}` } }),
    mapping,
  });
  beforeAll(async () => {
    s.database = await open();
    s.api = createTestApi(s.database.db, undefined, {
      rateLimitPerHour: 1000,
      connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"] },
    });
    s.owner = await accountWithScorecards(s.api, s.database.db, "feeds@example.com", [smallScorecard()]);
    s.docId = s.owner.scorecardIds[0]!;
    const kpis = (await call("GET", `/api/document/${s.docId}/kpi/list`)).json.items as { name: string; guid: string }[];
    s.guids = Object.fromEntries(kpis.map((k) => [k.name, k.guid]));
    s.source = await startSourceServer({
      "/sales.json": () => ({ body: salesJson(), requires: { Authorization: TOKEN } }),
      "/sales.csv": () => ({
        type: "text/csv",
        body: "KPI;Date;Value;Target;Note\nSales;2024-04-01;21,5;30;\nCosts;2024-04-01;9;;\nNobody;2024-04-01;1;;salary of Bob\n",
      }),
      "/big.json": () => ({ body: s.big }),
      "/broken": () => ({ status: 503, body: "down" }),
    });
  });
  afterAll(async () => {
    await s.source?.close();
    await s.database?.close();
  });
  return Object.assign(s, { call, stored, jsonConnector, rowsConnector });
}
