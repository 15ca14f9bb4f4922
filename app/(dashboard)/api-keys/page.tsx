import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { ApiKeyManager } from "@/components/people/api-key-manager";
import { AssistantConnect } from "@/components/people/assistant-connect";
import { CallPool } from "@/components/people/call-pool";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";
import { requestOrigin } from "@/lib/request-origin";
import { withPageMessages } from "@/lib/i18n/page-messages";
import { PageHeading } from "@/components/ui/page-heading";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("apiKeys"))("metaTitle") };
}

async function ApiKeysPage() {
  await requireSessionClient();
  const [me, t, origin] = [await sessionBudget(), await getTranslations("apiKeys"), await requestOrigin()];
  return (
    <Prefetch
      queries={[
        ["apiKeys", {}],
        ["callSpending", {}],
      ]}
    >
      <div className="flex flex-col gap-4">
        <PageHeading title={t("metaTitle")}>
          {me.role === "admin" ? t("every") : t("yours")} {t("share")}
        </PageHeading>
        <Suspense fallback={<Skeleton className="h-32" />}>
          <CallPool />
        </Suspense>
        <Suspense fallback={<Skeleton className="h-64" />}>
          <ApiKeyManager role={me.role} />
        </Suspense>
        <AssistantConnect origin={origin} />
      </div>
    </Prefetch>
  );
}

export default withPageMessages(["apiKeys", "roles", "shownOnce"], ApiKeysPage);
