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

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage({ params }: { params: Promise<{ docId: string }> }) {
  const docId = DocId.safeParse((await params).docId);
  if (!docId.success) notFound();
  const source = await serverSource();
  const queryClient = getServerQueryClient();
  await Promise.all([
    queryClient.prefetchQuery(treeQuery(docId.data, source)),
    queryClient.prefetchQuery(alertsQuery(docId.data, source)),
    queryClient.prefetchQuery(webhooksQuery(source)),
  ]);
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
