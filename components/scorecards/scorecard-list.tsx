"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { inputClass } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { readQuery } from "@/lib/bff/queries";
import { formatDate, periodLabel } from "@/lib/format";
import { StatusBadge } from "@/components/kpi/status-badge";
import { DeletedScorecards } from "./deleted-scorecards";
import { NewScorecard } from "./lazy-new-scorecard";


export function ScorecardList({ canCreate = false }: { canCreate?: boolean }) {
  const { data } = useSuspenseQuery(readQuery("scorecards", {}));
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const q = params.get("q") ?? "";
  const needle = q.trim().toLowerCase();
  const all = [...data.documents, ...data.sharedToUser];
  const shown = all.filter((d) => `${d.name} ${d.description}`.toLowerCase().includes(needle));

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
          Scorecards
        </h1>
        {canCreate && <NewScorecard />}
        <div className="w-full sm:w-72">
          <label htmlFor="scorecard-search" className="sr-only">
            Search scorecards
          </label>
          <input id="scorecard-search" type="search" placeholder="Search scorecards" defaultValue={q} onChange={(e) => search(e.target.value)} className={inputClass} />
        </div>
      </div>
      {canCreate && <DeletedScorecards />}
      {shown.length === 0 ? (
        <Notice tone="empty">{all.length ? `No scorecard matches “${q}”.` : canCreate ? "No scorecards yet: create the first one with New scorecard." : "No scorecards yet: none of yours, and none shared with you."}</Notice>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((card) => (
            <li key={card.id}>
              <Link
                href={`/s/${card.id}`}
                className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-400 hover:shadow focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-500"
              >
                <span className="flex items-start justify-between gap-2">
                  <span className="text-base font-semibold">{card.name}</span>
                  {card.health && card.health.status !== "NONE" && (
                    <StatusBadge status={card.health.status} score={card.health.score} why={`${periodLabel(card.health.month, "MONTH")}: the whole scorecard's score`} />
                  )}
                </span>
                <span className="text-sm text-slate-600 dark:text-slate-400">{card.description || "No description"}</span>
                <span className="mt-auto flex justify-between pt-2 text-xs text-slate-500 dark:text-slate-400">
                  <span>
                    {card.kpiCount} KPIs · {data.documents.includes(card) ? "Yours" : card.access === "write" ? "Shared, can edit" : "Shared, read only"}
                  </span>
                  <span>Updated {formatDate(card.updatedAt)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ScorecardListSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading scorecards">
      <Skeleton className="h-8 w-48" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
    </div>
  );
}
