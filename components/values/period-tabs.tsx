"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { PageLink } from "@/components/ui/page-link";
import { PERIODS, type Period } from "@/lib/contract/constants";
import type { KpiNode } from "@/lib/contract/kpis";
import { readQuery } from "@/lib/bff/queries";
import { defaultRange } from "@/lib/filters";

function writablePeriods(node: KpiNode, out = new Set<Period>()): Set<Period> {
  if (node.acceptValueData) out.add(node.updateInterval);
  node.children.forEach((child) => writablePeriods(child, out));
  return out;
}

/** One tab per update interval that has writable KPIs. */
export function PeriodTabs({ docId, current }: { docId: number; current: Period }) {
  const { data: tree } = useSuspenseQuery(readQuery("tree", { docId }));
  const writable = writablePeriods(tree.root);
  const t = useTranslations();
  return (
    <nav aria-label={t("values.interval")} className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800">
      {PERIODS.filter((p) => writable.has(p)).map((period) => (
        <PageLink
          key={period}
          href={`/s/${docId}/values?${new URLSearchParams({ period, ...defaultRange(period) })}`}
          aria-current={period === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm ${period === current ? "border-blue-600 font-medium text-blue-800 dark:text-blue-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"}`}
        >
          {t(`periods.${period}`)}
        </PageLink>
      ))}
    </nav>
  );
}
