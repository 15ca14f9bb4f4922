"use client";

import type { MouseEvent } from "react";
import { Sparkline } from "@/components/charts/sparkline";
import { formatValue, statusOf } from "@/lib/format";
import { latestPoint, type KpiWithSeries } from "./kpi-with-series";
import { StatusBadge } from "./status-badge";
import { RowHeader, Table, TableHead, Td, Th } from "@/components/ui/table";

const TONE = { good: "#059669", warning: "#d97706", bad: "#dc2626", none: "#94a3b8" };

/** The KPI tree with each KPI's latest value, target, status and trend. */
export function KpiTable({ rows, selected, hrefFor }: { rows: KpiWithSeries[]; selected: string; hrefFor: (guid: string) => string }) {
  // Selecting a KPI only changes ?kpi=: the page has the data, so no server round trip.
  function select(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    window.history.pushState(null, "", event.currentTarget.href);
  }
  return (
    <Table caption="KPIs with their latest values">
      <TableHead>
        <Th>KPI</Th>
        <Th align="right">Latest</Th>
        <Th align="right" className="hidden sm:table-cell">Target</Th>
        <Th>Status</Th>
        <Th className="hidden md:table-cell">Trend</Th>
      </TableHead>
      <tbody>
        {rows.map(({ kpi, depth, series }) => {
          const latest = latestPoint(series);
          const status = statusOf(latest?.performance);
          const isSelected = kpi.guid === selected;
          const container = kpi.indicatorType === "CONTAINER";
          return (
            <tr key={kpi.guid} className={`border-t border-slate-100 dark:border-slate-800 ${isSelected ? "bg-blue-50 dark:bg-blue-950/50" : ""}`}>
              <RowHeader className="font-normal">
                <a
                  href={hrefFor(kpi.guid)}
                  onClick={select}
                  aria-current={isSelected ? "true" : undefined}
                  className={`hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-blue-400 ${container ? "font-semibold" : ""}`}
                  style={{ paddingLeft: `${depth * 1.1}rem` }}
                >
                  {kpi.name}
                </a>
              </RowHeader>
              <Td align="right" className="whitespace-nowrap">{formatValue(latest?.value, container ? "%" : kpi.measure)}</Td>
              <Td align="right" className="hidden whitespace-nowrap text-slate-600 sm:table-cell dark:text-slate-400">
                {container ? "" : formatValue(latest?.target ?? kpi.target, kpi.measure)}
              </Td>
              <Td>
                <StatusBadge status={status} performance={latest?.performance ?? null} />
              </Td>
              <Td tight className="hidden md:table-cell">
                <Sparkline values={series?.points.map((p) => p.value) ?? []} tone={TONE[status]} />
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
