import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { ScorecardFilters } from "@/components/kpi/scorecard-filters";
import { ScorecardView, ScorecardViewSkeleton } from "@/components/kpi/scorecard-view";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Prefetch } from "@/lib/bff/prefetch";
import { filtersFrom, groupedInput } from "@/lib/filters";
import { docIdParam, type SearchParams } from "@/lib/page-params";
import { scorecardAccess } from "@/lib/bff/scorecard-access";
import { withPageMessages } from "@/lib/i18n/page-messages";

// A title from the scorecard's name would cost a read of its own here (metadata does not share
// the page's request cache), and the account's calls are worth more than a tab's label.
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scorecard"))("metaTitle") };
}

async function ScorecardPage({ params, searchParams }: { params: Promise<{ docId: string }>; searchParams: SearchParams }) {
  const docId = await docIdParam(params);
  const filters = filtersFrom(await searchParams);
  const search = new URLSearchParams({ period: filters.period, from: filters.from, to: filters.to });
  const { access, canShare, viewer } = await scorecardAccess(docId);
  return (
    <Prefetch
      queries={[
        ["tree", { docId }],
        ["grouped", groupedInput(docId, filters)],
      ]}
    >
      <div className="flex flex-col gap-6">
        <ScorecardTitle docId={docId} />
        <ScorecardFilters
          filters={filters}
          valuesHref={access === "write" ? `/s/${docId}/values?${search}` : undefined}
          alertsHref={viewer ? undefined : `/s/${docId}/alerts`}
          shareHref={canShare ? `/s/${docId}/sharing` : undefined}
          editHref={access === "write" ? `/s/${docId}/edit` : undefined}
          mapHref={`/s/${docId}/map`}
          packHref={`/s/${docId}/pack?period=${filters.period}`}
          activityHref={`/s/${docId}/activity`}
          sheetsHref={viewer ? undefined : `/s/${docId}/sheets`}
        />
        <Suspense key={`${filters.period}-${filters.from}-${filters.to}`} fallback={<ScorecardViewSkeleton />}>
          <ScorecardView docId={docId} filters={filters} />
        </Suspense>
      </div>
    </Prefetch>
  );
}

export default withPageMessages(
  ["chart", "connectors.fedBy", "filters", "history", "initiatives", "kpi", "notes", "periods", "scorecard", "scorecards", "whatIf"],
  ScorecardPage,
);
