import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ScorecardFilters } from "@/components/kpi/scorecard-filters";
import { ScorecardView, ScorecardViewSkeleton } from "@/components/kpi/scorecard-view";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { DocId } from "@/lib/contract/common";
import { filtersFrom } from "@/lib/filters";
import { getServerQueryClient, serverSource } from "@/lib/kpi-client/server-source";
import { groupedQuery, treeQuery } from "@/lib/queries";
import { prefetchOrExplain } from "@/lib/kpi-client/prefetch";
import { CallLimitMessage } from "@/components/layout/call-limit-message";

type Props = { params: Promise<{ docId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ScorecardPage({ params, searchParams }: Props) {
  const docId = DocId.safeParse((await params).docId);
  if (!docId.success) notFound();
  const filters = filtersFrom(await searchParams);
  const source = await serverSource();
  const queryClient = getServerQueryClient();
  const limited = await prefetchOrExplain(queryClient, [treeQuery(docId.data, source), groupedQuery(docId.data, filters, source)]);
  if (limited) return <CallLimitMessage retryAfterSeconds={limited.retryAfterSeconds} />;
  const search = new URLSearchParams({ period: filters.period, from: filters.from, to: filters.to });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="flex flex-col gap-6">
        <ScorecardTitle docId={docId.data} />
        <ScorecardFilters filters={filters} valuesHref={`/s/${docId.data}/values?${search}`} alertsHref={`/s/${docId.data}/alerts`} />
        <Suspense key={`${filters.period}-${filters.from}-${filters.to}`} fallback={<ScorecardViewSkeleton />}>
          <ScorecardView docId={docId.data} filters={filters} />
        </Suspense>
      </div>
    </HydrationBoundary>
  );
}
