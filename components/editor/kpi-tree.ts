import type { KpiNode } from "@/lib/contract/kpis";

export type Row = { node: KpiNode; depth: number; parent: KpiNode | null; index: number; siblings: KpiNode[] };

/** The tree in display order, each KPI with its depth, parent and place among its siblings. */
export function rowsOf(root: KpiNode): Row[] {
  const rows: Row[] = [{ node: root, depth: 0, parent: null, index: 0, siblings: [root] }];
  const walk = (parent: KpiNode, depth: number) =>
    parent.children.forEach((node, index) => {
      rows.push({ node, depth, parent, index, siblings: parent.children });
      walk(node, depth + 1);
    });
  walk(root, 1);
  return rows;
}

/** Where each move puts a KPI: a new parent and a place among its children; null when it cannot go. */
export function moves(row: Row, rows: Row[]) {
  const { parent, index, siblings } = row;
  if (!parent) return { up: null, down: null, out: null, into: null };
  const grand = rows.find((r) => r.node.guid === parent.guid)?.parent ?? null;
  const before = siblings[index - 1];
  return {
    up: index > 0 ? { parentGuid: parent.guid, position: index - 1 } : null,
    down: index < siblings.length - 1 ? { parentGuid: parent.guid, position: index + 1 } : null,
    // Out: just after its parent, among the parent's siblings.
    out: grand ? { parentGuid: grand.guid, position: grand.children.findIndex((c) => c.guid === parent.guid) + 1 } : null,
    // Into: last inside the container just above it.
    into: before && before.indicatorType === "CONTAINER" ? { parentGuid: before.guid, position: before.children.length } : null,
  };
}

/** `[guid]` references shown as `[Name]`, and back (names match regardless of case). */
export function formulaWithNames(formula: string, rows: Row[]): string {
  const names = new Map(rows.map((r) => [r.node.guid, r.node.name]));
  return formula.replace(/\[([^\]]+)\]/g, (whole, ref: string) => (names.has(ref.trim().toLowerCase()) ? `[${names.get(ref.trim().toLowerCase())}]` : whole));
}

export function formulaWithGuids(text: string, rows: Row[]): { formula: string; ambiguous: string[] } {
  const byName = new Map<string, string[]>();
  for (const r of rows) byName.set(r.node.name.toLowerCase(), [...(byName.get(r.node.name.toLowerCase()) ?? []), r.node.guid]);
  const ambiguous: string[] = [];
  const formula = text.replace(/\[([^\]]+)\]/g, (whole, ref: string) => {
    const guids = byName.get(ref.trim().toLowerCase());
    if (!guids) return whole;
    if (guids.length > 1) ambiguous.push(ref.trim());
    return `[${guids[0]}]`;
  });
  return { formula, ambiguous };
}
