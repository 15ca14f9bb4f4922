import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { zipBomb } from "@/lib/testing/zip-bomb";
import { documentRows } from "./documents";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const all = { maxRows: 1000, columns: null };

describe("a workbook from a connector's source", () => {
  it.each([
    ["declares its size", 400 * 1024 * 1024, undefined],
    ["declares a small size and inflates past it", 400 * 1024 * 1024, 1000],
  ])("a zip bomb that %s is refused at the bound", async (_, size, declared) => {
    const bomb = await zipBomb(size, declared);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(documentRows(bomb, XLSX, "csv", undefined, all)).rejects.toThrow(
      declared === undefined ? /unpacks to more than 160 MiB/ : /inflate past the sizes they declare/,
    );
  });

  it("reads a workbook within the bounds", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Figures");
    sheet.addRow(["KPI", "Date", "Value"]);
    sheet.addRow(["Sales", "2026-01-01", 10]);
    const rows = await documentRows(Buffer.from(await book.xlsx.writeBuffer()), XLSX, "csv", undefined, all);
    expect(rows).toEqual([{ KPI: "Sales", Date: "2026-01-01", Value: 10 }]);
  });

  it("reads the sheet named, keeps only the columns asked for (in any case), and stops one row past the cap", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Notes").addRow(["Nothing", "here"]);
    const sheet = book.addWorksheet("Figures");
    sheet.addRow(["KPI", "Date", "Value", "Note"]);
    for (let day = 1; day <= 9; day++) sheet.addRow(["Sales", new Date(Date.UTC(2026, 0, day)), { formula: `${day}*2`, result: day * 2 }, "a long note"]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());

    const rows = await documentRows(bytes, XLSX, "csv", "Figures", { maxRows: 5, columns: ["kpi", "DATE", "Value"] });
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({ KPI: "Sales", Date: new Date(Date.UTC(2026, 0, 1)), Value: 2 });
    expect(rows[5]).toEqual({ KPI: "Sales", Date: new Date(Date.UTC(2026, 0, 6)), Value: 12 });
    // The first sheet holds its header row only.
    expect(await documentRows(bytes, XLSX, "csv", undefined, all)).toEqual([]);
    await expect(documentRows(bytes, XLSX, "csv", "Sheet9", all)).rejects.toThrow("The workbook has no sheet named Sheet9");
    await expect(documentRows(Buffer.concat([bytes.subarray(0, 2000), Buffer.alloc(50)]), XLSX, "csv", undefined, all)).rejects.toThrow(
      /^The workbook could not be read/,
    );
  });
});
