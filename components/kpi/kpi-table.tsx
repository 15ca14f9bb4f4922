"use client";

import type { MouseEvent } from "react";
import { Sparkline } from "@/components/charts/sparkline";
import { SCORING_DEFAULTS, STATUSES } from "@/lib/contract/constants";
import type { KpiForecast } from "@/lib/contract/forecast";
import type { Period } from "@/lib/contract/kpis";
import { formatEstimate, formatPair, periodLabel, statusMeaning, STATUS_LABEL } from "@/lib/format";
import { RowHeader, Table, TableHead, Td, Th } from "@/components/ui/table";
import { explainPoint } from "./explain";
import { latestPoint, type KpiWithSeries } from "./kpi-with-series";
import { STATUS_ICON, STATUS_TONE, StatusBadge } from "./status-badge";

/**
 * The KPI tree with each KPI's latest complete period: value, target, status and trend. A row
 * whose latest period is not the table's (the last complete one) names its own, so a perspective
 * and the KPIs under it are never read as the same period when they are not.
 */
export function KpiTable({ rows, period, selected, hrefFor, projected }: { rows: KpiWithSeries[]; period: Period; selected: string; hrefFor: (guid: string) => string; projected?: Map<string, KpiForecast> }) {
  const tablePeriod = rows.flatMap(({ series }) => series?.points.filter((p) => p.complete).map((p) => p.start) ?? []).sort().at(-1);
  // Selecting a KPI only changes ?kpi=: the page has the data, so no server round trip.
  function select(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    window.history.pushState(null, "", event.currentTarget.href);
    // On one column (phones, narrow windows) the detail sits below the table: bring it into view.
    if (window.matchMedia("(max-width: 1023px)").matches) {
      requestAnimationFrame(() => document.getElementById("kpi-detail-heading")?.closest("section")?.scrollIntoView({ behavior: "smooth", block: "start" }));
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <Table caption="KPIs with their latest values">
        <TableHead>
          <Th>KPI</Th>
          <Th align="right">Latest</Th>
          <Th align="right" className="hidden sm:table-cell">Target</Th>
          <Th>Status</Th>
          <Th className="hidden md:table-cell">Trend</Th>
          {projected && <Th align="right" className="hidden sm:table-cell">Projected</Th>}
        </TableHead>
        <tbody>
          {rows.map(({ kpi, depth, series }) => {
            const latest = latestPoint(series);
            const status = latest?.status ?? "NONE";
            const isSelected = kpi.guid === selected;
            const container = kpi.indicatorType === "CONTAINER";
            const [value, target] = formatPair(latest?.value, container ? null : latest?.target, container ? "%" : kpi.measure);
            const own = latest && latest.start !== tablePeriod ? periodLabel(latest.start, period) : null;
            return (
              <tr key={kpi.guid} className={`border-t border-slate-100 dark:border-slate-800 ${isSelected ? "bg-blue-50 dark:bg-blue-950/50" : ""}`}>
                <RowHeader className="font-normal">
                  <a
                    href={hrefFor(kpi.guid)}
                    onClick={select}
                    aria-current={isSelected ? "true" : undefined}
                    className={`inline-block hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-blue-400 ${container ? "font-semibold" : ""}`}
                    style={{ paddingLeft: `${depth * 1.1}rem` }}
                  >
                    {kpi.name}
                  </a>
                </RowHeader>
                <Td align="right" className="whitespace-nowrap">
                  {value}
                  {/* On a phone the target column gives way to the target under the value. */}
                  {!container && latest?.target != null && <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">of {target}</span>}
                  {own && <span className="block text-xs text-slate-500 dark:text-slate-400">{own}</span>}
                  {/* On a phone the projection sits under the value too. */}
                  {projected?.get(kpi.guid)?.projection && <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">projected <ProjectedText forecast={projected.get(kpi.guid)!} measure={container ? "%" : kpi.measure} /></span>}
                </Td>
                <Td align="right" className="hidden whitespace-nowrap text-slate-600 sm:table-cell dark:text-slate-400">
                  {container ? "" : target}
                </Td>
                <Td>
                  <StatusBadge status={status} score={latest?.score ?? null} thresholds={kpi.thresholds} why={explainPoint(latest, kpi)} />
                </Td>
                <Td tight className="hidden md:table-cell">
                  <Sparkline points={series?.points ?? []} tone={STATUS_TONE[status]} />
                </Td>
                {projected && <ProjectedCell forecast={projected.get(kpi.guid)} measure={container ? "%" : kpi.measure} period={period} />}
              </tr>
            );
          })}
        </tbody>
      </Table>
      <StatusLegend period={period} />
    </div>
  );
}

/** A projection's value (a container's score) and its status mark. */
function ProjectedText({ forecast, measure }: { forecast: KpiForecast; measure: string }) {
  const p = forecast.projection!;
  const value = forecast.method === "container" ? (p.score === null ? "–" : `${Math.round(p.score * 100)} %`) : formatEstimate(p.value, measure);
  return (
    <>
      {value}
      <span className="ml-1" aria-label={STATUS_LABEL[p.status]} style={{ color: STATUS_TONE[p.status] }}>{STATUS_ICON[p.status]}</span>
    </>
  );
}

/** The KPI's projection at the horizon, or why there is none. */
function ProjectedCell({ forecast, measure, period }: { forecast?: KpiForecast; measure: string; period: Period }) {
  const p = forecast?.projection;
  if (!p) return <Td align="right" className="hidden text-xs text-slate-500 sm:table-cell dark:text-slate-400">{forecast?.note ? "Too little history" : "–"}</Td>;
  return (
    <Td align="right" className="hidden whitespace-nowrap sm:table-cell">
      <span title={`Projected for ${periodLabel(p.start, period)}`}><ProjectedText forecast={forecast} measure={measure} /></span>
    </Td>
  );
}

/** What the colours mean, with the default thresholds (a KPI may set its own; its badge says so). */
const tablePeriodNote = (period: Period) => (period === "DAY" ? "" : ` (${period === "HALF_YEAR" ? "half-year" : period.toLowerCase()})`);

export function StatusLegend({ period = "MONTH" }: { period?: Period }) {
  const defaults = { onTrack: SCORING_DEFAULTS.onTrack, atRisk: SCORING_DEFAULTS.atRisk };
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400" aria-label="What the statuses mean">
      {STATUSES.filter((s) => s !== "NONE").map((status) => (
        <span key={status}>
          <span aria-hidden style={{ color: STATUS_TONE[status] }}>{STATUS_ICON[status]}</span> {STATUS_LABEL[status]}: {statusMeaning(status, defaults)}
        </span>
      ))}
      <span>
        Latest is the last complete period{tablePeriodNote(period)}; a KPI or perspective whose latest is another period names it. A perspective averages the scores of
        its KPIs that have a value in its own period.
      </span>
    </p>
  );
}
