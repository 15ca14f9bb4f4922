import "server-only";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { parse as parseCsv } from "csv-parse/sync";
import { JSONPath } from "jsonpath-plus";
import { QueryRefusal } from "./sql-text";
import type { SourceRow } from "./limits";
import { checkWorkbookBounds } from "./workbook-bounds";

const isXlsx = (bytes: Buffer, type: string) =>
  type.includes("spreadsheetml") || (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04);

/** A JSONPath (starting with `$`) against a value, without script expressions. */
export const jsonPath = (path: string, json: unknown, wrap: boolean): unknown => JSONPath({ path, json: json as object, wrap, eval: false });

/** The rows of a JSON document: those the JSONPath picks (default: the top array, or its `rows`, `items` or `data`). */
export function jsonRows(text: string, path: string | undefined): SourceRow[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new QueryRefusal(`The answer is not JSON: ${(error as Error).message}`);
  }
  let rows: unknown;
  if (path) rows = jsonPath(path, json, true);
  else if (Array.isArray(json)) rows = json;
  else {
    const obj = json as Record<string, unknown>;
    rows = [obj?.rows, obj?.items, obj?.data].find(Array.isArray) ?? [json];
  }
  if (!Array.isArray(rows)) throw new QueryRefusal(`${path ?? "The answer"} picks no list of rows`);
  return rows.map((row) => (row !== null && typeof row === "object" && !Array.isArray(row) ? (row as SourceRow) : { value: row }));
}

/** The rows of a CSV text (comma, semicolon or tab separated, with a header row). */
export function csvRows(text: string): SourceRow[] {
  const header = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = [",", ";", "\t"].sort((a, b) => header.split(b).length - header.split(a).length)[0]!;
  try {
    return parseCsv(text, {
      columns: (names: string[]) => names.map((n) => n.trim()),
      bom: true,
      delimiter,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as SourceRow[];
  } catch (error) {
    throw new QueryRefusal(`The CSV could not be read: ${(error as Error).message}`);
  }
}

/** A workbook's parts together unpack to at most this much, in at most this many parts. */
const WORKBOOK_BOUNDS = { maxUnpackedBytes: 160 * 1024 * 1024, maxParts: 10_000 };

const cellValue = (v: unknown) =>
  v !== null && typeof v === "object" && !(v instanceof Date)
    ? ((v as { result?: unknown; text?: unknown }).result ?? (v as { text?: unknown }).text ?? null)
    : v;

/**
 * The rows of a workbook's sheet (the first, or the one named), its first row naming the columns.
 * The sheet is read as a stream and each row keeps only the columns asked for (all when null), so
 * memory follows the rows kept, not the workbook's cells; reading stops past `maxRows` rows.
 */
async function xlsxRows(bytes: Buffer, sheetName: string | undefined, keep: ReadRows): Promise<SourceRow[]> {
  await checkWorkbookBounds(bytes, WORKBOOK_BOUNDS);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  const wanted = keep.columns && new Set(keep.columns.map((c) => c.toLowerCase()));
  const rows: SourceRow[] = [];
  let found = false;
  try {
    for await (const sheet of reader) {
      // The reader drains each sheet it is not asked to read.
      if (found || (sheetName !== undefined && (sheet as unknown as { name: string }).name !== sheetName)) continue;
      found = true;
      let columns: [name: string, index: number][] = [];
      for await (const row of sheet) {
        const cells = row.values as unknown[];
        if (row.number === 1) {
          columns = cells.flatMap((c, i) => {
            const name = String(cellValue(c) ?? "").trim();
            return i > 0 && (!wanted || wanted.has(name.toLowerCase())) ? [[name, i] as [string, number]] : [];
          });
        } else if (rows.push(Object.fromEntries(columns.map(([name, i]) => [name, cellValue(cells[i]) ?? null]))) > keep.maxRows) break;
      }
    }
  } catch (error) {
    throw new QueryRefusal(`The workbook could not be read: ${(error as Error).message}`);
  }
  if (!found) throw new QueryRefusal(sheetName ? `The workbook has no sheet named ${sheetName}` : "The workbook has no sheet");
  return rows;
}

/** What to keep of a document's rows: at most `maxRows` and one more (to tell that there are more), and the columns named (all when null). */
export interface ReadRows {
  maxRows: number;
  columns: string[] | null;
}

/** A CSV or Excel answer (told apart by its bytes or type), or a JSON one, as rows. */
export async function documentRows(bytes: Buffer, type: string, format: "csv" | "json", rowsOption: string | undefined, keep: ReadRows): Promise<SourceRow[]> {
  if (format === "json") return jsonRows(bytes.toString("utf8"), rowsOption);
  if (isXlsx(bytes, type)) return xlsxRows(bytes, rowsOption, keep);
  return csvRows(bytes.toString("utf8"));
}
