import { useTranslations } from "next-intl";
import { PageLink } from "@/components/ui/page-link";
import type { ChartFilters } from "@/lib/filters";
import { GRID_FIELDS, type GridField } from "./grid-model";

/** Which figure the grid edits: the values, or a plan of targets, baselines, minimums or maximums. */
export function FieldTabs({ docId, filters, current }: { docId: number; filters: ChartFilters; current: GridField }) {
  const t = useTranslations("values.fields");
  return (
    <nav aria-label={t("nav")} className="flex flex-wrap items-center gap-1 text-sm">
      {GRID_FIELDS.map((field) => (
        <PageLink
          key={field}
          href={`/s/${docId}/values?${new URLSearchParams({ period: filters.period, from: filters.from, to: filters.to, ...(field === "value" ? {} : { field }) })}`}
          aria-current={field === current ? "page" : undefined}
          className={`rounded-md px-3 py-1.5 ${field === current ? "bg-blue-700 font-medium text-white dark:bg-blue-600" : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"}`}
        >
          {t(field)}
        </PageLink>
      ))}
    </nav>
  );
}
