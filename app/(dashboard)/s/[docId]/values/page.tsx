import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Skeleton } from "@/components/ui/skeleton";
import { PeriodTabs } from "@/components/values/period-tabs";
import { ValuesGrid } from "@/components/values/values-grid";
import { FieldTabs } from "@/components/values/field-tabs";
import { GRID_FIELDS, type GridField } from "@/components/values/grid-model";
import { Prefetch, type Prefetchable } from "@/lib/bff/prefetch";
import { filtersFrom, groupedInput } from "@/lib/filters";
import { docIdParam, type SearchParams } from "@/lib/page-params";
import { scorecardAccess } from "@/lib/bff/scorecard-access";
import { NoticePanel } from "@/components/ui/notice";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("values"))("metaTitle") };
}

const plan = (docId: number, field: Exclude<GridField, "value">, to: string): Prefetchable => ["records", { docId, field, to }];

async function ValuesPage({ params, searchParams }: { params: Promise<{ docId: string }>; searchParams: SearchParams }) {
  const docId = await docIdParam(params);
  const search = await searchParams;
  const filters = filtersFrom(search);
  const field = GRID_FIELDS.find((f) => f === search.field) ?? "value";
  const [{ access }, t] = [await scorecardAccess(docId), await getTranslations("values")];
  if (access === "read") {
    return (
      <NoticePanel tone="plain" title={t("readOnlyTitle")} heading="h1">
        {t("readOnlyText")}
      </NoticePanel>
    );
  }
  return (
    <Prefetch queries={[["tree", { docId }], ["grouped", groupedInput(docId, filters)], ...(field === "value" ? [] : [plan(docId, field, filters.to)])]}>
      <div className="flex flex-col gap-4">
        <ScorecardTitle docId={docId} subtitle={t("metaTitle")} />
        <PeriodTabs docId={docId} current={filters.period} />
        <FieldTabs docId={docId} filters={filters} current={field} />
        <Suspense key={`${field}-${filters.period}-${filters.from}-${filters.to}`} fallback={<Skeleton className="h-96" />}>
          <ValuesGrid docId={docId} filters={filters} field={field} />
        </Suspense>
      </div>
    </Prefetch>
  );
}

export default withPageMessages(["history", "notes", "periods", "scorecard", "scorecards", "values"], ValuesPage);
