import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { ScorecardList, ScorecardListSkeleton } from "@/components/scorecards/scorecard-list";
import { getServerQueryClient, serverSource } from "@/lib/kpi-client/server-source";
import { scorecardsQuery } from "@/lib/queries";

export const metadata: Metadata = { title: "Scorecards" };

export default async function ScorecardsPage() {
  const queryClient = getServerQueryClient();
  await queryClient.prefetchQuery(scorecardsQuery(await serverSource()));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Suspense fallback={<ScorecardListSkeleton />}>
        <ScorecardList />
      </Suspense>
    </HydrationBoundary>
  );
}
