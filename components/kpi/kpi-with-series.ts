import type { Series } from "@/lib/contract/grouped";
import type { KpiNode } from "@/lib/contract/kpis";

export interface KpiWithSeries {
  kpi: Omit<KpiNode, "children">;
  depth: number;
  series: Series | undefined;
}

/** The tree flattened in display order, each KPI with its series. */
export function withSeries(root: KpiNode, items: Series[]): KpiWithSeries[] {
  const byGuid = new Map(items.map((s) => [s.guid, s]));
  const rows: KpiWithSeries[] = [];
  const walk = ({ children, ...kpi }: KpiNode, depth: number) => {
    rows.push({ kpi, depth, series: byGuid.get(kpi.guid) });
    children.forEach((c) => walk(c, depth + 1));
  };
  walk(root, 0);
  return rows;
}

/** The last complete period that holds a value: what "latest" and the status mean. */
export const latestPoint = (series: Series | undefined) => series?.points.findLast((p) => p.complete && p.value !== null);

/** The period holding today, when it already has a value: shown as "so far". */
export const soFarPoint = (series: Series | undefined) => {
  const point = series?.points.find((p) => !p.complete);
  return point && point.value !== null ? point : undefined;
};
