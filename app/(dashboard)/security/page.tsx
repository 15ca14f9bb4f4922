import type { Metadata } from "next";
import { Suspense } from "react";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { RequireTwoFactor } from "@/components/security/require-two-factor";
import { ScimTokens } from "@/components/security/scim-tokens";
import { SsoForm } from "@/components/security/sso-form";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";
import { getTranslations } from "next-intl/server";
import { withPageMessages } from "@/lib/i18n/page-messages";
import { PageHeading } from "@/components/ui/page-heading";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("security"))("metaTitle") };
}

async function SecurityPage() {
  await requireSessionClient();
  const [me, t] = [await sessionBudget(), await getTranslations("security")];
  if (me.role !== "admin") return <RoleRefusal title={t("onlyAdmins")}>{t("askAdmin")}</RoleRefusal>;
  return (
    <Prefetch
      queries={[
        ["sso", {}],
        ["security", {}],
        ["scimTokens", {}],
      ]}
    >
      <div className="flex flex-col gap-4">
        <PageHeading title={t("metaTitle")}>{t("lead")}</PageHeading>
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

export default withPageMessages(["roles.means", "security.scim", "security.sso", "security.twoFactor", "shownOnce"], SecurityPage);
