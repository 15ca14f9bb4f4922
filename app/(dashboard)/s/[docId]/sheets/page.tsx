import type { Metadata } from "next";
import { Suspense } from "react";
import { SheetLinks } from "@/components/feeds/sheet-links";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Skeleton } from "@/components/ui/skeleton";
import { dashboardUrl, loadConfig } from "@/lib/config";
import { Prefetch } from "@/lib/bff/prefetch";
import { scorecardAccess } from "@/lib/bff/scorecard-access";
import { requireSessionClient } from "@/lib/bff/session-client";
import { docIdParam } from "@/lib/page-params";

export const metadata: Metadata = { title: "Excel and Google Sheets" };

export default async function SheetsPage({ params }: { params: Promise<{ docId: string }> }) {
  const docId = await docIdParam(params);
  const { email } = await requireSessionClient();
  const { access, viewer } = await scorecardAccess(docId);
  if (access && viewer) return <RoleRefusal title="Admins and experts make spreadsheet links">Ask an admin or an expert of your account for a link to this scorecard.</RoleRefusal>;
  return (
    <Prefetch queries={[["tree", { docId }], ["feeds", {}]]}>
      <div className="flex flex-col gap-4">
        <ScorecardTitle docId={docId} subtitle="Use in Excel, Google Sheets or Power BI" />
        <Suspense fallback={<Skeleton className="h-64" />}>
          <SheetLinks docId={docId} odataUrl={`${dashboardUrl(loadConfig())}/odata`} email={email} />
        </Suspense>
      </div>
    </Prefetch>
  );
}
