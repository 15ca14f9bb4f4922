"use client";

import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { PageLink } from "@/components/ui/page-link";
import { PERIODS } from "@/lib/contract/constants";
import { defaultRange, type ChartFilters } from "@/lib/filters";
import { Button } from "@/components/ui/button";
import { DateInput } from "@/components/ui/date-input";
import { Labelled } from "@/components/ui/field";

const secondaryLink =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";

/** Period and date range, kept in the URL so a view can be bookmarked and shared. */
export function ScorecardFilters({
  filters,
  valuesHref,
  alertsHref,
  shareHref,
  editHref,
  mapHref,
  packHref,
  activityHref,
  sheetsHref,
}: {
  filters: ChartFilters;
  valuesHref?: string;
  alertsHref?: string;
  shareHref?: string;
  editHref?: string;
  mapHref?: string;
  packHref?: string;
  activityHref?: string;
  sheetsHref?: string;
}) {
  const t = useTranslations("filters");
  const periods = useTranslations("periods");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();

  function go(next: Partial<Omit<ChartFilters, "problem">>) {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) search.set(key, value);
    startTransition(() => router.push(`${pathname}?${search}`, { scroll: false }));
  }

  const [rangeError, setRangeError] = useState<string | null>(null);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const [from, to] = [String(data.get("from")), String(data.get("to"))];
    if (!from || !to) return setRangeError(t("bothDates"));
    if (from > to) return setRangeError(t("reversedPick"));
    setRangeError(null);
    go({ from, to });
  }

  return (
    <div className="flex flex-wrap items-end gap-4" aria-busy={pending}>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">{t("period")}</legend>
        {/* Three by two on a phone, one row from sm up: never one period alone on a second line. */}
        <div className="grid grid-cols-3 gap-1 rounded-md border border-slate-300 bg-white p-0.5 sm:flex dark:border-slate-700 dark:bg-slate-900">
          {PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={filters.period === period}
              onClick={() => go({ period, ...defaultRange(period) })}
              className={`whitespace-nowrap rounded px-2.5 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 ${
                filters.period === period
                  ? "bg-blue-700 font-medium text-white dark:bg-blue-600"
                  : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
              }`}
            >
              {periods(period)}
            </button>
          ))}
        </div>
      </fieldset>
      <form onSubmit={apply} className="flex flex-wrap items-end gap-2" key={`${filters.from}-${filters.to}`}>
        <Labelled id="from" label={t("from")}>
          <DateInput id="from" name="from" defaultValue={filters.from} required />
        </Labelled>
        <Labelled id="to" label={t("to")}>
          <DateInput id="to" name="to" defaultValue={filters.to} required />
        </Labelled>
        <Button type="submit" variant="secondary">
          {t("apply")}
        </Button>
      </form>
      {(rangeError ?? filters.problem) && (
        <p role="alert" className="order-last basis-full text-sm text-red-700 dark:text-red-300">
          {rangeError ??
            (filters.problem?.key === "reversed"
              ? t("reversed", filters.problem)
              : filters.problem
                ? t("notDate", { value: filters.problem.value, field: t(filters.problem.field) })
                : null)}
        </p>
      )}
      <div className="ml-auto flex flex-wrap gap-2">
        {mapHref && (
          <PageLink href={mapHref} className={secondaryLink}>
            {t("links.map")}
          </PageLink>
        )}
        {packHref && (
          <PageLink href={packHref} className={secondaryLink}>
            {t("links.pack")}
          </PageLink>
        )}
        {activityHref && (
          <PageLink href={activityHref} className={secondaryLink}>
            {t("links.activity")}
          </PageLink>
        )}
        {sheetsHref && (
          <PageLink href={sheetsHref} className={secondaryLink}>
            {t("links.sheets")}
          </PageLink>
        )}
        {editHref && (
          <PageLink href={editHref} className={secondaryLink}>
            {t("links.edit")}
          </PageLink>
        )}
        {shareHref && (
          <PageLink href={shareHref} className={secondaryLink}>
            {t("links.share")}
          </PageLink>
        )}
        {alertsHref && (
          <PageLink href={alertsHref} className={secondaryLink}>
            {t("links.alerts")}
          </PageLink>
        )}
        {valuesHref && (
          <PageLink
            href={valuesHref}
            className="rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-blue-600"
          >
            {t("links.values")}
          </PageLink>
        )}
      </div>
    </div>
  );
}
