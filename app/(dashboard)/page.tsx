import type { Metadata } from "next";
import { Suspense } from "react";
import { ScorecardList, ScorecardListSkeleton } from "@/components/scorecards/scorecard-list";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";

export const metadata: Metadata = { title: "Scorecards" };

export default async function ScorecardsPage() {
  await requireSessionClient();
  // access/info is not counted: who may create scorecards costs nothing.
  const me = await sessionBudget();
  return (
    <Prefetch queries={[["scorecards", {}]]}>
      <Suspense fallback={<ScorecardListSkeleton />}>
        <ScorecardList canCreate={me.role !== "viewer"} />
      </Suspense>
    </Prefetch>
  );
}
