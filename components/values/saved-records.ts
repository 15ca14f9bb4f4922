import type { EnteredRecord, GridField } from "./grid-model";

/**
 * A plan's records after a save, from the save's own answer (each record as stored), so the grid
 * needs no second read of them: a saved record replaces the one of its KPI and date, one whose
 * figure is now empty leaves the plan, and one dated after `to` is outside it. The read's order
 * is kept: by KPI (as they came), then by date.
 */
export function withSavedRecords<R extends EnteredRecord>(records: R[], saved: R[], field: Exclude<GridField, "value">, to?: string): R[] {
  const at = (r: R) => `${r.guid}|${r.date}`;
  const replaced = new Set(saved.map(at));
  const kept = records.filter((r) => !replaced.has(at(r)));
  const added = saved.filter((r) => r[field] !== null && r[field] !== undefined && (to === undefined || r.date <= to));
  const all = [...kept, ...added];
  const kpiOrder = new Map<string, number>();
  for (const r of all) if (!kpiOrder.has(r.guid)) kpiOrder.set(r.guid, kpiOrder.size);
  return all.sort((a, b) => kpiOrder.get(a.guid)! - kpiOrder.get(b.guid)! || a.date.localeCompare(b.date));
}
