import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { JoinForm } from "@/components/auth/join-form";

export const metadata: Metadata = { title: "Join your team" };

export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <AuthCard title="Join your team on Gauge" lead="Choose the password you will log in with. The invitation works once and for 7 days.">
      <JoinForm token={decodeURIComponent(token)} />
    </AuthCard>
  );
}
