import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { SsoLogin } from "@/components/auth/sso-login";
import { SetupForm } from "@/components/auth/setup-form";
import { setupStatus } from "@/lib/bff/kpi-client";
import { SSO_ERROR_COOKIE } from "@/lib/oidc-cookie";
import { safeNext } from "@/lib/safe-next";
import { Notice } from "@/components/ui/notice";
import { getSession, requestConnection } from "@/lib/session";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("loginTitle") };
}

async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [params, t] = [await searchParams, await getTranslations("auth")];
  const one = (key: string) => [params[key]].flat()[0];
  const next = one("next");
  const expired = one("expired");
  const session = await getSession();
  if (session.token && (session.expiresAt ?? 0) > Date.now() && !expired) redirect(safeNext(next));
  const { needed, singleSignOn } = await setupStatus();
  if (needed) {
    return (
      <AuthCard title={t("welcome")} lead={t("welcomeLead")}>
        <SetupForm />
      </AuthCard>
    );
  }
  const connection = await requestConnection();
  return (
    <AuthCard title="Gauge" lead={t("lead")}>
      {!connection.https && !connection.local ? (
        <Notice tone="warning" className="mb-4">
          {t("unencrypted")}
        </Notice>
      ) : null}
      <LoginForm next={safeNext(next)} notice={expired ? t("expired") : one("reset") ? t("resetDone") : undefined} />
      {/* Single sign-on is offered only where an account has it, or where a sign-in just came back from it. */}
      {singleSignOn || one("sso_error") !== undefined ? (
        <>
          <div className="my-5 flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400" aria-hidden>
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            {t("or")}
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          </div>
          <SsoLogin
            next={safeNext(next)}
            error={one("sso_error") === undefined ? undefined : ((await cookies()).get(SSO_ERROR_COOKIE)?.value ?? t("sso.incomplete"))}
          />
        </>
      ) : null}
    </AuthCard>
  );
}

export default withPageMessages(["auth"], LoginPage);
