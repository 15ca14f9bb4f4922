import type { Metadata } from "next";
import { Suspense } from "react";
import { ActivityLog } from "@/components/history/activity-log";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";
import { getTranslations } from "next-intl/server";
import { withPageMessages } from "@/lib/i18n/page-messages";
import { PageHeading } from "@/components/ui/page-heading";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("activity"))("metaTitle") };
}

async function ActivityLogPage() {
  await requireSessionClient();
  const [me, t] = [await sessionBudget(), await getTranslations("activity")];
  if (me.role !== "admin") {
    return <RoleRefusal title={t("onlyAdmins")}>{t("ownPage")}</RoleRefusal>;
  }
  return (
    <Prefetch queries={[["users", {}]]}>
      <div className="flex flex-col gap-4">
        <PageHeading title={t("metaTitle")}>{t("lead")}</PageHeading>
        <Suspense fallback={<Skeleton className="h-96" />}>
          <ActivityLog />
        </Suspense>
      </div>
    </Prefetch>
  );
}

export default withPageMessages(["activity"], ActivityLogPage);
