import { describe, expect, it } from "vitest";
import { formatsFor, translatorFor } from "@/lib/i18n/server";
import type { GroupedValues } from "@/lib/contract/grouped";
import { groupedPoint, kpiNode } from "@/lib/testing/shapes";
import { neutralize } from "@/lib/csv-field";
import { parseCsv, previewCsv, toCsv, type CsvWords } from "./csv";
import { buildGrid, cellKey } from "./grid-model";

const { period: periodLabel } = formatsFor("en");
const csvWords = translatorFor("en", "values");
const words: CsvWords = (key, values) => csvWords(`csvFile.${key}`, values);

const kpi = (guid: string, name: string) => kpiNode(guid, name, { measure: "", grouping: "SUM", parentGuid: "root" });
const GUID = "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f";
const root = {
  ...kpi("root", "Root"),
  indicatorType: "CONTAINER" as const,
  acceptValueData: false,
  children: [kpi(GUID, '=HYPERLINK("http://evil.example","click")')],
};
const grouped: GroupedValues = {
  start: "2026-01-01",
  end: "2026-02-28",
  period: "MONTH",
  items: [{ guid: GUID, name: "x", measure: "", points: [groupedPoint("2026-01-01", -2, "ENTERED"), groupedPoint("2026-02-01", null, "NONE")] }],
};

describe("CSV export against formula injection", () => {
  it.each([
    ['=HYPERLINK("x")', '\'=HYPERLINK("x")'],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(1+1)", "'@SUM(1+1)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
    ["-2", "-2"],
    ["+3.5", "+3.5"],
    ["-1e3", "-1e3"],
    ["Revenue", "Revenue"],
  ])("writes %j as %j", (field, expected) => expect(neutralize(field)).toBe(expected));

  it("neutralizes KPI names and typed cells, and reads its own file back unchanged", () => {
    const model = buildGrid(root, grouped, "MONTH", periodLabel);
    const draft = { [cellKey(GUID, "2026-02-01")]: "@SUM(A1)" };
    const csv = toCsv(model, draft);
    const [, line] = parseCsv(csv);
    expect(line).toEqual(['\'=HYPERLINK("http://evil.example","click")', GUID, "-2", "'@SUM(A1)"]);
    const preview = previewCsv(model, csv.replace(GUID, ""), words); // matched by name once the apostrophe is gone
    expect(preview.problems).toEqual([expect.stringContaining("“@SUM(A1)” is not a number")]);
  });
});

describe("a semicolon-separated CSV with decimal commas, as Excel writes in much of Europe", () => {
  it("is detected, read with its decimal mark, and said so", () => {
    const model = buildGrid(root, grouped, "MONTH", periodLabel);
    const [first, second] = model.columns;
    const text = `KPI;GUID;${first!.start};${second!.start}\r\nX;${model.rows[0]!.guid};"1.234,5";7,25\r\n`;
    const preview = previewCsv(model, text, words);
    expect(preview.problems).toEqual([]);
    expect(preview.dialect).toMatch(/semicolon-separated with decimal commas/);
    expect(preview.updates.map((u) => u.text)).toEqual(["1234.5", "7.25"]);
  });
});
