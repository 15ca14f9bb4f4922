import type { Metadata } from "next";
import { Suspense } from "react";
import { AlertManager } from "@/components/alerts/alert-manager";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Skeleton } from "@/components/ui/skeleton";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";
import { docIdParam } from "@/lib/page-params";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage({ params }: { params: Promise<{ docId: string }> }) {
  const docId = await docIdParam(params);
  await requireSessionClient();
  if ((await sessionBudget()).role === "viewer") {
    return (
      <RoleRefusal title="Alerts are set up by experts and admins" backHref={`/s/${docId}`} backLabel="Back to the scorecard">
        An alert watches a KPI and tells people or a chat channel when it crosses a line. Ask an expert or an admin of your account to add you to one.
      </RoleRefusal>
    );
  }
  return (
    <Prefetch queries={[["tree", { docId }], ["alerts", { docId }], ["webhooks", {}], ["users", {}], ["notificationSettings", {}]]}>
      <div className="flex flex-col gap-4">
        <ScorecardTitle docId={docId} subtitle="Alerts" />
        <Suspense fallback={<Skeleton className="h-64" />}>
          <AlertManager docId={docId} />
        </Suspense>
      </div>
    </Prefetch>
  );
}
