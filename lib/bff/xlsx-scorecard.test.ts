import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { scorecardFromXlsx } from "./xlsx-scorecard";

// The Excel report Gauge makes, read back as a scorecard file: the import's .xlsx path.
describe("a workbook as a scorecard file", () => {
  let database: Database;
  let api: TestApi;
  let report: ArrayBuffer;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    api = createTestApi(database.db);
    const account = await accountWithScorecards(api, database.db, "xlsx@example.com", [smallScorecard("Company")]);
    const [doc] = account.scorecardIds;
    const sales = (await (await api.call(`/api/document/${doc}/kpi/list`, { headers: account.auth })).json()).items[2].guid;
    await api.call(`/api/document/${doc}/kpi/indicator/${sales}/value/2026-02-15`, jsonInit("POST", { value: 61 }, account.auth));
    await api.call(
      `/api/document/${doc}/kpi/${sales}`,
      jsonInit("PATCH", { translations: { es: { name: "Ventas", description: "Facturado" } } }, account.auth),
    );
    report = await (await api.call(`/api/report/${doc}/excel?start=2026-02-28`, { headers: account.auth })).arrayBuffer();
  });
  afterAll(() => database.close());

  it("gives back the report's tree, units, scales and the values at its date", async () => {
    const result = await scorecardFromXlsx(report, "fallback");
    expect("file" in result).toBe(true);
    if (!("file" in result)) return;
    expect(result.file.name).toBe("Company");
    const names = (list: { name: string; children?: unknown[] }[]): unknown[] =>
      list.map((k) => (k.children?.length ? { [k.name]: names(k.children as never) } : k.name));
    expect(names(result.file.kpis)).toEqual([{ Customer: ["Sales", "Costs", "Margin"] }, "Audit passed"]);
    const sales = result.file.kpis[0]!.children![0]!;
    expect(sales).toMatchObject({
      name: "Sales",
      type: "INDICATOR",
      measure: "USD",
      target: 80,
      baseline: 20,
      min: 0,
      max: 100,
      values: [{ date: "2026-02-15", value: 61 }],
    });
    // The report's "Name (es)" and "Description (es)" columns come back as the KPI's translations; untranslated KPIs have none.
    expect(sales.translations).toEqual({ es: { name: "Ventas", description: "Facturado" } });
    expect(result.file.kpis[0]!.children![1]!.translations).toBeUndefined();
  });

  it("reads a plain sheet without indents: CONTAINER rows are perspectives", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Plan");
    sheet.addRows([
      ["KPI", "Type", "Measure", "Target"],
      ["Customer", "CONTAINER"],
      ["NPS", "", "points", 40],
      ["Finance", "CONTAINER"],
      ["Revenue", "", "USD", 1000],
    ]);
    const result = await scorecardFromXlsx((await book.xlsx.writeBuffer()) as ArrayBuffer, "Plan 2027");
    expect(result).toMatchObject({
      file: {
        name: "Plan 2027",
        kpis: [
          { name: "Customer", children: [{ name: "NPS", measure: "points", target: 40 }] },
          { name: "Finance", children: [{ name: "Revenue", target: 1000 }] },
        ],
      },
    });
  });

  it("says what is wrong with a workbook it cannot read", async () => {
    expect(await scorecardFromXlsx(new TextEncoder().encode("not a zip").buffer as ArrayBuffer, "x")).toEqual({
      problems: [{ path: "file", message: "Not an Excel workbook (.xlsx)" }],
    });
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Empty").addRow(["Name", "Target"]);
    expect(await scorecardFromXlsx((await book.xlsx.writeBuffer()) as ArrayBuffer, "x")).toEqual({
      problems: [{ path: "file", message: "No header row with a “KPI” column" }],
    });
  });
});
