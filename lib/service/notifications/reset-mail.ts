import "server-only";
import { localeOf, translatorFor } from "@/lib/i18n/server";
import type { Deps } from "../context";
import { sendMail } from "./mail";
import { emailContent } from "./message";

/**
 * E-mails a password reset link, in the user's language. Not awaited by the request, so answering
 * takes as long whether or not the e-mail is a user's.
 */
export function emailResetLink(deps: Deps, reset: { id: number; to: string; url: string; expiresAt: Date; language: string | null }): void {
  const mail = deps.config.mail;
  if (!mail) return;
  const t = translatorFor(localeOf(reset.language), "mail");
  const content = emailContent({
    title: t("reset.title"),
    facts: [
      [t("reset.login"), reset.to],
      [t("reset.validUntil"), `${reset.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`],
    ],
    lines: [t("reset.asked"), t("reset.notYou")],
    link: { label: t("reset.choose"), url: reset.url },
  });
  sendMail(mail, reset.to, `password-reset-${reset.id}`, content).then(
    (result) => result.status !== 250 && console.error(`[gauge] password reset e-mail to ${reset.to} not sent: ${result.error ?? result.status}`),
    (error: unknown) => console.error("[gauge] password reset e-mail failed", error),
  );
}
