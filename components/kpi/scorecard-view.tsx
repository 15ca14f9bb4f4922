"use client";

import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { usePathname, useSearchParams } from "next/navigation";
import { PageLink } from "@/components/ui/page-link";
import { readQuery } from "@/lib/bff/queries";
import type { Series } from "@/lib/contract/grouped";
import type { FeedingConnector, KpiNode, Period } from "@/lib/contract/kpis";
import type { Note } from "@/lib/contract/notes";
import { groupedInput, type ChartFilters } from "@/lib/filters";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { Skeleton } from "@/components/ui/skeleton";
import { LazyWhatIf } from "@/components/forecast/lazy-what-if";
import { KpiDetail } from "./kpi-detail";
import { withSeries } from "./kpi-with-series";
import { KpiTable } from "./kpi-table";
import { useLocalizedTree } from "@/lib/i18n/use-localized";

/** One scorecard: two API calls (the tree, every KPI's grouped values with its notes) whatever its size. */
export function ScorecardView({ docId, filters }: { docId: number; filters: ChartFilters }) {
  const { data: tree } = useSuspenseQuery(readQuery("tree", { docId }));
  const { data: grouped } = useSuspenseQuery(readQuery("grouped", groupedInput(docId, filters)));
  const root = useLocalizedTree(tree.root);
  // Notes ride on the grouped read: no call of their own.
  const notes = grouped.items.flatMap((s) => s.notes ?? []);
  return (
    <div className="flex flex-col gap-6">
      <ScorecardPanels root={root} items={grouped.items} period={filters.period} notes={notes} docId={docId} feeding={tree.connectors} />
      <LazyWhatIf docId={docId} period={filters.period} root={root} />
    </div>
  );
}

/** The KPI table and the selected KPI's detail, from data in hand (the public page passes its own). */
export function ScorecardPanels({
  root,
  items,
  period,
  notes,
  docId,
  feeding,
}: {
  root: KpiNode;
  items: Series[];
  period: Period;
  notes?: Note[];
  docId?: number;
  feeding?: FeedingConnector[];
}) {
  const t = useTranslations("scorecard");
  const errorText = useErrorText();
  const pathname = usePathname();
  const params = useSearchParams();
  const rows = withSeries(root, items);
  const selectedGuid = params.get("kpi") ?? root.guid;
  const selected = rows.find((r) => r.kpi.guid === selectedGuid) ?? rows[0]!;
  const hrefFor = (guid: string) => {
    const next = new URLSearchParams(params);
    next.set("kpi", guid);
    return `${pathname}?${next}`;
  };
  // The forecast is read only when asked for: opening a scorecard stays two calls.
  const showForecast = docId !== undefined && params.get("forecast") === "1";
  const forecast = useQuery({ ...readQuery("forecast", { docId: docId ?? 0, period }), enabled: showForecast });
  const byGuid = showForecast && forecast.data ? new Map(forecast.data.items.map((f) => [f.guid, f])) : undefined;
  const toggled = new URLSearchParams(params);
  if (showForecast) toggled.delete("forecast");
  else toggled.set("forecast", "1");
  return (
    <div className="grid gap-6 lg:grid-cols-12">
      {/* The Projected column takes a share of the detail panel's width, so the table fits a laptop's screen. */}
      <div className={`min-w-0 ${byGuid ? "lg:col-span-8" : "lg:col-span-7"}`}>
        {docId !== undefined && (
          <p className="mb-2 flex flex-wrap items-center gap-3 text-sm">
            <PageLink href={`${pathname}?${toggled}`} className="text-blue-700 underline dark:text-blue-400" scroll={false}>
              {showForecast ? t("hideForecast") : t("showForecast")}
            </PageLink>
            {showForecast && forecast.isPending && <span className="text-slate-600 dark:text-slate-400">{t("forecasting")}</span>}
            {showForecast && forecast.isError && <span className="text-red-700 dark:text-red-300">{errorText(forecast.error)}</span>}
          </p>
        )}
        <KpiTable rows={rows} period={period} selected={selected.kpi.guid} hrefFor={hrefFor} projected={byGuid} />
      </div>
      <div className={`min-w-0 ${byGuid ? "lg:col-span-4" : "lg:col-span-5"}`}>
        <div className="lg:sticky lg:top-4">
          <KpiDetail row={selected} period={period} notes={notes} docId={docId} feeding={feeding} forecast={byGuid?.get(selected.kpi.guid)} />
        </div>
      </div>
    </div>
  );
}

export function ScorecardViewSkeleton() {
  const t = useTranslations("scorecard");
  return (
    <div className="grid gap-6 lg:grid-cols-12" role="status" aria-busy="true" aria-label={t("loadingKpis")}>
      <div className="flex flex-col gap-2 lg:col-span-7">
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
      <Skeleton className="h-96 lg:col-span-5" />
    </div>
  );
}
