import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { PeopleManager } from "@/components/people/people-manager";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";

export const metadata: Metadata = { title: "People" };

export default async function PeoplePage() {
  await requireSessionClient();
  const me = await sessionBudget();
  if (me.role !== "admin") {
    return <RoleRefusal title="Only admins manage people">Ask an admin of your account to invite someone or change a role.</RoleRefusal>;
  }
  return (
    <Prefetch queries={[["users", {}], ["invitations", {}]]}>
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">People</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Each active admin and expert adds {me.limitPerUser} API calls an hour to the account&apos;s shared budget; viewers add none. How people sign in (single
            sign-on, provisioning, two-factor codes) is set on{" "}
            <Link href="/security" className="font-medium text-blue-700 hover:underline dark:text-blue-400">Sign-in security</Link>.
          </p>
        </div>
        <Suspense fallback={<Skeleton className="h-64" />}>
          <PeopleManager me={me.userId} />
        </Suspense>
      </div>
    </Prefetch>
  );
}
