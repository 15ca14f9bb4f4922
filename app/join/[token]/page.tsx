import type { Metadata } from "next";
import { JoinForm } from "@/components/auth/join-form";

export const metadata: Metadata = { title: "Join your team" };

export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-semibold tracking-tight">Join your team on Gauge</h1>
        <p className="mb-6 mt-1 text-sm text-slate-600 dark:text-slate-400">
          Choose the password you will log in with. The invitation works once and for 7 days.
        </p>
        <JoinForm token={decodeURIComponent(token)} />
      </div>
    </main>
  );
}
