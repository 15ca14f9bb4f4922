import type { Metadata } from "next";
import { Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { ReminderSettings } from "@/components/webhooks/reminder-settings";
import { WebhookManager } from "@/components/webhooks/webhook-manager";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  await requireSessionClient();
  if ((await sessionBudget()).role !== "admin") {
    return <RoleRefusal title="Only admins manage webhooks">Webhooks send alerts to other systems and chat channels. Ask an admin of your account to add or change one.</RoleRefusal>;
  }
  return (
    <Prefetch queries={[["webhooks", {}], ["notificationSettings", {}]]}>
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Webhooks</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Alerts post to these URLs as signed JSON (Standard Webhooks) or as Slack, Teams or Google Chat messages; failed deliveries are retried for about a day.
          </p>
        </div>
        <Suspense fallback={<Skeleton className="h-64" />}>
          <WebhookManager />
        </Suspense>
        <Suspense fallback={<Skeleton className="h-32" />}>
          <ReminderSettings />
        </Suspense>
      </div>
    </Prefetch>
  );
}
