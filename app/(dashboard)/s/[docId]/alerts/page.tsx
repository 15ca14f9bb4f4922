import type { Metadata } from "next";
import { Suspense } from "react";
import { AlertManager } from "@/components/alerts/alert-manager";
import { ScorecardTitle } from "@/components/scorecards/scorecard-title";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { docIdParam } from "@/lib/page-params";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage({ params }: { params: Promise<{ docId: string }> }) {
  const docId = await docIdParam(params);
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
