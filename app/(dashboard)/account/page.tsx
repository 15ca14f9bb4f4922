import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { LanguageForm } from "@/components/people/language-form";
import { PasswordForm } from "@/components/people/password-form";
import { TwoFactorCard } from "@/components/security/two-factor-card";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";
import { withPageMessages } from "@/lib/i18n/page-messages";
import { PageHeading } from "@/components/ui/page-heading";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("title") };
}

async function AccountPage() {
  await requireSessionClient();
  const [me, t, roles] = [await sessionBudget(), await getTranslations("account"), await getTranslations("roles")];
  return (
    <Prefetch queries={[["twoFactor", {}]]}>
      <div className="flex flex-col gap-4">
        <PageHeading title={t("title")}>
          {t("who", { email: me.email, role: roles(me.role) })} {me.role === "viewer" ? t("viewerNote") : t("keysNote")}
        </PageHeading>
        <LanguageForm chosen={me.language ?? null} />
        <Suspense fallback={<Skeleton className="h-32" />}>
          <TwoFactorCard />
        </Suspense>
        {!me.twoFactorSetupNeeded && <PasswordForm />}
      </div>
    </Prefetch>
  );
}

export default withPageMessages(["account", "security.twoFactor"], AccountPage);
