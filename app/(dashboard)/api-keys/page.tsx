import type { Metadata } from "next";
import { Suspense } from "react";
import { ApiKeyManager } from "@/components/people/api-key-manager";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  await requireSessionClient();
  const me = await sessionBudget();
  return (
    <Prefetch queries={[["apiKeys", {}]]}>
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">API keys</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {me.role === "admin" ? "Every key of the account, whoever made it." : "Your keys."} Calls made with them share the account&apos;s hourly budget.
          </p>
        </div>
        <Suspense fallback={<Skeleton className="h-64" />}>
          <ApiKeyManager role={me.role} />
        </Suspense>
      </div>
    </Prefetch>
  );
}
