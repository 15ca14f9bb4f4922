"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { scorecardsQuery } from "@/lib/queries";

/** The scorecard's name from the (shared, cached) scorecard list: no extra API call. */
export function ScorecardTitle({ docId, subtitle }: { docId: number; subtitle?: string }) {
  const { data } = useSuspenseQuery(scorecardsQuery());
  const card = data.documents.find((d) => d.id === docId);
  return (
    <div>
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
        <Link href="/" className="hover:underline">Scorecards</Link>
        {subtitle && (
          <>
            {" / "}
            <Link href={`/s/${docId}`} className="hover:underline">{card?.name ?? `Scorecard ${docId}`}</Link>
          </>
        )}
      </nav>
      <h1 className="text-2xl font-semibold tracking-tight">{subtitle ?? card?.name ?? `Scorecard ${docId}`}</h1>
      {!subtitle && card?.description && <p className="text-sm text-slate-600 dark:text-slate-400">{card.description}</p>}
    </div>
  );
}
