"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { inputClass } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { PageLink } from "@/components/ui/page-link";
import { Skeleton } from "@/components/ui/skeleton";
import { readQuery } from "@/lib/bff/queries";
import { useFormats } from "@/lib/i18n/use-formats";
import { StatusBadge } from "@/components/kpi/status-badge";
import { DeletedScorecards } from "./deleted-scorecards";
import { NewScorecard } from "./lazy-new-scorecard";
import { useLocalized } from "@/lib/i18n/use-localized";

export function ScorecardList({ canCreate = false }: { canCreate?: boolean }) {
  const t = useTranslations("scorecards");
  const f = useFormats();
  const localize = useLocalized();
  const { data } = useSuspenseQuery(readQuery("scorecards", {}));
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const q = params.get("q") ?? "";
  const needle = q.trim().toLowerCase();
  const all = [...data.documents, ...data.sharedToUser].map((d) => ({ ...d, ...localize(d), original: d }));
  const shown = all.filter((d) => `${d.name} ${d.description} ${d.original.name}`.toLowerCase().includes(needle));

  function search(value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set("q", value);
    else next.delete("q");
    router.replace(`${pathname}${next.size ? `?${next}` : ""}`, { scroll: false });
  }

  return (
    <section aria-labelledby="scorecards-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="scorecards-heading" className="text-2xl font-semibold tracking-tight">
          {t("title")}
        </h1>
        {canCreate && <NewScorecard />}
        <div className="w-full sm:w-72">
          <label htmlFor="scorecard-search" className="sr-only">
            {t("search")}
          </label>
          <input
            id="scorecard-search"
            type="search"
            placeholder={t("search")}
            defaultValue={q}
            onChange={(e) => search(e.target.value)}
            className={inputClass}
          />
        </div>
      </div>
      {canCreate && <DeletedScorecards />}
      {shown.length === 0 ? (
        <Notice tone="empty">{all.length ? t("noMatch", { q }) : canCreate ? t("noneCreate") : t("noneShared")}</Notice>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((card) => (
            <li key={card.id}>
              <PageLink
                href={`/s/${card.id}`}
                className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-400 hover:shadow focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-500"
              >
                <span className="flex items-start justify-between gap-2">
                  <span className="text-base font-semibold">{card.name}</span>
                  {card.health && card.health.status !== "NONE" && (
                    <StatusBadge status={card.health.status} score={card.health.score} why={t("healthWhy", { month: f.period(card.health.month, "MONTH") })} />
                  )}
                </span>
                <span className="text-sm text-slate-600 dark:text-slate-400">{card.description || t("noDescription")}</span>
                <span className="mt-auto flex justify-between pt-2 text-xs text-slate-500 dark:text-slate-400">
                  <span>
                    {t("kpiCount", { count: card.kpiCount })} ·{" "}
                    {data.documents.includes(card.original) ? t("yours") : card.access === "write" ? t("sharedWrite") : t("sharedRead")}
                  </span>
                  <span>{t("updated", { date: f.date(card.updatedAt) })}</span>
                </span>
              </PageLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ScorecardListSkeleton() {
  const t = useTranslations("scorecards");
  return (
    <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label={t("loading")}>
      <Skeleton className="h-8 w-48" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
    </div>
  );
}
