import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotForm } from "@/components/auth/forgot-form";
import { PageLink } from "@/components/ui/page-link";
import { loadConfig, mailConfig } from "@/lib/config";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.forgotPage"))("metaTitle") };
}

async function ForgotPage() {
  const t = await getTranslations("auth.forgotPage");
  const byEmail = mailConfig(loadConfig()) !== null;
  return (
    <AuthCard title={t("title")} lead={byEmail ? t("leadMail") : t("leadNoMail")}>
      {byEmail ? <ForgotForm /> : <p className="text-sm text-slate-700 dark:text-slate-300">{t("askAdmin")}</p>}
      <PageLink href="/login" className="mt-4 inline-block text-sm text-blue-700 hover:underline dark:text-blue-400">
        {t("back")}
      </PageLink>
    </AuthCard>
  );
}

export default withPageMessages(["auth"], ForgotPage);
