"use client";

import { useState } from "react";
import { LazyKpiChart } from "@/components/charts/lazy-kpi-chart";
import type { KpiForecast } from "@/lib/contract/forecast";
import type { FeedingConnector, Period } from "@/lib/contract/kpis";
import type { Note } from "@/lib/contract/notes";
import { NoteForm } from "@/components/notes/note-form";
import { NoteList } from "@/components/notes/note-list";
import { RevisionList } from "@/components/history/revision-list";
import { FedBy } from "@/components/connectors/fed-by";
import { Button } from "@/components/ui/button";
import { formatEstimate, formatScore, fullValue, formatValue, periodLabel, STATUS_LABEL } from "@/lib/format";
import { cardClass } from "@/components/ui/card";
import { RowHeader, Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { explainPoint } from "./explain";
import { InitiativeList } from "./initiative-list";
import { latestPoint, soFarPoint, type KpiWithSeries } from "./kpi-with-series";
import { STATUS_ICON, StatusBadge } from "./status-badge";

const METHOD_WORDS = { seasonal: "its seasons and trend", damped: "its trend", naive: "its last value", formula: "its formula", container: "its parts" } as const;

/** "Projected $6.9M for Dec 2026 (80 %: $6.5M to $7.3M): on track, from its seasons and trend (4.3 % off when tested)". */
function ProjectionLine({ forecast, measure, period }: { forecast: KpiForecast; measure: string; period: Period }) {
  const p = forecast.projection;
  if (!p) return <p className="text-sm text-slate-700 dark:text-slate-300">No forecast: {forecast.note?.replace(/^Too little history to forecast: /, "too little history (")}{forecast.note ? ")" : ""}</p>;
  const interval = p.low !== null && p.high !== null ? ` (80 %: ${formatEstimate(p.low, measure)} to ${formatEstimate(p.high, measure)})` : "";
  const tested = forecast.error !== null ? ` (${(forecast.error * 100).toFixed(1)} % off when tested)` : "";
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="projection">
      <span className="font-medium">Projected </span>
      {formatEstimate(p.value, measure)} for {periodLabel(p.start, period)}{interval}: {STATUS_LABEL[p.status].toLowerCase()}, from {forecast.method ? METHOD_WORDS[forecast.method] : "nothing"}{tested}.
    </p>
  );
}

/** The selected KPI: its latest complete period and why it has its colour, its chart, its history. */
export function KpiDetail({ row, period, notes = [], docId, feeding = [], forecast }: { row: KpiWithSeries; period: Period; notes?: Note[]; docId?: number; feeding?: FeedingConnector[]; forecast?: KpiForecast }) {
  const { kpi, series } = row;
  const points = series?.points ?? [];
  const [writing, setWriting] = useState<string | null>(null);
  const [showChanges, setShowChanges] = useState(false);
  // Each note belongs to the period holding its date.
  const pointOf = (date: string) => points.find((p) => p.start <= date && date <= p.end);
  const mine = notes.filter((n) => n.kpiGuid === kpi.guid && pointOf(n.date));
  const notesByPeriod = new Map<string, string[]>();
  for (const n of mine) {
    const start = pointOf(n.date)!.start;
    notesByPeriod.set(start, [...(notesByPeriod.get(start) ?? []), n.text]);
  }
  const latest = latestPoint(series);
  const soFar = soFarPoint(series);
  const container = kpi.indicatorType === "CONTAINER";
  const measure = container ? "%" : kpi.measure;
  return (
    <section aria-labelledby="kpi-detail-heading" className={`flex flex-col gap-4 ${cardClass}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="kpi-detail-heading" className="text-lg font-semibold">{kpi.name}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {container ? "Weighted average of its parts' scores" : kpi.formula ? "Calculated from other KPIs" : kpi.description || `Updated every ${kpi.updateInterval.toLowerCase().replace("_", "-")}`}
          </p>
        </div>
        <div className="text-right">
          <p className="text-2xl font-semibold tabular-nums">{formatValue(latest?.value, measure)}</p>
          <StatusBadge status={latest?.status ?? "NONE"} score={latest?.score ?? null} />
          {latest && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{periodLabel(latest.start, period)}</p>}
        </div>
      </div>
      <FedBy connectors={feeding.filter((c) => c.kpiGuid === kpi.guid)} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span className="font-medium">Why this colour: </span>
        {explainPoint(latest, kpi)}
      </p>
      {soFar && (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          {periodLabel(soFar.start, period)} so far: <strong className="tabular-nums">{formatValue(soFar.value, measure)}</strong>
          {!container && soFar.target !== null && <> against {formatValue(soFar.target, measure)} due by today</>} ({STATUS_LABEL[soFar.status].toLowerCase()}, {formatScore(soFar.score, kpi.thresholds)}). The period is not over.
        </p>
      )}
      {kpi.initiatives.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold">Initiatives</h3>
          <InitiativeList items={kpi.initiatives} />
        </div>
      )}
      {forecast && <ProjectionLine forecast={forecast} measure={measure} period={period} />}
      <LazyKpiChart name={kpi.name} measure={measure} period={period} points={points} container={container} notes={notesByPeriod} thresholds={kpi.thresholds} forecast={forecast?.points} />
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold">Notes</h3>
          {mine.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">None in this range.</p>}
          {docId !== undefined && writing === null && points.length > 0 && (
            <Button variant="secondary" className="ml-auto !py-1" onClick={() => setWriting((latest ?? points.at(-1)!).start)}>Add a note</Button>
          )}
        </div>
        {docId !== undefined && writing !== null && (
          <>
            <label className="flex items-center gap-2 text-sm">
              Period
              <select value={writing} onChange={(e) => setWriting(e.target.value)} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900">
                {[...points].reverse().map((p) => <option key={p.start} value={p.start}>{periodLabel(p.start, period)}</option>)}
              </select>
            </label>
            <NoteForm key={writing} docId={docId} kpi={kpi} date={writing} periodName={periodLabel(writing, period)} onDone={() => setWriting(null)} />
          </>
        )}
        <NoteList docId={docId} notes={mine} periodOf={(date) => periodLabel(pointOf(date)!.start, period)} />
      </div>
      {docId !== undefined && !container && !kpi.formula && (
        <details className="text-sm" onToggle={(e) => setShowChanges(e.currentTarget.open)}>
          <summary className="cursor-pointer font-semibold">Changes to its values</summary>
          <div className="mt-2">{showChanges && <RevisionList docId={docId} guid={kpi.guid} measure={measure} label={`Changes to ${kpi.name}`} />}</div>
        </details>
      )}
      <div className="max-h-72 overflow-y-auto" tabIndex={0} role="region" aria-label={`${kpi.name} by period`}>
        <Table caption={`Values of ${kpi.name} by period`} dense scroll={false}>
          <TableHead sticky>
            <Th>Period</Th>
            <Th align="right">Value</Th>
            <Th align="right">Target</Th>
            <Th align="right">Score</Th>
            <Th>Status</Th>
          </TableHead>
          <tbody>
            {[...points].reverse().map((p) => (
              <Tr key={p.start}>
                <RowHeader className="font-normal">
                  {periodLabel(p.start, period)}
                  {notesByPeriod.has(p.start) && (
                    <span title={notesByPeriod.get(p.start)!.join("\n")} className="ml-1 text-amber-700 dark:text-amber-400">
                      <span aria-hidden>✎</span>
                      <span className="sr-only"> (note: {notesByPeriod.get(p.start)!.join("; ")})</span>
                    </span>
                  )}
                  {!p.complete && <span className="text-xs text-slate-500 dark:text-slate-400"> (so far)</span>}
                </RowHeader>
                <Td align="right" className="whitespace-nowrap">{fullValue(p.value, measure)}</Td>
                <Td align="right" className="whitespace-nowrap">{container ? "" : fullValue(p.target, measure)}</Td>
                <Td align="right">{formatScore(p.score, kpi.thresholds)}</Td>
                <Td className="whitespace-nowrap text-slate-600 dark:text-slate-400">
                  <span aria-hidden>{STATUS_ICON[p.status]}</span> {STATUS_LABEL[p.status]}
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
