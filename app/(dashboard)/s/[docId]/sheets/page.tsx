import type { Metadata } from "next";
import { Suspense } from "react";
import { SheetLinks } from "@/components/feeds/sheet-links";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { scorecardAccess } from "@/lib/bff/scorecard-access";
import { requireSessionClient } from "@/lib/bff/session-client";
import { docIdParam } from "@/lib/page-params";
import { requestOrigin } from "@/lib/request-origin";
import { getTranslations } from "next-intl/server";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("sheets"))("metaTitle") };
}

async function SheetsPage({ params }: { params: Promise<{ docId: string }> }) {
  const docId = await docIdParam(params);
  const { email } = await requireSessionClient();
  const [{ access, viewer }, t] = [await scorecardAccess(docId), await getTranslations("sheets")];
  if (access && viewer) return <RoleRefusal title={t("viewerTitle")}>{t("viewerText")}</RoleRefusal>;
  return (
    <Prefetch
      queries={[
        ["tree", { docId }],
        ["feeds", {}],
      ]}
    >
      <div className="flex flex-col gap-4">
        <ScorecardTitle docId={docId} subtitle={t("subtitle")} />
        <Suspense fallback={<Skeleton className="h-64" />}>
          <SheetLinks docId={docId} odataUrl={`${await requestOrigin()}/odata`} email={email} />
        </Suspense>
      </div>
    </Prefetch>
  );
}

export default withPageMessages(["scorecard", "scorecards", "sheets", "shownOnce"], SheetsPage);
