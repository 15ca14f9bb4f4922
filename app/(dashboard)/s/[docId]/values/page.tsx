import type { Metadata } from "next";
import { Suspense } from "react";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Skeleton } from "@/components/ui/skeleton";
import { PeriodTabs } from "@/components/values/period-tabs";
import { ValuesGrid } from "@/components/values/values-grid";
import { Prefetch } from "@/lib/bff/prefetch";
import { filtersFrom, groupedInput } from "@/lib/filters";
import { docIdParam, type SearchParams } from "@/lib/page-params";
import { scorecardAccess } from "@/lib/bff/scorecard-access";
import { NoticePanel } from "@/components/ui/notice";

export const metadata: Metadata = { title: "Enter values" };

export default async function ValuesPage({ params, searchParams }: { params: Promise<{ docId: string }>; searchParams: SearchParams }) {
  const docId = await docIdParam(params);
  const filters = filtersFrom(await searchParams);
  const { access } = await scorecardAccess(docId);
  if (access === "read") {
    return (
      <NoticePanel tone="plain" title="This scorecard is read-only for you" heading="h1">
        Its owner or an admin can give you write access.
      </NoticePanel>
    );
  }
  return (
    <Prefetch queries={[["tree", { docId }], ["grouped", groupedInput(docId, filters)]]}>
      <div className="flex flex-col gap-4">
        <ScorecardTitle docId={docId} subtitle="Enter values" />
        <PeriodTabs docId={docId} current={filters.period} />
        <Suspense key={`${filters.period}-${filters.from}-${filters.to}`} fallback={<Skeleton className="h-96" />}>
          <ValuesGrid docId={docId} filters={filters} />
        </Suspense>
      </div>
    </Prefetch>
  );
}
