import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotForm } from "@/components/auth/forgot-form";
import { loadConfig, mailConfig } from "@/lib/config";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPage() {
  const byEmail = mailConfig(loadConfig()) !== null;
  return (
    <AuthCard title="Forgot your password?" lead={byEmail ? "Enter your login e-mail: we send a link to choose a new password, valid one hour." : "This Gauge does not send e-mail."}>
      {byEmail ? (
        <ForgotForm />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Ask an admin of your account for a reset link: they issue one on the People page.
        </p>
      )}
      <Link href="/login" className="mt-4 inline-block text-sm text-blue-700 hover:underline dark:text-blue-400">
        Back to log in
      </Link>
    </AuthCard>
  );
}
