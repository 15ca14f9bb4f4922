"use client";

import { KpiChart } from "@/components/charts/kpi-chart";
import type { Period } from "@/lib/contract/kpis";
import { exactValue, formatValue, periodLabel, statusOf } from "./format";
import { latestPoint, type KpiRow } from "./kpi-rows";
import { StatusBadge } from "./status-badge";

const SOURCE = { ENTERED: "Entered", INHERITED: "Inherited", CALCULATED: "Calculated", NONE: "–" };

/** The selected KPI: its chart large, then its values period by period. */
export function KpiDetail({ row, period }: { row: KpiRow; period: Period }) {
  const { kpi, series } = row;
  const points = series?.points ?? [];
  const latest = latestPoint(series);
  const container = kpi.indicatorType === "CONTAINER";
  const measure = container ? "%" : kpi.measure;
  return (
    <section aria-labelledby="kpi-detail-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="kpi-detail-heading" className="text-lg font-semibold">{kpi.name}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {container ? "Weighted average of its parts' performance" : kpi.formula ? "Calculated from other KPIs" : kpi.description || `Updated every ${kpi.updateInterval.toLowerCase().replace("_", "-")}`}
          </p>
        </div>
        <div className="text-right">
          <p className="text-2xl font-semibold tabular-nums">{formatValue(latest?.value, measure)}</p>
          <StatusBadge status={statusOf(latest?.performance)} performance={latest?.performance ?? null} />
        </div>
      </div>
      <KpiChart
        name={kpi.name}
        measure={measure}
        period={period}
        points={points}
        baseline={container ? null : kpi.baseline}
        min={container ? 0 : kpi.min}
        max={container ? 100 : kpi.max}
      />
      <div className="max-h-72 overflow-y-auto" tabIndex={0} role="region" aria-label={`${kpi.name} by period`}>
        <table className="w-full text-sm">
          <caption className="sr-only">Values of {kpi.name} by period</caption>
          <thead className="sticky top-0 bg-white text-left text-xs uppercase tracking-wide text-slate-500 dark:bg-slate-900 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1.5 pr-2 font-medium">Period</th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">Value</th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">Target</th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">Performance</th>
              <th scope="col" className="py-1.5 font-medium">Source</th>
            </tr>
          </thead>
          <tbody>
            {[...points].reverse().map((p) => (
              <tr key={p.start} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">{periodLabel(p.start, period)}</th>
                <td className="py-1.5 pr-2 text-right tabular-nums">{exactValue(p.value)}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{exactValue(p.target)}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{p.performance === null ? "–" : `${(p.performance * 100).toFixed(1)} %`}</td>
                <td className="py-1.5 text-slate-600 dark:text-slate-400">{SOURCE[p.source]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
