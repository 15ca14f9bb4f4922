import "server-only";
import { localeOf, translatorFor } from "@/lib/i18n/server";
import type { Deps } from "../context";
import { sendMail } from "./mail";
import { emailContent } from "./message";

/** Tells a person, in their language, that an admin turned their two-factor codes off. Not awaited by the request. */
export function emailTwoFactorCleared(deps: Deps, notice: { to: string; by: string; language: string | null; userId: number; at: Date }): void {
  const mail = deps.config.mail;
  if (!mail) return;
  const t = translatorFor(localeOf(notice.language), "mail");
  const content = emailContent({
    title: t("twoFactorCleared.title"),
    facts: [
      [t("twoFactorCleared.login"), notice.to],
      [t("twoFactorCleared.by"), notice.by],
    ],
    lines: [t("twoFactorCleared.done"), t("twoFactorCleared.notYou")],
  });
  sendMail(mail, notice.to, `two-factor-cleared-${notice.userId}-${notice.at.getTime()}`, content).then(
    (result) => result.status !== 250 && console.error(`[gauge] two-factor notice to ${notice.to} not sent: ${result.error ?? result.status}`),
    (error: unknown) => console.error("[gauge] two-factor notice failed", error),
  );
}
