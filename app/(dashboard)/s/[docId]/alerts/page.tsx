import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { AlertManager } from "@/components/alerts/alert-manager";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Skeleton } from "@/components/ui/skeleton";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";
import { docIdParam } from "@/lib/page-params";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("alerts"))("metaTitle") };
}

async function AlertsPage({ params }: { params: Promise<{ docId: string }> }) {
  const docId = await docIdParam(params);
  await requireSessionClient();
  const t = await getTranslations("alerts");
  if ((await sessionBudget()).role === "viewer") {
    return (
      <RoleRefusal title={t("viewerTitle")} backHref={`/s/${docId}`} backLabel={t("back")}>
        {t("viewerText")}
      </RoleRefusal>
    );
  }
  return (
    <Prefetch
      queries={[
        ["tree", { docId }],
        ["alerts", { docId }],
        ["webhooks", {}],
        ["users", {}],
        ["notificationSettings", {}],
      ]}
    >
      <div className="flex flex-col gap-4">
        <ScorecardTitle docId={docId} subtitle={t("metaTitle")} />
        <Suspense fallback={<Skeleton className="h-64" />}>
          <AlertManager docId={docId} />
        </Suspense>
      </div>
    </Prefetch>
  );
}

export default withPageMessages(["alerts", "scorecard", "scorecards"], AlertsPage);
