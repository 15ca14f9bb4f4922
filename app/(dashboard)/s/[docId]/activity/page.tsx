import type { Metadata } from "next";
import { Suspense } from "react";
import { ActivityView } from "@/components/history/activity-view";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { scorecardOfPage } from "@/lib/bff/scorecard-access";
import { getTranslations } from "next-intl/server";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("pages.titles"))("activity") };
}

const CHANGES_PAGE = 50;

async function ActivityPage({ params }: { params: Promise<{ docId: string }> }) {
  const [{ docId, access }, t] = [await scorecardOfPage(params), await getTranslations("pages.titles")];
  return (
    <Prefetch
      queries={[
        ["tree", { docId }],
        ["changes", { docId, limit: CHANGES_PAGE }],
      ]}
    >
      <div className="flex flex-col gap-4">
        <ScorecardTitle docId={docId} subtitle={t("activity")} />
        <Suspense fallback={<Skeleton className="h-96" />}>
          <ActivityView docId={docId} pageSize={CHANGES_PAGE} canUndo={access === "write"} />
        </Suspense>
      </div>
    </Prefetch>
  );
}

export default withPageMessages(["history", "scorecard", "scorecards"], ActivityPage);
