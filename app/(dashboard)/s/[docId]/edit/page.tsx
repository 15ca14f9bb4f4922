import type { Metadata } from "next";
import { Suspense } from "react";
import { KpiEditor } from "@/components/editor/kpi-editor";
import { ScorecardSettings } from "@/components/editor/scorecard-settings";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Card } from "@/components/ui/card";
import { NoticePanel } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { scorecardOfPage } from "@/lib/bff/scorecard-access";
import { sessionBudget } from "@/lib/bff/session-client";
import { PeriodLock } from "@/components/history/period-lock";
import { getTranslations } from "next-intl/server";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("editor.page"))("metaTitle") };
}

/** The last complete month: the formula preview computes for it. */
function lastMonth(now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

async function EditScorecardPage({ params }: { params: Promise<{ docId: string }> }) {
  const [{ docId, access, canShare }, t] = [await scorecardOfPage(params), await getTranslations("editor.page")];
  if (access === "read") {
    return (
      <NoticePanel tone="plain" title={t("readOnly")} heading="h1">
        {t("askWrite")}
      </NoticePanel>
    );
  }
  const month = lastMonth();
  // access/info is not counted: whether the user may lock periods costs nothing.
  const admin = (await sessionBudget()).role === "admin";
  return (
    <Prefetch
      queries={[
        ["tree", { docId }],
        ["scorecard", { docId }],
        ["grouped", { docId, period: "MONTH", startDate: month.start, endDate: month.end }],
      ]}
    >
      <div className="flex flex-col gap-6">
        <ScorecardTitle docId={docId} subtitle={t("subtitle")} />
        <Card id="settings" title={t("scorecard")}>
          <Suspense fallback={<Skeleton className="h-32" />}>
            <ScorecardSettings docId={docId} canDelete={canShare} />
          </Suspense>
        </Card>
        {admin && (
          <Card id="locks" title={t("locks")}>
            <Suspense fallback={<Skeleton className="h-20" />}>
              <PeriodLock docId={docId} />
            </Suspense>
          </Card>
        )}
        <section aria-labelledby="kpis-heading" className="flex flex-col gap-3">
          <h2 id="kpis-heading" className="text-lg font-semibold">
            {t("kpis")}
          </h2>
          <Suspense fallback={<Skeleton className="h-96" />}>
            <KpiEditor docId={docId} lastMonth={month} />
          </Suspense>
        </section>
      </div>
    </Prefetch>
  );
}

export default withPageMessages(
  [
    "editor.formula",
    "editor.initiatives",
    "editor.kpi",
    "editor.settings",
    "editor.translations",
    "editor.tree",
    "history.lock",
    "initiatives",
    "periods",
    "scorecard",
    "scorecards",
  ],
  EditScorecardPage,
);
