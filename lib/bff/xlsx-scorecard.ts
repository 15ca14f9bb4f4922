import "server-only";
import ExcelJS from "exceljs";
import type { ErrorDetail } from "@/lib/contract/common";
import { ScorecardFile, type KpiFile } from "@/lib/contract/scorecard-file";
import { zodDetails } from "@/lib/contract/common";
import { LANGUAGES, type Language } from "@/lib/contract/preferences";

const HEADERS = {
  kpi: "kpi",
  type: "type",
  measure: "measure",
  value: "value",
  valueDate: "value date",
  target: "target",
  baseline: "baseline",
  min: "min",
  max: "max",
} as const;
type Column = keyof typeof HEADERS;

const text = (cell: ExcelJS.Cell) => (cell.value === null || cell.value === undefined ? "" : String(cell.text ?? cell.value).trim());
const number = (cell: ExcelJS.Cell): number | undefined => (typeof cell.value === "number" && Number.isFinite(cell.value) ? cell.value : undefined);
const isoDate = (cell: ExcelJS.Cell): string | undefined => {
  if (cell.value instanceof Date) return cell.value.toISOString().slice(0, 10);
  const t = text(cell);
  return /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : undefined;
};

/**
 * A scorecard file from a workbook laid out as Gauge's Excel report: a header row naming the
 * columns (KPI, Type, Measure, Value, Value date, Target, Baseline, Min, Max; only KPI is needed),
 * then one row per KPI, its place in the tree given by the cell's indent. The report's first row is
 * the scorecard itself (indent 0): its children become the file's KPIs. Without indents, CONTAINER
 * rows are the perspectives and the rows under them their KPIs.
 */
export async function scorecardFromXlsx(bytes: ArrayBuffer, fallbackName: string): Promise<{ file: ScorecardFile } | { problems: ErrorDetail[] }> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes);
  } catch {
    return { problems: [{ path: "file", message: "Not an Excel workbook (.xlsx)" }] };
  }
  const sheet = book.worksheets[0];
  if (!sheet) return { problems: [{ path: "file", message: "The workbook has no sheet" }] };
  let headerRow = 0;
  const columns: Partial<Record<Column, number>> = {};
  // "Name (es)" and "Description (es)": a KPI's name and description in that language.
  const translated: { column: number; language: Language; field: "name" | "description" }[] = [];
  sheet.eachRow((row, n) => {
    if (headerRow) return;
    const found = new Map<string, number>();
    row.eachCell((cell, col) => found.set(text(cell).toLowerCase(), col));
    if (!found.has(HEADERS.kpi)) return;
    headerRow = n;
    for (const [key, label] of Object.entries(HEADERS) as [Column, string][]) if (found.has(label)) columns[key] = found.get(label)!;
    for (const [label, column] of found) {
      const match = /^(name|description) \((\w+)\)$/.exec(label);
      if (match && (LANGUAGES as readonly string[]).includes(match[2]!))
        translated.push({ column, language: match[2] as Language, field: match[1] as "name" | "description" });
    }
  });
  if (!headerRow) return { problems: [{ path: "file", message: "No header row with a “KPI” column" }] };

  type Row = { depth: number; kpi: KpiFile };
  const rows: Row[] = [];
  const at = (row: ExcelJS.Row, column: Column) => (columns[column] ? row.getCell(columns[column]!) : null);
  sheet.eachRow((row, n) => {
    if (n <= headerRow) return;
    const nameCell = at(row, "kpi")!;
    const name = text(nameCell);
    if (!name) return;
    const type = text(at(row, "type") ?? nameCell).toUpperCase() === "CONTAINER" ? "CONTAINER" : "INDICATOR";
    const kpi: KpiFile = { name, type };
    const measure = at(row, "measure");
    if (measure && text(measure)) kpi.measure = text(measure);
    for (const key of ["target", "baseline", "min", "max"] as const) {
      const cell = at(row, key);
      const v = cell ? number(cell) : undefined;
      if (v !== undefined && type === "INDICATOR") kpi[key] = v;
    }
    const value = at(row, "value");
    const date = at(row, "valueDate");
    if (type === "INDICATOR" && value && number(value) !== undefined && date && isoDate(date)) kpi.values = [{ date: isoDate(date)!, value: number(value)! }];
    for (const { column, language, field } of translated) {
      const words = text(row.getCell(column));
      if (words) kpi.translations = { ...kpi.translations, [language]: { ...kpi.translations?.[language], [field]: words } };
    }
    rows.push({ depth: nameCell.alignment?.indent ?? 0, kpi });
  });
  if (rows.length === 0) return { problems: [{ path: "file", message: "No KPI rows under the header" }] };

  const indented = rows.some((r) => r.depth > 0);
  let name = fallbackName;
  let list = rows;
  if (indented && rows[0]!.depth === 0 && rows.filter((r) => r.depth === 0).length === 1) {
    name = rows[0]!.kpi.name;
    list = rows.slice(1).map((r) => ({ ...r, depth: r.depth - 1 }));
  } else if (!indented) {
    let inContainer = false;
    list = rows.map((r) => {
      const depth = r.kpi.type === "CONTAINER" ? 0 : inContainer ? 1 : 0;
      if (r.kpi.type === "CONTAINER") inContainer = true;
      return { ...r, depth };
    });
  }
  const top: KpiFile[] = [];
  const stack: KpiFile[] = [];
  for (const { depth, kpi } of list) {
    stack.length = Math.min(stack.length, depth);
    const parent = stack[stack.length - 1];
    if (parent) (parent.children ??= []).push(kpi);
    else top.push(kpi);
    stack.push(kpi);
  }
  const parsed = ScorecardFile.safeParse({ name, kpis: top });
  return parsed.success ? { file: parsed.data } : { problems: zodDetails(parsed.error) };
}
