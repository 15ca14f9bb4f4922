// The value grid's logic, free of React: which cells exist, what the user changed, what to send.
import type { ErrorDetail } from "@/lib/contract/common";
import type { GroupedValues } from "@/lib/contract/grouped";
import type { KpiNode, Period } from "@/lib/contract/kpis";
import type { BatchSetValuesItem } from "@/lib/contract/values";
import { MAGNITUDE_MESSAGE, MAX_MAGNITUDE, outsideValidRange } from "@/lib/contract/constants";

export interface GridRow {
  guid: string;
  name: string;
  measure: string;
  min: number | null;
  max: number | null;
  /** The values the KPI can take (null: no bound): a value outside is refused on its cell. */
  validMin: number | null;
  validMax: number | null;
}
export interface GridColumn {
  start: string;
  end: string;
  label: string;
}
export type CellKey = string;
export const cellKey = (guid: string, start: string): CellKey => `${guid}|${start}`;

/** What the grid edits: the values, or one of the figures that score them. */
export const GRID_FIELDS = ["value", "target", "baseline", "min", "max"] as const;
export type GridField = (typeof GRID_FIELDS)[number];

/** An entered record, as the batch records read gives it (oldest first per KPI). */
export type EnteredRecord = { guid: string; date: string } & Partial<{ [F in GridField]: number | null }>;

/**
 * A plan's cells: the figure entered in each period (its last record there), and, where none was,
 * the one in force from an earlier record or the KPI's own setting, shown as a hint.
 */
function planCells(
  rows: GridRow[],
  columns: GridColumn[],
  records: EnteredRecord[],
  field: Exclude<GridField, "value">,
  kpis: Map<string, KpiNode>,
  entered: Map<CellKey, number>,
  inherited: Map<CellKey, number>,
) {
  const byKpi = new Map<string, EnteredRecord[]>();
  for (const r of records) if (r[field] !== null && r[field] !== undefined) byKpi.set(r.guid, [...(byKpi.get(r.guid) ?? []), r]);
  for (const row of rows) {
    const list = byKpi.get(row.guid) ?? [];
    let inForce: number | null = kpis.get(row.guid)?.[field] ?? null;
    let next = 0;
    for (const column of columns) {
      for (; next < list.length && list[next]!.date < column.start; next++) inForce = list[next]![field]!;
      let own: number | null = null;
      for (; next < list.length && list[next]!.date <= column.end; next++) own = inForce = list[next]![field]!;
      const key = cellKey(row.guid, column.start);
      if (own !== null) entered.set(key, own);
      else if (inForce !== null) inherited.set(key, inForce);
    }
  }
}

export interface GridModel {
  field: GridField;
  rows: GridRow[];
  columns: GridColumn[];
  /** Entered values per cell (for a target, baseline, min or max: the one in force); a missing key has none. */
  entered: Map<CellKey, number>;
  /** Values carried over from earlier periods, shown as a hint. */
  inherited: Map<CellKey, number>;
}

/** Text typed (or pasted) into cells, by cell; only cells the user touched. */
export type Draft = Record<CellKey, string>;

/**
 * The writable KPIs updated every `period` (rows) by the periods of `grouped` (columns). For a
 * target, baseline, min or max the cells hold the figure in force in each period: a pasted plan
 * is written as one record per period, and cells left as they are send nothing.
 */
/** `periodLabel` names the columns in the reader's words ("Mar 2024", "mar 2024"). */
export function buildGrid(
  root: KpiNode,
  grouped: GroupedValues,
  period: Period,
  periodLabel: (start: string, period: Period) => string,
  field: GridField = "value",
  records: EnteredRecord[] = [],
): GridModel {
  const rows: GridRow[] = [];
  const kpis = new Map<string, KpiNode>();
  const walk = (node: KpiNode) => {
    if (node.acceptValueData && node.updateInterval === period)
      rows.push({ guid: node.guid, name: node.name, measure: node.measure, min: node.min, max: node.max, validMin: node.validMin, validMax: node.validMax }),
        kpis.set(node.guid, node);
    node.children.forEach(walk);
  };
  walk(root);
  const series = new Map(grouped.items.map((s) => [s.guid, s]));
  const columns = (grouped.items[0]?.points ?? []).map((p) => ({ start: p.start, end: p.end, label: periodLabel(p.start, period) }));
  const entered = new Map<CellKey, number>();
  const inherited = new Map<CellKey, number>();
  if (field !== "value") {
    planCells(rows, columns, records, field, kpis, entered, inherited);
    return { field, rows, columns, entered, inherited };
  }
  for (const row of rows) {
    for (const point of series.get(row.guid)?.points ?? []) {
      if (point.value === null) continue;
      if (point.source === "ENTERED") entered.set(cellKey(row.guid, point.start), point.value);
      if (point.source === "INHERITED") inherited.set(cellKey(row.guid, point.start), point.value);
    }
  }
  return { field, rows, columns, entered, inherited };
}

export type ParsedCell = { ok: true; value: number | null; read?: string } | { ok: false; message: string };

/** The decimal mark of the user's locale ("." or ","). */
export function localeDecimalMark(locale?: string): "." | "," {
  const mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value;
  return mark === "," ? "," : ".";
}

const SCALE: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9, bn: 1e9 };

/**
 * A number as a spreadsheet copies it: thousands separators (1,234.5 or 1.234,5 or 1 234,5),
 * a decimal comma, a currency sign, a per cent sign, K/M/B suffixes, accounting negatives
 * "(1,234)". Where both marks appear the last one is the decimal; a lone mark followed by exactly
 * three digits is a thousands separator unless it is the locale's decimal mark.
 */
export function parseCell(text: string, decimalMark: "." | "," = "."): ParsedCell {
  let rest = text.trim().replace(/[\s\u00a0\u202f']/g, "");
  if (rest === "") return { ok: true, value: null };
  const invalid = { ok: false as const, message: "Enter a number, like 1234.5 (1,234.5, 45 % and $1.2M work too)" };
  let sign = 1;
  const accounting = /^\((.*)\)$/.exec(rest);
  if (accounting) (sign = -1), (rest = accounting[1]!);
  if (/^[-\u2212]/.test(rest)) (sign *= -1), (rest = rest.slice(1));
  else if (rest.startsWith("+")) rest = rest.slice(1);
  rest = rest.replace(/^[$€£¥]|[$€£¥]$/g, "").replace(/^(USD|EUR|GBP)|(USD|EUR|GBP)$/i, "");
  const percent = rest.endsWith("%");
  if (percent) rest = rest.slice(0, -1);
  const suffix = /(k|m|bn|b)$/i.exec(rest);
  const scale = suffix ? SCALE[suffix[1]!.toLowerCase()]! : 1;
  if (suffix) rest = rest.slice(0, -suffix[1]!.length);
  const exponent = /e[-+]?\d+$/i.exec(rest)?.[0] ?? "";
  rest = rest.slice(0, rest.length - exponent.length);
  if (!/^(\d[\d.,]*|[.,]\d+)$/.test(rest)) return invalid;

  const dots = rest.split(".").length - 1;
  const commas = rest.split(",").length - 1;
  let decimal: "." | "," | null;
  if (dots && commas) {
    decimal = rest.lastIndexOf(".") > rest.lastIndexOf(",") ? "." : ",";
    const groups = rest.slice(0, rest.lastIndexOf(decimal)).split(decimal === "." ? "," : ".");
    if (groups[0]!.length > 3 || !groups.slice(1).every((g) => g.length === 3)) return invalid;
  } else if (dots + commas === 0) decimal = null;
  else {
    const mark = dots ? "." : ",";
    const groups = rest.split(mark);
    const thousands = groups.length > 2 || (groups[1]!.length === 3 && groups[0]!.length > 0 && groups[0]!.length <= 3 && mark !== decimalMark);
    decimal = thousands ? null : mark;
    if (thousands && !groups.slice(1).every((g) => g.length === 3)) return invalid;
  }
  const other = decimal === "." ? "," : ".";
  const plain = decimal ? rest.split(other).join("") : rest.replace(/[.,]/g, "");
  if (decimal && plain.split(decimal).length > 2) return invalid;
  const value = sign * Number(`${plain.replace(",", ".")}${exponent}`) * scale;
  if (!Number.isFinite(value) || Math.abs(value) > MAX_MAGNITUDE) return { ok: false, message: MAGNITUDE_MESSAGE };
  const canonical = String(value);
  return text.trim() === canonical ? { ok: true, value } : { ok: true, value, read: `${percent ? "per cent sign dropped: " : ""}read as ${canonical}` };
}

export interface Change {
  key: CellKey;
  guid: string;
  date: string;
  value: number | null;
}

/** The draft's valid changes (cells whose value differs from what is stored) and its invalid cells. */
export function pendingChanges(model: GridModel, draft: Draft, decimalMark: "." | "," = "."): { changes: Change[]; invalid: Record<CellKey, string> } {
  const changes: Change[] = [];
  const invalid: Record<CellKey, string> = {};
  for (const row of model.rows) {
    for (const column of model.columns) {
      const key = cellKey(row.guid, column.start);
      if (!(key in draft)) continue;
      const parsed = parseCell(draft[key]!, decimalMark);
      const outside = parsed.ok && model.field === "value" ? outsideValidRange(parsed.value, row) : null;
      if (!parsed.ok) invalid[key] = parsed.message;
      else if (outside) invalid[key] = outside;
      else if (parsed.value !== (model.entered.get(key) ?? null)) changes.push({ key, guid: row.guid, date: column.start, value: parsed.value });
    }
  }
  return { changes, invalid };
}

export const toBatchItems = (changes: Change[], field: GridField = "value"): BatchSetValuesItem[] =>
  changes.map(({ guid, date, value }) => ({ guid, date, [field]: value }));

/** The API's `items.N.field` details, put back on the cells they name. */
export function errorsByCell(details: ErrorDetail[], changes: Change[]): Record<CellKey, string> {
  const out: Record<CellKey, string> = {};
  for (const detail of details) {
    const index = /^items\.(\d+)/.exec(detail.path)?.[1];
    const change = index === undefined ? undefined : changes[Number(index)];
    if (change) out[change.key] = detail.message;
  }
  return out;
}

/** Rows of tab-separated cells, as Excel and Google Sheets put them on the clipboard. */
export function parseTsv(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.map((line) => line.split("\t"));
}

/** Pastes a block with its top-left corner at (row, col); what falls outside the grid is dropped. */
export function applyPaste(model: GridModel, draft: Draft, row: number, col: number, text: string): { draft: Draft; cells: number } {
  const next = { ...draft };
  let cells = 0;
  parseTsv(text).forEach((values, r) =>
    values.forEach((value, c) => {
      const gridRow = model.rows[row + r];
      const gridCol = model.columns[col + c];
      if (!gridRow || !gridCol) return;
      next[cellKey(gridRow.guid, gridCol.start)] = value;
      cells++;
    }),
  );
  return { draft: next, cells };
}

/**
 * A cell's text: the draft as typed, else the stored value in the reader's marks (1,234.5 or
 * 1234,5), which parseCell reads back with the same locale's decimal mark.
 */
export function cellText(model: GridModel, draft: Draft, key: CellKey, locale = "en"): string {
  if (key in draft) return draft[key]!;
  const value = model.entered.get(key);
  if (value === undefined) return "";
  let shown = SHOWN.get(locale);
  if (!shown) SHOWN.set(locale, (shown = new Intl.NumberFormat(locale, { maximumFractionDigits: 10 })));
  return shown.format(value);
}
const SHOWN = new Map<string, Intl.NumberFormat>();

export interface Doubtful {
  key: CellKey;
  kpi: string;
  period: string;
  value: number;
  reason: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Changes far from what a KPI usually holds: more than a whole scale's width outside its min-max,
 * or (with three or more values in the grid) ten times larger or smaller than its usual value, or
 * of the other sign. A typo such as 77 for 1.7M is one of these; the grid asks before saving.
 */
export function doubtfulChanges(model: GridModel, changes: Change[], format: (value: number, measure: string) => string): Doubtful[] {
  // Plans are not measured against the history of values.
  if (model.field !== "value") return [];
  const columns = new Map(model.columns.map((c) => [c.start, c.label]));
  return changes.flatMap((change) => {
    const row = model.rows.find((r) => r.guid === change.guid);
    const v = change.value;
    if (!row || v === null) return [];
    const show = (n: number) => format(n, row.measure);
    let reason: string | null = null;
    if (row.min !== null && row.max !== null && row.max > row.min) {
      const width = row.max - row.min;
      if (v < row.min - width || v > row.max + width) reason = `far outside its scale of ${show(row.min)} to ${show(row.max)}`;
    }
    const history = model.columns.flatMap((c) =>
      c.start === change.date ? [] : [model.entered.get(cellKey(row.guid, c.start))].filter((x): x is number => x !== undefined),
    );
    if (!reason && history.length >= 3) {
      const usual = median(history);
      const ratio = Math.abs(v) / Math.abs(usual);
      if (usual !== 0 && v !== 0 && Math.sign(v) !== Math.sign(usual)) reason = `of the other sign than its usual ${show(usual)}`;
      else if (usual !== 0 && ratio > 10) reason = `${Math.round(ratio)} times its usual ${show(usual)}`;
      else if (usual !== 0 && ratio < 0.1) reason = `less than a tenth of its usual ${show(usual)}`;
    }
    return reason ? [{ key: change.key, kpi: row.name, period: columns.get(change.date) ?? change.date, value: v, reason }] : [];
  });
}
