// CSV export and import of the grid: one row per KPI, one column per period (its first day).
import { csvField } from "@/lib/csv-field";
import { cellKey, parseCell, type CellKey, type Draft, type GridModel } from "./grid-model";

/** The field as it was before `neutralize`. */
const restore = (field: string) => field.replace(/^'(?=[=+\-@\t\r])/, "");

export function toCsv(model: GridModel, draft: Draft): string {
  const header = ["KPI", "GUID", ...model.columns.map((c) => c.start)];
  const lines = model.rows.map((row) => [row.name, row.guid, ...model.columns.map((c) => csvValue(model, draft, cellKey(row.guid, c.start)))]);
  return `${[header, ...lines].map((fields) => fields.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/**
 * The field separator of a CSV file from its first line: a comma, or a semicolon as Excel writes
 * where the decimal mark is a comma (then numbers use a decimal comma), or a tab.
 */
export function csvDialect(text: string): { separator: "," | ";" | "\t"; decimalMark: "." | "," } {
  const firstLine = text.split(/\r?\n/, 1)[0]!.replace(/"[^"]*"/g, "");
  const count = (ch: string) => firstLine.split(ch).length - 1;
  if (count("\t") > Math.max(count(","), count(";"))) return { separator: "\t", decimalMark: "." };
  return count(";") > count(",") ? { separator: ";", decimalMark: "," } : { separator: ",", decimalMark: "." };
}

/** A cell for the file: the draft as typed, else the stored number as is (no separators). */
const csvValue = (model: GridModel, draft: Draft, key: CellKey) => (key in draft ? draft[key]! : String(model.entered.get(key) ?? ""));

/** RFC 4180 fields: quotes, doubled quotes, separators and line breaks inside quotes. */
export function parseCsv(text: string, separator: string = csvDialect(text).separator): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) row.push(field), (field = "");
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f.trim() !== ""));
}

export interface CsvPreview {
  updates: { key: CellKey; kpi: string; period: string; text: string }[];
  problems: string[];
  /** How the file was read, when it is not plain comma-separated. */
  dialect?: string;
}

/** The words a preview uses, from the `values.csvFile` messages of the reader's language. */
export type CsvWords = (key: "empty" | "outside" | "noKpi" | "notNumber" | "semicolon" | "tab", values?: Record<string, string | number>) => string;

/** Matches a CSV's rows (by GUID, else by KPI name) and columns (by date) to the grid's cells. */
export function previewCsv(model: GridModel, text: string, words: CsvWords): CsvPreview {
  const dialect = csvDialect(text);
  const [header, ...lines] = parseCsv(text, dialect.separator).map((fields) => fields.map(restore));
  const problems: string[] = [];
  if (!header) return { updates: [], problems: [words("empty")] };
  const guidCol = header.findIndex((h) => h.trim().toUpperCase() === "GUID");
  const columns = header.map((h) => model.columns.find((c) => c.start === h.trim()));
  const unknownDates = header.filter((h, i) => i > 0 && i !== guidCol && !columns[i] && /^\d{4}-\d{2}-\d{2}$/.test(h.trim()));
  if (unknownDates.length) problems.push(words("outside", { dates: unknownDates.join(", ") }));
  const updates: CsvPreview["updates"] = [];
  lines.forEach((fields, n) => {
    const row =
      model.rows.find((r) => guidCol >= 0 && r.guid === fields[guidCol]?.trim().toLowerCase()) ?? model.rows.find((r) => r.name === fields[0]?.trim());
    if (!row) return problems.push(words("noKpi", { line: n + 2, name: fields[0] ?? "" }));
    fields.forEach((field, i) => {
      const column = columns[i];
      if (!column || i === guidCol) return;
      const parsed = parseCell(field, dialect.decimalMark);
      if (!parsed.ok) return problems.push(words("notNumber", { line: n + 2, period: column.label, field }));
      const key = cellKey(row.guid, column.start);
      if (parsed.value !== (model.entered.get(key) ?? null))
        updates.push({ key, kpi: row.name, period: column.label, text: parsed.value === null ? "" : String(parsed.value) });
    });
  });
  const dialectNote = dialect.separator === ";" ? words("semicolon") : dialect.separator === "\t" ? words("tab") : undefined;
  return { updates, problems, ...(dialectNote ? { dialect: dialectNote } : {}) };
}
