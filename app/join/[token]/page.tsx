import type { Metadata } from "next";
import { tokenParam } from "@/lib/page-params";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { JoinForm } from "@/components/auth/join-form";
import { invitationDetails } from "@/lib/bff/kpi-client";
import { formatDate } from "@/lib/format";

export const metadata: Metadata = { title: "Join your team" };

const ROLE_MEANS = {
  admin: "an admin: people, API keys, webhooks and every scorecard",
  expert: "an expert: build and edit scorecards, enter values, use the API",
  viewer: "a viewer: read the scorecards shared with you",
} as const;

export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const token = await tokenParam(params);
  const invitation = await invitationDetails(token);
  if (!invitation) {
    return (
      <AuthCard title="This invitation cannot be used" lead="It is unknown, already used, withdrawn or past its 7 days.">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Ask the admin who invited you for a new link. Already joined?{" "}
          <Link href="/login" className="font-medium text-blue-700 underline dark:text-blue-400">Log in</Link>.
        </p>
      </AuthCard>
    );
  }
  const until = formatDate(invitation.expiresAt);
  return (
    <AuthCard title={`Join ${invitation.account} on Gauge`} lead={`${invitation.invitedBy ?? "An admin"} invites you as ${ROLE_MEANS[invitation.role]}. Choose the password you will log in with; the link works once, until ${until}.`}>
      <JoinForm token={token} email={invitation.email} />
    </AuthCard>
  );
}
