"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { KpiChart } from "@/components/charts/kpi-chart";
import { InitiativeList } from "@/components/kpi/initiative-list";
import { latestPoint, withSeries } from "@/components/kpi/kpi-with-series";
import { StatusBadge } from "@/components/kpi/status-badge";
import { NoteList } from "@/components/notes/note-list";
import { readQuery } from "@/lib/bff/queries";
import type { Status } from "@/lib/contract/kpis";
import { groupedInput, type ChartFilters } from "@/lib/filters";
import { useFormats } from "@/lib/i18n/use-formats";
import { useTranslations } from "next-intl";
import { useLocalizedTree } from "@/lib/i18n/use-localized";

/** The scorecard for a board meeting: the status summary, then each KPI's chart, notes and initiatives. */
/** The summary table's columns: the message of each heading and its alignment. */
const SUMMARY_COLUMNS = [
  ["kpi", ""],
  ["value", "text-right"],
  ["target", "text-right"],
  ["status", "pl-4"],
] as const;

export function BoardPack({ docId, filters }: { docId: number; filters: ChartFilters }) {
  const fmt = useFormats();
  const t = useTranslations("pack");
  const { data: tree } = useSuspenseQuery(readQuery("tree", { docId }));
  const { data: grouped } = useSuspenseQuery(readQuery("grouped", groupedInput(docId, filters)));
  const notes = grouped.items.flatMap((s) => s.notes ?? []);
  const root = useLocalizedTree(tree.root);
  const rows = withSeries(root, grouped.items);
  const indicators = rows.filter((r) => r.kpi.indicatorType === "INDICATOR");
  const counts = (["ON_TRACK", "AT_RISK", "OFF_TRACK", "NONE"] as Status[]).map(
    (s) => [s, indicators.filter((r) => (latestPoint(r.series)?.status ?? "NONE") === s).length] as const,
  );
  const period = filters.period;
  return (
    <article className="flex flex-col gap-6 print:gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t("title", { name: root.name })}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t("asOf", { date: fmt.date(filters.to), period: fmt.periodName(period) })} ·{" "}
          {counts.map(([status, count]) => t("count", { status, count })).join(", ")}
        </p>
      </header>
      <table className="w-full border-collapse text-sm" aria-label={t("summary")}>
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            {SUMMARY_COLUMNS.map(([key, className]) => (
              <th key={key} scope="col" className={`py-1 ${className}`}>
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ kpi, series, depth }) => {
            const p = latestPoint(series);
            const measure = kpi.indicatorType === "CONTAINER" ? "%" : kpi.measure;
            return (
              <tr key={kpi.guid} className="break-inside-avoid border-b border-slate-100 dark:border-slate-800">
                <th
                  scope="row"
                  className={`py-1 text-left ${kpi.indicatorType === "CONTAINER" ? "font-semibold" : "font-normal"}`}
                  style={{ paddingLeft: depth * 14 }}
                >
                  {kpi.name}
                </th>
                <td className="py-1 text-right tabular-nums">{fmt.full(p?.value, measure)}</td>
                <td className="py-1 text-right tabular-nums">{kpi.indicatorType === "CONTAINER" ? "" : fmt.full(p?.target, measure)}</td>
                <td className="py-1 pl-4">
                  <StatusBadge status={p?.status ?? "NONE"} score={p?.score ?? null} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {indicators.map(({ kpi, series }) => {
        const points = series?.points ?? [];
        const p = latestPoint(series);
        const pointOf = (date: string) => points.find((pt) => pt.start <= date && date <= pt.end);
        const own = notes.filter((n) => n.kpiGuid === kpi.guid && pointOf(n.date));
        const byPeriod = new Map<string, string[]>();
        for (const n of own) byPeriod.set(pointOf(n.date)!.start, [...(byPeriod.get(pointOf(n.date)!.start) ?? []), n.text]);
        return (
          <section key={kpi.guid} aria-label={kpi.name} className="break-inside-avoid border-t border-slate-200 pt-4 dark:border-slate-800">
            <h2 className="text-lg font-semibold">{kpi.name}</h2>
            <p className="text-sm">
              {p ? `${fmt.period(p.start, period)}: ${fmt.full(p.value, kpi.measure)}` : t("noValue")}
              {p?.target != null && t("against", { target: fmt.full(p.target, kpi.measure) })}{" "}
              <StatusBadge status={p?.status ?? "NONE"} score={p?.score ?? null} />
            </p>
            <KpiChart name={kpi.name} measure={kpi.measure} period={period} points={points} notes={byPeriod} height={180} />
            {own.length > 0 && <NoteList notes={own} periodOf={(date) => fmt.period(pointOf(date)!.start, period)} />}
            {kpi.initiatives.length > 0 && <InitiativeList items={kpi.initiatives} />}
          </section>
        );
      })}
    </article>
  );
}
