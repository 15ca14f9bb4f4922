import type { Metadata } from "next";
import { PageLink } from "@/components/ui/page-link";
import { tokenParam } from "@/lib/page-params";
import { AuthCard } from "@/components/auth/auth-card";
import { JoinForm } from "@/components/auth/join-form";
import { invitationDetails } from "@/lib/bff/kpi-client";
import { getTranslations } from "next-intl/server";
import { getFormats } from "@/lib/i18n/server-formats";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.join"))("metaTitle") };
}

async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const token = await tokenParam(params);
  const [invitation, t, f] = [await invitationDetails(token), await getTranslations("auth.join"), await getFormats()];
  if (!invitation) {
    return (
      <AuthCard title={t("unusable")} lead={t("unusableLead")}>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t.rich("askNew", {
            login: (chunks) => (
              <PageLink href="/login" className="font-medium text-blue-700 underline dark:text-blue-400">
                {chunks}
              </PageLink>
            ),
          })}
        </p>
      </AuthCard>
    );
  }
  const until = f.date(invitation.expiresAt);
  return (
    <AuthCard
      title={t("title", { account: invitation.account })}
      lead={t("lead", { invitedBy: invitation.invitedBy ?? t("anAdmin"), role: t(`roleMeans.${invitation.role}`), until })}
    >
      <JoinForm token={token} email={invitation.email} />
    </AuthCard>
  );
}

export default withPageMessages(["auth.join", "auth.newPassword"], JoinPage);
