import { crc32, createDeflateRaw } from "node:zlib";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { documentRows } from "./documents";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A one-part zip whose part inflates to `size` zero bytes; `declared` is the size its headers claim. */
async function zipBomb(size: number, declared = size): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => compressed.push(chunk));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const chunk = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let written = 0; written < size; written += chunk.length) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await done;
  const data = Buffer.concat(compressed);
  const name = Buffer.from("xl/worksheets/sheet1.xml");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  const directoryAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

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
