"use client";

import type { MouseEvent } from "react";
import { Sparkline } from "@/components/charts/sparkline";
import { formatValue, statusOf } from "./format";
import { latestPoint, type KpiRow } from "./kpi-rows";
import { StatusBadge } from "./status-badge";

const TONE = { good: "#059669", warning: "#d97706", bad: "#dc2626", none: "#94a3b8" };

/** The KPI tree with each KPI's latest value, target, status and trend. */
export function KpiTable({ rows, selected, hrefFor }: { rows: KpiRow[]; selected: string; hrefFor: (guid: string) => string }) {
  // Selecting a KPI only changes ?kpi=: the page has the data, so no server round trip.
  function select(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    window.history.pushState(null, "", event.currentTarget.href);
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-sm">
        <caption className="sr-only">KPIs with their latest values</caption>
        <thead className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">KPI</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Latest</th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">Target</th>
            <th scope="col" className="px-3 py-2 font-medium">Status</th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">Trend</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ kpi, depth, series }) => {
            const latest = latestPoint(series);
            const status = statusOf(latest?.performance);
            const isSelected = kpi.guid === selected;
            const container = kpi.indicatorType === "CONTAINER";
            return (
              <tr key={kpi.guid} className={`border-b border-slate-100 last:border-0 dark:border-slate-800 ${isSelected ? "bg-blue-50 dark:bg-blue-950/50" : ""}`}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <a
                    href={hrefFor(kpi.guid)}
                    onClick={select}
                    aria-current={isSelected ? "true" : undefined}
                    className={`hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-blue-400 ${container ? "font-semibold" : ""}`}
                    style={{ paddingLeft: `${depth * 1.1}rem` }}
                  >
                    {kpi.name}
                  </a>
                </th>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatValue(latest?.value, container ? "%" : kpi.measure)}</td>
                <td className="hidden whitespace-nowrap px-3 py-2 text-right tabular-nums text-slate-600 sm:table-cell dark:text-slate-400">
                  {container ? "" : formatValue(latest?.target ?? kpi.target, kpi.measure)}
                </td>
                <td className="px-3 py-2">
                  <StatusBadge status={status} performance={latest?.performance ?? null} />
                </td>
                <td className="hidden px-3 py-1 md:table-cell">
                  <Sparkline values={series?.points.map((p) => p.value) ?? []} tone={TONE[status]} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
