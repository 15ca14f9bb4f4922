import type { Metadata } from "next";
import { Suspense } from "react";
import { PasswordForm } from "@/components/people/password-form";
import { TwoFactorCard } from "@/components/security/two-factor-card";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  await requireSessionClient();
  const me = await sessionBudget();
  return (
    <Prefetch queries={[["twoFactor", {}]]}>
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Your account</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {me.email}, {me.role}. {me.role === "viewer" ? "You read the scorecards shared with you." : "Your API keys are on the API keys page."}
          </p>
        </div>
        <Suspense fallback={<Skeleton className="h-32" />}>
          <TwoFactorCard />
        </Suspense>
        {!me.twoFactorSetupNeeded && <PasswordForm />}
      </div>
    </Prefetch>
  );
}
