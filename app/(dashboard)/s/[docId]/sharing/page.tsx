import type { Metadata } from "next";
import { Suspense } from "react";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { SharingManager } from "@/components/sharing/sharing-manager";
import { NoticePanel } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { scorecardAccess } from "@/lib/bff/scorecard-access";
import { docIdParam } from "@/lib/page-params";

export const metadata: Metadata = { title: "Share" };

export default async function SharingPage({ params }: { params: Promise<{ docId: string }> }) {
  const docId = await docIdParam(params);
  const { access, canShare } = await scorecardAccess(docId);
  if (access && !canShare) {
    return <NoticePanel tone="plain" title="Only the owner or an admin shares this scorecard" heading="h1">Ask them to change who may read or edit it.</NoticePanel>;
  }
  return (
    <Prefetch queries={[["tree", { docId }], ["sharing", { docId }], ["users", {}]]}>
      <div className="flex flex-col gap-4">
        <ScorecardTitle docId={docId} subtitle="Share" />
        <Suspense fallback={<Skeleton className="h-64" />}>
          <SharingManager docId={docId} />
        </Suspense>
      </div>
    </Prefetch>
  );
}
