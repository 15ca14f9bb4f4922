import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { ReminderSettings } from "@/components/webhooks/reminder-settings";
import { WebhookManager } from "@/components/webhooks/webhook-manager";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";
import { withPageMessages } from "@/lib/i18n/page-messages";
import { PageHeading } from "@/components/ui/page-heading";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("webhooks"))("metaTitle") };
}

async function WebhooksPage() {
  await requireSessionClient();
  const t = await getTranslations("webhooks");
  if ((await sessionBudget()).role !== "admin") {
    return <RoleRefusal title={t("onlyAdmins")}>{t("onlyAdminsText")}</RoleRefusal>;
  }
  return (
    <Prefetch
      queries={[
        ["webhooks", {}],
        ["notificationSettings", {}],
      ]}
    >
      <div className="flex flex-col gap-4">
        <PageHeading title={t("metaTitle")}>{t("lead")}</PageHeading>
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

export default withPageMessages(["reminders", "shownOnce", "webhooks"], WebhooksPage);
