import type { Metadata } from "next";
import { Suspense } from "react";
import { StrategyMapView } from "@/components/map/strategy-map";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { scorecardOfPage } from "@/lib/bff/scorecard-access";
import { getTranslations } from "next-intl/server";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("pages.titles"))("map") };
}

async function StrategyMapPage({ params }: { params: Promise<{ docId: string }> }) {
  const [{ docId, access }, t] = [await scorecardOfPage(params), await getTranslations("pages.titles")];
  return (
    <Prefetch
      queries={[
        ["tree", { docId }],
        ["maps", { docId }],
      ]}
    >
      <div className="flex flex-col gap-4">
        <ScorecardTitle docId={docId} subtitle={t("map")} />
        <Suspense fallback={<Skeleton className="h-[600px]" />}>
          <StrategyMapView docId={docId} canEdit={access === "write"} />
        </Suspense>
      </div>
    </Prefetch>
  );
}

export default withPageMessages(["initiatives.status", "map", "scorecard", "scorecards"], StrategyMapPage);
