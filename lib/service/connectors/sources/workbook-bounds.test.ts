import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { zipBomb } from "@/lib/testing/zip-bomb";
import { documentRows } from "./documents";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

describe("a workbook from a connector's source", () => {
  it.each([
    ["declares its size", 400 * 1024 * 1024, undefined],
    ["declares a small size and inflates past it", 400 * 1024 * 1024, 1000],
  ])("a zip bomb that %s is refused at the bound", async (_, size, declared) => {
    const bomb = await zipBomb(size, declared);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(documentRows(bomb, XLSX, "csv", undefined)).rejects.toThrow(
      declared === undefined ? /unpacks to more than 160 MiB/ : /inflate past the sizes they declare/,
    );
  });

  it("reads a workbook within the bounds", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Figures");
    sheet.addRow(["KPI", "Date", "Value"]);
    sheet.addRow(["Sales", "2026-01-01", 10]);
    const rows = await documentRows(Buffer.from(await book.xlsx.writeBuffer()), XLSX, "csv", undefined);
    expect(rows).toEqual([{ KPI: "Sales", Date: "2026-01-01", Value: 10 }]);
  });
});
