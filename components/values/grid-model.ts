// The value grid's logic, free of React: which cells exist, what the user changed, what to send.
import type { ErrorDetail } from "@/lib/contract/common";
import type { GroupedValues } from "@/lib/contract/grouped";
import type { KpiNode, Period } from "@/lib/contract/kpis";
import type { BatchSetValuesItem } from "@/lib/contract/values";
import { periodLabel } from "@/lib/format";

export interface GridRow {
  guid: string;
  name: string;
  measure: string;
  min: number | null;
  max: number | null;
}
export interface GridColumn {
  start: string;
  label: string;
}
export type CellKey = string;
export const cellKey = (guid: string, start: string): CellKey => `${guid}|${start}`;

export interface GridModel {
  rows: GridRow[];
  columns: GridColumn[];
  /** Entered values per cell; a missing key has none. */
  entered: Map<CellKey, number>;
  /** Values carried over from earlier periods, shown as a hint. */
  inherited: Map<CellKey, number>;
}

/** Text typed (or pasted) into cells, by cell; only cells the user touched. */
export type Draft = Record<CellKey, string>;

/** The writable KPIs updated every `period` (rows) by the periods of `grouped` (columns). */
export function buildGrid(root: KpiNode, grouped: GroupedValues, period: Period): GridModel {
  const rows: GridRow[] = [];
  const walk = (node: KpiNode) => {
    if (node.acceptValueData && node.updateInterval === period) rows.push({ guid: node.guid, name: node.name, measure: node.measure, min: node.min, max: node.max });
    node.children.forEach(walk);
  };
  walk(root);
  const series = new Map(grouped.items.map((s) => [s.guid, s]));
  const columns = (grouped.items[0]?.points ?? []).map((p) => ({ start: p.start, label: periodLabel(p.start, period) }));
  const entered = new Map<CellKey, number>();
  const inherited = new Map<CellKey, number>();
  for (const row of rows) {
    for (const point of series.get(row.guid)?.points ?? []) {
      if (point.value === null) continue;
      if (point.source === "ENTERED") entered.set(cellKey(row.guid, point.start), point.value);
      if (point.source === "INHERITED") inherited.set(cellKey(row.guid, point.start), point.value);
    }
  }
  return { rows, columns, entered, inherited };
}

export type ParsedCell = { ok: true; value: number | null } | { ok: false; message: string };

const NUMBER = /^[-+]?(\d+([.,]\d+)?|[.,]\d+)([eE][-+]?\d+)?$/;

/** A cell's text as the API will take it: empty clears the value; a decimal comma is accepted. */
export function parseCell(text: string): ParsedCell {
  const trimmed = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (trimmed === "") return { ok: true, value: null };
  if (!NUMBER.test(trimmed)) return { ok: false, message: "Enter a number, like 1234.5" };
  const value = Number(trimmed.replace(",", "."));
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, message: "The number is too large" };
}

export interface Change {
  key: CellKey;
  guid: string;
  date: string;
  value: number | null;
}

/** The draft's valid changes (cells whose value differs from what is stored) and its invalid cells. */
export function pendingChanges(model: GridModel, draft: Draft): { changes: Change[]; invalid: Record<CellKey, string> } {
  const changes: Change[] = [];
  const invalid: Record<CellKey, string> = {};
  for (const row of model.rows) {
    for (const column of model.columns) {
      const key = cellKey(row.guid, column.start);
      if (!(key in draft)) continue;
      const parsed = parseCell(draft[key]!);
      if (!parsed.ok) invalid[key] = parsed.message;
      else if (parsed.value !== (model.entered.get(key) ?? null)) changes.push({ key, guid: row.guid, date: column.start, value: parsed.value });
    }
  }
  return { changes, invalid };
}

export const toBatchItems = (changes: Change[]): BatchSetValuesItem[] =>
  changes.map(({ guid, date, value }) => ({ guid, date, value }));

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

/** What a cell shows: the user's text, else the entered value. */
export function cellText(model: GridModel, draft: Draft, key: CellKey): string {
  if (key in draft) return draft[key]!;
  const value = model.entered.get(key);
  return value === undefined ? "" : String(value);
}

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
    const history = model.columns.flatMap((c) => (c.start === change.date ? [] : [model.entered.get(cellKey(row.guid, c.start))].filter((x): x is number => x !== undefined)));
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

