import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { WebhookManager } from "@/components/webhooks/webhook-manager";
import { getServerQueryClient, serverSource } from "@/lib/kpi-client/server-source";
import { webhooksQuery } from "@/lib/queries";
import { prefetchOrExplain } from "@/lib/kpi-client/prefetch";
import { CallLimitMessage } from "@/components/layout/call-limit-message";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const queryClient = getServerQueryClient();
  const limited = await prefetchOrExplain(queryClient, [webhooksQuery(await serverSource())]);
  if (limited) return <CallLimitMessage retryAfterSeconds={limited.retryAfterSeconds} />;
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Webhooks</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Alerts post signed events (Standard Webhooks) to these URLs; failed deliveries are retried for about a day.
          </p>
        </div>
        <Suspense fallback={<Skeleton className="h-64" />}>
          <WebhookManager />
        </Suspense>
      </div>
    </HydrationBoundary>
  );
}
