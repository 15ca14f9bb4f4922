import type { Metadata } from "next";
import { Suspense } from "react";
import { ScorecardList, ScorecardListSkeleton } from "@/components/scorecards/scorecard-list";
import { Prefetch } from "@/lib/bff/prefetch";

export const metadata: Metadata = { title: "Scorecards" };

export default function ScorecardsPage() {
  return (
    <Prefetch queries={[["scorecards", {}]]}>
      <Suspense fallback={<ScorecardListSkeleton />}>
        <ScorecardList />
      </Suspense>
    </Prefetch>
  );
}
