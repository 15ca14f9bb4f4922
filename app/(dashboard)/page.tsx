import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { ScorecardList, ScorecardListSkeleton } from "@/components/scorecards/scorecard-list";
import { getServerQueryClient, serverSource } from "@/lib/kpi-client/server-source";
import { scorecardsQuery } from "@/lib/queries";
import { prefetchOrExplain } from "@/lib/kpi-client/prefetch";
import { CallLimitMessage } from "@/components/layout/call-limit-message";

export const metadata: Metadata = { title: "Scorecards" };

export default async function ScorecardsPage() {
  const queryClient = getServerQueryClient();
  const limited = await prefetchOrExplain(queryClient, [scorecardsQuery(await serverSource())]);
  if (limited) return <CallLimitMessage retryAfterSeconds={limited.retryAfterSeconds} />;
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Suspense fallback={<ScorecardListSkeleton />}>
        <ScorecardList />
      </Suspense>
    </HydrationBoundary>
  );
}
