import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { tokenParam } from "@/lib/page-params";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetForm } from "@/components/auth/reset-form";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.resetPage"))("title") };
}

async function ResetPage({ params }: { params: Promise<{ token: string }> }) {
  const [token, t] = [await tokenParam(params), await getTranslations("auth.resetPage")];
  return (
    <AuthCard title={t("title")} lead={t("lead")}>
      <ResetForm token={token} />
    </AuthCard>
  );
}

export default withPageMessages(["auth.newPassword", "auth.resetPage"], ResetPage);
