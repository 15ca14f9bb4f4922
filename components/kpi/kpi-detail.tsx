"use client";

import { KpiChart } from "@/components/charts/kpi-chart";
import type { Period } from "@/lib/contract/kpis";
import { exactValue, formatValue, periodLabel, statusOf } from "@/lib/format";
import { latestPoint, type KpiWithSeries } from "./kpi-with-series";
import { StatusBadge } from "./status-badge";
import { cardClass } from "@/components/ui/card";
import { RowHeader, Table, TableHead, Td, Th, Tr } from "@/components/ui/table";

const SOURCE = { ENTERED: "Entered", INHERITED: "Inherited", CALCULATED: "Calculated", NONE: "–" };

/** The selected KPI: its chart large, then its values period by period. */
export function KpiDetail({ row, period }: { row: KpiWithSeries; period: Period }) {
  const { kpi, series } = row;
  const points = series?.points ?? [];
  const latest = latestPoint(series);
  const container = kpi.indicatorType === "CONTAINER";
  const measure = container ? "%" : kpi.measure;
  return (
    <section aria-labelledby="kpi-detail-heading" className={`flex flex-col gap-4 ${cardClass}`}>
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
        <Table caption={`Values of ${kpi.name} by period`} dense scroll={false}>
          <TableHead sticky>
            <Th>Period</Th>
            <Th align="right">Value</Th>
            <Th align="right">Target</Th>
            <Th align="right">Performance</Th>
            <Th>Source</Th>
          </TableHead>
          <tbody>
            {[...points].reverse().map((p) => (
              <Tr key={p.start}>
                <RowHeader className="font-normal">{periodLabel(p.start, period)}</RowHeader>
                <Td align="right">{exactValue(p.value)}</Td>
                <Td align="right">{exactValue(p.target)}</Td>
                <Td align="right">{p.performance === null ? "–" : `${(p.performance * 100).toFixed(1)} %`}</Td>
                <Td className="text-slate-600 dark:text-slate-400">{SOURCE[p.source]}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
