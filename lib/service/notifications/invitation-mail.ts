import "server-only";
import type { Role } from "@/lib/contract/people";
import { formatsFor, localeOf, translatorFor } from "@/lib/i18n/server";
import type { Deps } from "../context";
import { dashboardBase } from "../context";
import { sendMail } from "./mail";
import { emailContent } from "./message";

/**
 * E-mails an invitation's link to its address when the server can send mail. Sent at once, not
 * through the outbox: the admin who invites sees whether it went, and the link is shown to them
 * once either way, so a failure is a copy-and-paste away from being mended. It is written in the
 * inviting admin's language: the invited person has chosen none yet.
 */
export async function emailInvitation(
  deps: Deps,
  invitation: { id: number; to: string; role: Role; account: string; invitedBy: string; token: string; expiresAt: Date; language: string | null },
): Promise<{ emailed: boolean; emailError: string | null }> {
  const mail = deps.config.mail;
  if (!mail) return { emailed: false, emailError: null };
  const base = dashboardBase(deps);
  const locale = localeOf(invitation.language);
  const [t, roles] = [translatorFor(locale, "mail"), translatorFor(locale, "roles")];
  const content = emailContent({
    title: t("invitation.title", { invitedBy: invitation.invitedBy, account: invitation.account }),
    facts: [
      [t("invitation.account"), invitation.account],
      [t("invitation.login"), invitation.to],
      [t("invitation.role"), roles(invitation.role)],
      [t("invitation.validUntil"), formatsFor(locale).date(invitation.expiresAt.toISOString().slice(0, 10))],
    ],
    lines: [t("invitation.open")],
    link: { label: t("invitation.join"), url: `${base}/join/${encodeURIComponent(invitation.token)}` },
  });
  const result = await sendMail(mail, invitation.to, `invitation-${invitation.id}`, content);
  return result.status === 250
    ? { emailed: true, emailError: null }
    : { emailed: false, emailError: result.error ?? `The mail server answered ${result.status}` };
}
