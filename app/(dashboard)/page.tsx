import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { ScorecardList, ScorecardListSkeleton } from "@/components/scorecards/scorecard-list";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scorecards"))("title") };
}

async function ScorecardsPage() {
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

export default withPageMessages(["scorecards"], ScorecardsPage);
