"use client";

import { useTranslations } from "next-intl";
import type { MouseEvent } from "react";
import { Sparkline } from "@/components/charts/sparkline";
import { SCORING_DEFAULTS, STATUSES } from "@/lib/contract/constants";
import type { KpiForecast } from "@/lib/contract/forecast";
import type { Period } from "@/lib/contract/kpis";
import { useFormats } from "@/lib/i18n/use-formats";
import { RowHeader, Table, TableHead, Td, Th } from "@/components/ui/table";
import { useExplainPoint } from "./explain";
import { latestPoint, type KpiWithSeries } from "./kpi-with-series";
import { STATUS_ICON, STATUS_TONE, StatusBadge } from "./status-badge";

/**
 * The KPI tree with each KPI's latest complete period: value, target, status and trend. A row
 * whose latest period is not the table's (the last complete one) names its own, so a perspective
 * and the KPIs under it are never read as the same period when they are not.
 */
export function KpiTable({
  rows,
  period,
  selected,
  hrefFor,
  projected,
}: {
  rows: KpiWithSeries[];
  period: Period;
  selected: string;
  hrefFor: (guid: string) => string;
  projected?: Map<string, KpiForecast>;
}) {
  const t = useTranslations("kpi.table");
  const f = useFormats();
  const explainPoint = useExplainPoint();
  const tablePeriod = rows
    .flatMap(({ series }) => series?.points.filter((p) => p.complete).map((p) => p.start) ?? [])
    .sort()
    .at(-1);
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
  // Beside the Projected column the sparkline waits for a wide screen: the projection says where it goes.
  const trendColumn = projected ? "hidden 2xl:table-cell" : "hidden md:table-cell";
  return (
    <div className="flex flex-col gap-2">
      <Table caption={t("caption")}>
        <TableHead>
          <Th>{t("kpi")}</Th>
          <Th align="right">{t("latest")}</Th>
          <Th align="right" className="hidden sm:table-cell">
            {t("target")}
          </Th>
          <Th>{t("status")}</Th>
          <Th className={trendColumn}>{t("trend")}</Th>
          {projected && (
            <Th align="right" className="hidden sm:table-cell">
              {t("projected")}
            </Th>
          )}
        </TableHead>
        <tbody>
          {rows.map(({ kpi, depth, series }) => {
            const latest = latestPoint(series);
            const status = latest?.status ?? "NONE";
            const isSelected = kpi.guid === selected;
            const container = kpi.indicatorType === "CONTAINER";
            const [value, target] = f.pair(latest?.value, container ? null : latest?.target, container ? "%" : kpi.measure);
            const own = latest && latest.start !== tablePeriod ? f.period(latest.start, period) : null;
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
                  {!container && latest?.target != null && (
                    <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{t("of", { target })}</span>
                  )}
                  {own && <span className="block text-xs text-slate-500 dark:text-slate-400">{own}</span>}
                  {/* On a phone the projection sits under the value too. */}
                  {projected?.get(kpi.guid)?.projection && (
                    <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">
                      {t("projectedValue")} <ProjectedText forecast={projected.get(kpi.guid)!} measure={container ? "%" : kpi.measure} />
                    </span>
                  )}
                </Td>
                <Td align="right" className="hidden whitespace-nowrap text-slate-600 sm:table-cell dark:text-slate-400">
                  {container ? "" : target}
                </Td>
                <Td>
                  <StatusBadge status={status} score={latest?.score ?? null} thresholds={kpi.thresholds} why={explainPoint(latest, kpi)} />
                </Td>
                <Td tight className={trendColumn}>
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
  const f = useFormats();
  const p = forecast.projection!;
  const value = forecast.method === "container" ? (p.score === null ? "–" : `${Math.round(p.score * 100)} %`) : f.estimate(p.value, measure);
  return (
    <>
      {value}
      <span className="ml-1" role="img" aria-label={f.status(p.status)} style={{ color: STATUS_TONE[p.status] }}>
        {STATUS_ICON[p.status]}
      </span>
    </>
  );
}

/** The KPI's projection at the horizon, or why there is none. */
function ProjectedCell({ forecast, measure, period }: { forecast?: KpiForecast; measure: string; period: Period }) {
  const t = useTranslations("kpi.table");
  const f = useFormats();
  const p = forecast?.projection;
  if (!p)
    return (
      <Td align="right" className="hidden text-xs text-slate-500 sm:table-cell dark:text-slate-400">
        {forecast?.note ? t("tooLittle") : "–"}
      </Td>
    );
  return (
    <Td align="right" className="hidden whitespace-nowrap sm:table-cell">
      <span title={t("projectedFor", { period: f.period(p.start, period) })}>
        <ProjectedText forecast={forecast} measure={measure} />
      </span>
    </Td>
  );
}

/** What the colours mean, with the default thresholds (a KPI may set its own; its badge says so). */
export function StatusLegend({ period = "MONTH" }: { period?: Period }) {
  const t = useTranslations();
  const f = useFormats();
  const defaults = { onTrack: SCORING_DEFAULTS.onTrack, atRisk: SCORING_DEFAULTS.atRisk };
  return (
    <p role="note" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400" aria-label={t("kpi.table.legend")}>
      {STATUSES.filter((s) => s !== "NONE").map((status) => (
        <span key={status}>
          <span aria-hidden style={{ color: STATUS_TONE[status] }}>
            {STATUS_ICON[status]}
          </span>{" "}
          {t("kpi.table.legendItem", { status: f.status(status), meaning: f.statusMeaning(status, defaults) })}
        </span>
      ))}
      <span>{t("kpi.table.latestNote", { period, periodName: t(`periods.${period}`).toLowerCase() })}</span>
    </p>
  );
}
