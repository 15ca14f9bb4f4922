import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { SsoLogin } from "@/components/auth/sso-login";
import { SetupForm } from "@/components/auth/setup-form";
import { setupNeeded } from "@/lib/bff/kpi-client";
import { safeNext } from "@/lib/safe-next";
import { Notice } from "@/components/ui/notice";
import { getSession, requestConnection } from "@/lib/session";

export const metadata: Metadata = { title: "Log in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const one = (key: string) => [params[key]].flat()[0];
  const next = one("next");
  const expired = one("expired");
  const session = await getSession();
  if (session.token && (session.expiresAt ?? 0) > Date.now() && !expired) redirect(safeNext(next));
  if (await setupNeeded()) {
    return (
      <AuthCard title="Welcome to Gauge" lead="This installation has no users yet. Create its first admin; you can then invite your team.">
        <SetupForm />
      </AuthCard>
    );
  }
  const connection = await requestConnection();
  return (
    <AuthCard title="Gauge" lead="Log in to see your scorecards.">
      {!connection.https && !connection.local ? (
        <Notice tone="warning" className="mb-4">
          This connection is not encrypted: your password and your figures cross the network readable by others on it. Ask whoever runs Gauge to
          serve it over HTTPS.
        </Notice>
      ) : null}
      <LoginForm next={safeNext(next)} notice={expired ? "Your session has ended. Please log in again." : one("reset") ? "Your password is changed: log in with it." : undefined} />
      <div className="my-5 flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400" aria-hidden>
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <SsoLogin next={safeNext(next)} error={one("sso_error")} />
    </AuthCard>
  );
}
