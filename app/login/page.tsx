import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { SetupForm } from "@/components/auth/setup-form";
import { setupNeeded } from "@/lib/bff/kpi-client";
import { safeNext } from "@/lib/safe-next";
import { getSession } from "@/lib/session";

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
      <main className="flex min-h-screen items-center justify-center px-4">
        <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-2xl font-semibold tracking-tight">Welcome to Gauge</h1>
          <p className="mb-6 mt-1 text-sm text-slate-600 dark:text-slate-400">
            This installation has no users yet. Create its first admin; you can then invite your team.
          </p>
          <SetupForm />
        </div>
      </main>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-semibold tracking-tight">Gauge</h1>
        <p className="mb-6 mt-1 text-sm text-slate-600 dark:text-slate-400">Log in to see your scorecards.</p>
        <LoginForm next={safeNext(next)} notice={expired ? "Your session has ended. Please log in again." : undefined} />
      </div>
    </main>
  );
}
