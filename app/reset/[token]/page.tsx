import type { Metadata } from "next";
import { tokenParam } from "@/lib/page-params";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetForm } from "@/components/auth/reset-form";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPage({ params }: { params: Promise<{ token: string }> }) {
  const token = await tokenParam(params);
  return (
    <AuthCard title="Choose a new password" lead="The link works once, for one hour. Every session of yours ends; your API keys keep working.">
      <ResetForm token={token} />
    </AuthCard>
  );
}
