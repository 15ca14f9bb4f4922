"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { LazyKpiChart } from "@/components/charts/lazy-kpi-chart";
import type { KpiForecast } from "@/lib/contract/forecast";
import type { FeedingConnector, Period } from "@/lib/contract/kpis";
import type { Note } from "@/lib/contract/notes";
import { NoteList } from "@/components/notes/note-list";
import { LazyNoteForm as NoteForm, LazyRevisionList as RevisionList } from "@/components/notes/lazy-editors";
import { FedBy } from "@/components/connectors/fed-by";
import { Button } from "@/components/ui/button";
import { useFormats } from "@/lib/i18n/use-formats";
import { cardClass } from "@/components/ui/card";
import { RowHeader, Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { useExplainPoint } from "./explain";
import { InitiativeList } from "./initiative-list";
import { latestPoint, soFarPoint, type KpiWithSeries } from "./kpi-with-series";
import { STATUS_ICON, StatusBadge } from "./status-badge";

/** "Projected $6.9M for Dec 2026 (80 %: $6.5M to $7.3M): on track, from its seasons and trend (4.3 % off when tested)". */
function ProjectionLine({ forecast, measure, period }: { forecast: KpiForecast; measure: string; period: Period }) {
  const t = useTranslations("kpi.detail");
  const f = useFormats();
  const p = forecast.projection;
  if (!p) return <p className="text-sm text-slate-700 dark:text-slate-300">{t("noForecast")}</p>;
  const interval = p.low !== null && p.high !== null ? t("interval", { low: f.estimate(p.low, measure), high: f.estimate(p.high, measure) }) : "";
  const tested = forecast.error !== null ? t("tested", { error: `${f.number(forecast.error * 100, 1)} %` }) : "";
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="projection">
      <span className="font-medium">{t("projected")}</span>
      {t("projection", {
        value: f.estimate(p.value, measure),
        period: f.period(p.start, period),
        interval,
        status: f.status(p.status).toLowerCase(),
        method: t(`method.${forecast.method ?? "none"}`),
        tested,
      })}
    </p>
  );
}

/** The selected KPI: its latest complete period and why it has its colour, its chart, its history. */
export function KpiDetail({
  row,
  period,
  notes = [],
  docId,
  feeding = [],
  forecast,
}: {
  row: KpiWithSeries;
  period: Period;
  notes?: Note[];
  docId?: number;
  feeding?: FeedingConnector[];
  forecast?: KpiForecast;
}) {
  const t = useTranslations("kpi.detail");
  const f = useFormats();
  const explainPoint = useExplainPoint();
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
          <h2 id="kpi-detail-heading" className="text-lg font-semibold">
            {kpi.name}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {container
              ? t("containerLead")
              : kpi.formula
                ? t("formulaLead")
                : kpi.description || t("updatedEvery", { period: f.periodName(kpi.updateInterval) })}
          </p>
        </div>
        <div className="text-right">
          <p className="text-2xl font-semibold tabular-nums">{f.value(latest?.value, measure)}</p>
          <StatusBadge status={latest?.status ?? "NONE"} score={latest?.score ?? null} />
          {latest && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{f.period(latest.start, period)}</p>}
        </div>
      </div>
      <FedBy connectors={feeding.filter((c) => c.kpiGuid === kpi.guid)} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span className="font-medium">{t("whyColour")}</span>
        {explainPoint(latest, kpi)}
      </p>
      {soFar && (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          {t.rich("soFar", {
            period: f.period(soFar.start, period),
            value: f.value(soFar.value, measure),
            b: (chunks) => <strong className="tabular-nums">{chunks}</strong>,
          })}
          {!container && soFar.target !== null && t("dueBy", { target: f.value(soFar.target, measure) })}
          {t("soFarEnd", { status: f.status(soFar.status).toLowerCase(), score: f.score(soFar.score, kpi.thresholds) })}
        </p>
      )}
      {kpi.initiatives.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold">{t("initiatives")}</h3>
          <InitiativeList items={kpi.initiatives} />
        </div>
      )}
      {forecast && <ProjectionLine forecast={forecast} measure={measure} period={period} />}
      <LazyKpiChart
        name={kpi.name}
        measure={measure}
        period={period}
        points={points}
        container={container}
        notes={notesByPeriod}
        thresholds={kpi.thresholds}
        forecast={forecast?.points}
      />
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold">{t("notes")}</h3>
          {mine.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t("noNotes")}</p>}
          {docId !== undefined && writing === null && points.length > 0 && (
            <Button variant="secondary" className="ml-auto !py-1" onClick={() => setWriting((latest ?? points.at(-1)!).start)}>
              {t("addNote")}
            </Button>
          )}
        </div>
        {docId !== undefined && writing !== null && (
          <>
            <label className="flex items-center gap-2 text-sm">
              {t("period")}
              <select
                value={writing}
                onChange={(e) => setWriting(e.target.value)}
                className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
              >
                {[...points].reverse().map((p) => (
                  <option key={p.start} value={p.start}>
                    {f.period(p.start, period)}
                  </option>
                ))}
              </select>
            </label>
            <NoteForm key={writing} docId={docId} kpi={kpi} date={writing} periodName={f.period(writing, period)} onDone={() => setWriting(null)} />
          </>
        )}
        <NoteList docId={docId} notes={mine} periodOf={(date) => f.period(pointOf(date)!.start, period)} />
      </div>
      {docId !== undefined && !container && !kpi.formula && (
        <details className="text-sm" onToggle={(e) => setShowChanges(e.currentTarget.open)}>
          <summary className="cursor-pointer font-semibold">{t("changes")}</summary>
          <div className="mt-2">
            {showChanges && <RevisionList docId={docId} guid={kpi.guid} measure={measure} label={t("changesOf", { name: kpi.name })} />}
          </div>
        </details>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it */}
      <section className="max-h-72 overflow-y-auto" tabIndex={0} aria-label={t("byPeriod", { name: kpi.name })}>
        <Table caption={t("valuesCaption", { name: kpi.name })} dense scroll={false}>
          <TableHead sticky>
            <Th>{t("period")}</Th>
            <Th align="right">{t("value")}</Th>
            {/* On a phone the target sits under the value and the score beside the status: three columns fit 390 px. */}
            <Th align="right" className="hidden sm:table-cell">
              {t("target")}
            </Th>
            <Th align="right" className="hidden sm:table-cell">
              {t("score")}
            </Th>
            <Th>{t("status")}</Th>
          </TableHead>
          <tbody>
            {[...points].reverse().map((p) => (
              <Tr key={p.start}>
                <RowHeader className="font-normal">
                  {f.period(p.start, period)}
                  {notesByPeriod.has(p.start) && (
                    <span title={notesByPeriod.get(p.start)!.join("\n")} className="ml-1 text-amber-700 dark:text-amber-400">
                      <span aria-hidden>✎</span>
                      <span className="sr-only">{t("noteSr", { text: notesByPeriod.get(p.start)!.join("; ") })}</span>
                    </span>
                  )}
                  {!p.complete && <span className="text-xs text-slate-500 dark:text-slate-400">{t("soFarMark")}</span>}
                </RowHeader>
                <Td align="right" className="whitespace-nowrap">
                  {f.full(p.value, measure)}
                  {!container && p.target !== null && (
                    <span className="block text-xs text-slate-500 sm:hidden dark:text-slate-400">{t("targetIs", { target: f.full(p.target, measure) })}</span>
                  )}
                </Td>
                <Td align="right" className="hidden whitespace-nowrap sm:table-cell">
                  {container ? "" : f.full(p.target, measure)}
                </Td>
                <Td align="right" className="hidden sm:table-cell">
                  {f.score(p.score, kpi.thresholds)}
                </Td>
                <Td className="text-slate-600 sm:whitespace-nowrap dark:text-slate-400">
                  <span aria-hidden>{STATUS_ICON[p.status]}</span> {f.status(p.status)}
                  <span className="block text-xs sm:hidden">{f.score(p.score, kpi.thresholds)}</span>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      </section>
    </section>
  );
}
