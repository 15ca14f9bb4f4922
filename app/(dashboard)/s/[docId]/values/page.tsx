import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Skeleton } from "@/components/ui/skeleton";
import { PeriodTabs } from "@/components/values/period-tabs";
import { ValuesGrid } from "@/components/values/values-grid";
import { DocId } from "@/lib/contract/common";
import { Period, type KpiNode } from "@/lib/contract/kpis";
import { filtersFrom } from "@/lib/filters";
import { getServerQueryClient, serverSource } from "@/lib/kpi-client/server-source";
import { groupedQuery, treeQuery } from "@/lib/queries";
import { prefetchOrExplain } from "@/lib/kpi-client/prefetch";
import { CallLimitMessage } from "@/components/layout/call-limit-message";

export const metadata: Metadata = { title: "Enter values" };

type Props = { params: Promise<{ docId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

function writablePeriods(node: KpiNode, out = new Set<Period>()): Set<Period> {
  if (node.acceptValueData) out.add(node.updateInterval);
  node.children.forEach((child) => writablePeriods(child, out));
  return out;
}

export default async function ValuesPage({ params, searchParams }: Props) {
  const docId = DocId.safeParse((await params).docId);
  if (!docId.success) notFound();
  const filters = filtersFrom(await searchParams);
  const source = await serverSource();
  const queryClient = getServerQueryClient();
  const limited = await prefetchOrExplain(queryClient, [treeQuery(docId.data, source), groupedQuery(docId.data, filters, source)]);
  if (limited) return <CallLimitMessage retryAfterSeconds={limited.retryAfterSeconds} />;
  const tree = await queryClient.fetchQuery(treeQuery(docId.data, source));
  const periods = Period.options.filter((p) => writablePeriods(tree.root).has(p));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="flex flex-col gap-4">
        <ScorecardTitle docId={docId.data} subtitle="Enter values" />
        <PeriodTabs docId={docId.data} periods={periods} current={filters.period} />
        <Suspense key={`${filters.period}-${filters.from}-${filters.to}`} fallback={<Skeleton className="h-96" />}>
          <ValuesGrid docId={docId.data} filters={filters} />
        </Suspense>
      </div>
    </HydrationBoundary>
  );
}
