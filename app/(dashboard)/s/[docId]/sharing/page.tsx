import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { SharingManager } from "@/components/sharing/sharing-manager";
import { NoticePanel } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { scorecardOfPage } from "@/lib/bff/scorecard-access";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("sharing"))("metaTitle") };
}

async function SharingPage({ params }: { params: Promise<{ docId: string }> }) {
  const [{ docId, access, canShare }, t] = [await scorecardOfPage(params), await getTranslations("sharing")];
  if (access && !canShare) {
    return (
      <NoticePanel tone="plain" title={t("onlyOwner")} heading="h1">
        {t("askThem")}
      </NoticePanel>
    );
  }
  return (
    <Prefetch
      queries={[
        ["tree", { docId }],
        ["sharing", { docId }],
        ["users", {}],
      ]}
    >
      <div className="flex flex-col gap-4">
        <ScorecardTitle docId={docId} subtitle={t("metaTitle")} />
        <Suspense fallback={<Skeleton className="h-64" />}>
          <SharingManager docId={docId} />
        </Suspense>
      </div>
    </Prefetch>
  );
}

export default withPageMessages(["roles", "scorecard", "scorecards", "sharing"], SharingPage);
