import "server-only";
import type { Role } from "@/lib/contract/people";
import type { Deps } from "../context";
import { dashboardBase } from "../context";
import { sendMail } from "./mail";
import { emailContent } from "./message";

/**
 * E-mails an invitation's link to its address when the server can send mail. Sent at once, not
 * through the outbox: the admin who invites sees whether it went, and the link is shown to them
 * once either way, so a failure is a copy-and-paste away from being mended.
 */
export async function emailInvitation(
  deps: Deps,
  invitation: { id: number; to: string; role: Role; account: string; invitedBy: string; token: string; expiresAt: Date },
): Promise<{ emailed: boolean; emailError: string | null }> {
  const mail = deps.config.mail;
  if (!mail) return { emailed: false, emailError: null };
  const base = dashboardBase(deps);
  const content = emailContent({
    title: `${invitation.invitedBy} invites you to ${invitation.account} on Gauge`,
    facts: [
      ["Account", invitation.account],
      ["Your login", invitation.to],
      ["Role", invitation.role],
      ["Valid until", invitation.expiresAt.toISOString().slice(0, 10)],
    ],
    lines: ["Open the link to choose your password. It works once."],
    link: { label: "Join and choose a password", url: `${base}/join/${encodeURIComponent(invitation.token)}` },
  });
  const result = await sendMail(mail, invitation.to, `invitation-${invitation.id}`, content);
  return result.status === 250 ? { emailed: true, emailError: null } : { emailed: false, emailError: result.error ?? `The mail server answered ${result.status}` };
}
