import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { AlertManager } from "@/components/alerts/alert-manager";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Skeleton } from "@/components/ui/skeleton";
import { DocId } from "@/lib/contract/common";
import { getServerQueryClient, serverSource } from "@/lib/kpi-client/server-source";
import { alertsQuery, treeQuery, webhooksQuery } from "@/lib/queries";
import { prefetchOrExplain } from "@/lib/kpi-client/prefetch";
import { CallLimitMessage } from "@/components/layout/call-limit-message";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage({ params }: { params: Promise<{ docId: string }> }) {
  const docId = DocId.safeParse((await params).docId);
  if (!docId.success) notFound();
  const source = await serverSource();
  const queryClient = getServerQueryClient();
  const limited = await prefetchOrExplain(queryClient, [treeQuery(docId.data, source), alertsQuery(docId.data, source), webhooksQuery(source)]);
  if (limited) return <CallLimitMessage retryAfterSeconds={limited.retryAfterSeconds} />;
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="flex flex-col gap-4">
        <ScorecardTitle docId={docId.data} subtitle="Alerts" />
        <Suspense fallback={<Skeleton className="h-64" />}>
          <AlertManager docId={docId.data} />
        </Suspense>
      </div>
    </HydrationBoundary>
  );
}
