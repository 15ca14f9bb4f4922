import type { Metadata } from "next";
import { Suspense } from "react";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { RequireTwoFactor } from "@/components/security/require-two-factor";
import { ScimTokens } from "@/components/security/scim-tokens";
import { SsoForm } from "@/components/security/sso-form";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";

export const metadata: Metadata = { title: "Sign-in security" };

export default async function SecurityPage() {
  await requireSessionClient();
  const me = await sessionBudget();
  if (me.role !== "admin") return <RoleRefusal title="Only admins change how people sign in">Ask an admin of your account.</RoleRefusal>;
  return (
    <Prefetch queries={[["sso", {}], ["security", {}], ["scimTokens", {}]]}>
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Sign-in security</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">Single sign-on, provisioning from your identity provider, and two-factor codes. Every change is in the activity log.</p>
        </div>
        <Suspense fallback={<Skeleton className="h-96" />}>
          <SsoForm />
        </Suspense>
        <Suspense fallback={<Skeleton className="h-24" />}>
          <RequireTwoFactor />
        </Suspense>
        <Suspense fallback={<Skeleton className="h-48" />}>
          <ScimTokens />
        </Suspense>
      </div>
    </Prefetch>
  );
}
