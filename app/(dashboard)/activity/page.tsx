import type { Metadata } from "next";
import { Suspense } from "react";
import { ActivityLog } from "@/components/history/activity-log";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";

export const metadata: Metadata = { title: "Activity log" };

export default async function ActivityLogPage() {
  await requireSessionClient();
  const me = await sessionBudget();
  if (me.role !== "admin") {
    return <RoleRefusal title="Only admins read the activity log">Each scorecard&apos;s own changes are on its Activity page.</RoleRefusal>;
  }
  return (
    <Prefetch queries={[["users", {}]]}>
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Activity log</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Who signed in, and who changed people, keys, sharing, webhooks, alerts, scorecards and settings, or exported them. Nothing here can be edited or
            deleted. Changes to values are on each scorecard&apos;s Activity page.
          </p>
        </div>
        <Suspense fallback={<Skeleton className="h-96" />}>
          <ActivityLog />
        </Suspense>
      </div>
    </Prefetch>
  );
}
