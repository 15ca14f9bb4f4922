import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatsFor, translatorFor } from "@/lib/i18n/server";
import type { GroupedValues } from "@/lib/contract/grouped";
import { groupedPoint, kpiNode } from "@/lib/testing/shapes";
import { parseCsv, previewCsv, toCsv, type CsvWords } from "./csv";
import { applyPaste, buildGrid, cellKey, cellText, errorsByCell, parseCell, parseTsv, pendingChanges, toBatchItems } from "./grid-model";

const { period: periodLabel } = formatsFor("en");
const csvWords = translatorFor("en", "values");
const words: CsvWords = (key, values) => csvWords(`csvFile.${key}`, values);

const kpi = kpiNode;
const tree = kpi("root", "Root", {
  indicatorType: "CONTAINER",
  acceptValueData: false,
  children: [
    kpi("a", "Sales"),
    kpi("f", "Margin", { formula: "[a]", acceptValueData: false }),
    kpi("w", "Weekly", { updateInterval: "WEEK" }),
    kpi("b", "Costs, total", { inheritance: true }),
  ],
});
const point = groupedPoint;
const grouped: GroupedValues = {
  start: "2024-01-01",
  end: "2024-03-31",
  period: "MONTH",
  items: [
    {
      guid: "a",
      name: "Sales",
      measure: "USD",
      points: [point("2024-01-01", 10, "ENTERED"), point("2024-02-01", null, "NONE"), point("2024-03-01", 30, "ENTERED")],
    },
    {
      guid: "b",
      name: "Costs, total",
      measure: "USD",
      points: [point("2024-01-01", 5, "ENTERED"), point("2024-02-01", 5, "INHERITED"), point("2024-03-01", 5, "INHERITED")],
    },
  ],
};
const model = buildGrid(tree, grouped, "MONTH", periodLabel);

describe("the value grid's model", () => {
  it("has the writable KPIs of the period as rows and its periods as columns", () => {
    expect(model.rows.map((r) => r.name)).toEqual(["Sales", "Costs, total"]);
    expect(model.columns.map((c) => c.label)).toEqual(["Jan 2024", "Feb 2024", "Mar 2024"]);
    expect(model.entered.get(cellKey("a", "2024-03-01"))).toBe(30);
    expect(model.inherited.get(cellKey("b", "2024-02-01"))).toBe(5);
    expect(model.entered.has(cellKey("b", "2024-02-01"))).toBe(false);
  });

  it.each([
    ["12", 12],
    [" -3.5 ", -3.5],
    ["1,5", 1.5],
    [".5", 0.5],
    ["1e3", 1000],
    ["", null],
    ["1 234", 1234],
    ["1,234.5", 1234.5],
    ["1,234", 1234],
    ["45%", 45],
    ["$1.2M", 1_200_000],
    ["2.5k", 2500],
    ["(1,234)", -1234],
    ["1.234.567", 1234567],
    ["€ 3,50", 3.5],
    ["1 234 567,89", 1234567.89],
    ["−7", -7],
  ])("reads %j as %j (decimal point locale)", (text, value) => {
    expect(parseCell(text)).toMatchObject({ ok: true, value });
  });

  it.each([
    ["1.234,5", 1234.5],
    ["1,234", 1.234],
    ["45,5%", 45.5],
    ["1.234", 1234],
  ])("reads %j as %j where the decimal mark is a comma", (text, value) => {
    expect(parseCell(text, ",")).toMatchObject({ ok: true, value });
  });

  it("says what it understood when the text is not a plain number", () => {
    expect(parseCell("1,234.5")).toEqual({ ok: true, value: 1234.5, read: "read as 1234.5" });
    expect(parseCell("45%")).toEqual({ ok: true, value: 45, read: "per cent sign dropped: read as 45" });
    expect(parseCell("12")).toEqual({ ok: true, value: 12 });
  });

  const NOT_A_NUMBER = "Enter a number, like 1234.5 (1,234.5, 45 % and $1.2M work too)";
  it.each([
    ["abc", NOT_A_NUMBER],
    ["1.2.3,4,5", NOT_A_NUMBER],
    ["12%%", NOT_A_NUMBER],
    ["1,23,4", NOT_A_NUMBER],
    ["--1", NOT_A_NUMBER],
    ["1,2345.6", NOT_A_NUMBER],
    ["1e999", "Beyond any business figure: at most 1,000,000,000,000,000 (1e15) either way"],
  ])("refuses %j with a message that says what to enter", (text, message) => {
    expect(parseCell(text)).toEqual({ ok: false, message });
  });

  it("keeps only real changes, and reports invalid cells", () => {
    const draft = {
      [cellKey("a", "2024-01-01")]: "10",
      [cellKey("a", "2024-02-01")]: "20",
      [cellKey("a", "2024-03-01")]: "",
      [cellKey("b", "2024-02-01")]: "x",
    };
    const { changes, invalid } = pendingChanges(model, draft);
    expect(changes).toEqual([
      { key: cellKey("a", "2024-02-01"), guid: "a", date: "2024-02-01", value: 20 },
      { key: cellKey("a", "2024-03-01"), guid: "a", date: "2024-03-01", value: null },
    ]);
    expect(invalid).toEqual({ [cellKey("b", "2024-02-01")]: "Enter a number, like 1234.5 (1,234.5, 45 % and $1.2M work too)" });
    expect(toBatchItems(changes)).toEqual([
      { guid: "a", date: "2024-02-01", value: 20 },
      { guid: "a", date: "2024-03-01", value: null },
    ]);
  });

  it("refuses on the cell a figure no business reaches, and a value outside the KPI's valid range", () => {
    const bounded = buildGrid(
      kpi("root", "Root", { indicatorType: "CONTAINER", acceptValueData: false, children: [kpi("p", "Share", { measure: "%", validMin: 0, validMax: 100 })] }),
      {
        ...grouped,
        items: [{ ...grouped.items[0]!, guid: "p" }],
      },
      "MONTH",
      periodLabel,
    );
    const draft = { [cellKey("p", "2024-01-01")]: "1e23", [cellKey("p", "2024-02-01")]: "101", [cellKey("p", "2024-03-01")]: "100" };
    const { changes, invalid } = pendingChanges(bounded, draft);
    expect(invalid).toEqual({
      [cellKey("p", "2024-01-01")]: "Beyond any business figure: at most 1,000,000,000,000,000 (1e15) either way",
      [cellKey("p", "2024-02-01")]: "Outside this KPI's valid range: its values are from 0 to 100",
    });
    expect(changes.map((c) => c.value)).toEqual([100]);
    expect(parseCell("-1,000,000,000,000,001")).toEqual({ ok: false, message: "Beyond any business figure: at most 1,000,000,000,000,000 (1e15) either way" });
    expect(parseCell("1e15")).toMatchObject({ ok: true, value: 1e15 });
  });

  it("puts the API's item errors back on their cells", () => {
    const { changes } = pendingChanges(model, { [cellKey("a", "2024-02-01")]: "1", [cellKey("b", "2024-03-01")]: "2" });
    expect(
      errorsByCell(
        [
          { path: "items.1.guid", message: "No such KPI" },
          { path: "", message: "ignored" },
        ],
        changes,
      ),
    ).toEqual({
      [cellKey("b", "2024-03-01")]: "No such KPI",
    });
  });

  it("pastes a block from a spreadsheet, clipped to the grid", () => {
    expect(parseTsv("1\t2\r\n3\t4\r\n")).toEqual([
      ["1", "2"],
      ["3", "4"],
    ]);
    const { draft, cells } = applyPaste(model, {}, 0, 1, "1\t2\t99\n3\t4\n5\t6");
    expect(cells).toBe(4);
    expect(draft).toEqual({
      [cellKey("a", "2024-02-01")]: "1",
      [cellKey("a", "2024-03-01")]: "2",
      [cellKey("b", "2024-02-01")]: "3",
      [cellKey("b", "2024-03-01")]: "4",
    });
    expect(cellText(model, draft, cellKey("a", "2024-01-01"))).toBe("10");
  });

  it("exports what the grid shows and imports it back as changes", () => {
    const draft = { [cellKey("a", "2024-02-01")]: "20" };
    const csv = toCsv(model, draft);
    expect(csv).toBe('KPI,GUID,2024-01-01,2024-02-01,2024-03-01\r\nSales,a,10,20,30\r\n"Costs, total",b,5,,\r\n');
    const preview = previewCsv(model, csv.replace("5,,", "5,7,8"), words);
    expect(preview.updates.map((u) => [u.kpi, u.period, u.text])).toEqual([
      ["Sales", "Feb 2024", "20"],
      ["Costs, total", "Feb 2024", "7"],
      ["Costs, total", "Mar 2024", "8"],
    ]);
    expect(preview.problems).toEqual([]);
  });

  it("explains what it cannot import", () => {
    const preview = previewCsv(model, "KPI,2024-01-01,2030-01-01\nUnknown,1,2\nSales,abc,3\n", words);
    expect(preview.updates).toEqual([]);
    expect(preview.problems).toEqual([
      "Columns outside the grid's periods were skipped: 2030-01-01.",
      "Line 2: no KPI “Unknown” in this grid.",
      "Line 3, Jan 2024: “abc” is not a number.",
    ]);
  });

  it("round-trips any fields through CSV", () => {
    const field = fc.string({ unit: fc.constantFrom("a", "b", ",", '"', "\n", " ", "x") }).filter((s) => s.trim() !== "");
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const csv = rows.map((r) => r.map((f) => (/[",\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(",")).join("\r\n");
        expect(parseCsv(csv)).toEqual(rows);
      }),
    );
  });
});
