import type { Metadata } from "next";
import { Suspense } from "react";
import { ConnectorForm } from "@/components/connectors/connector-form";
import { ConnectorList } from "@/components/connectors/connector-list";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch, serverRead } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";
import { getTranslations } from "next-intl/server";
import { withPageMessages } from "@/lib/i18n/page-messages";
import { PageHeading } from "@/components/ui/page-heading";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("connectors.page"))("metaTitle") };
}

async function ConnectorsPage() {
  await requireSessionClient();
  const t = await getTranslations("connectors.page");
  if ((await sessionBudget()).role === "viewer") {
    return <RoleRefusal title={t("viewerTitle")}>{t("viewerText")}</RoleRefusal>;
  }
  const list = await serverRead("scorecards", {});
  const writable = [...list.documents, ...list.sharedToUser].filter((s) => s.access === "write").map((s) => ({ id: s.id, name: s.name }));
  return (
    <Prefetch queries={[["connectors", {}]]}>
      <div className="flex flex-col gap-4">
        <PageHeading title={t("metaTitle")}>{t("lead")}</PageHeading>
        {writable.length === 0 ? <Notice tone="empty">{t("noWritable")}</Notice> : <ConnectorForm scorecards={writable} />}
        <Suspense fallback={<Skeleton className="h-64" />}>
          <ConnectorList scorecards={writable} />
        </Suspense>
      </div>
    </Prefetch>
  );
}

export default withPageMessages(["connectors", "shownOnce"], ConnectorsPage);
