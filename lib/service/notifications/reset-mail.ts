import "server-only";
import type { Deps } from "../context";
import { sendMail } from "./mail";
import { emailContent } from "./message";

/** E-mails a password reset link. Not awaited by the request, so answering takes as long whether or not the e-mail is a user's. */
export function emailResetLink(deps: Deps, reset: { id: number; to: string; url: string; expiresAt: Date }): void {
  const mail = deps.config.mail;
  if (!mail) return;
  const content = emailContent({
    title: "Reset your Gauge password",
    facts: [
      ["Your login", reset.to],
      ["Valid until", `${reset.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`],
    ],
    lines: ["Someone (we hope you) asked to reset the password of this login. Open the link to choose a new one: it works once, for one hour.", "If it was not you, ignore this e-mail: your password stays as it is."],
    link: { label: "Choose a new password", url: reset.url },
  });
  sendMail(mail, reset.to, `password-reset-${reset.id}`, content).then(
    (result) => result.status !== 250 && console.error(`[gauge] password reset e-mail to ${reset.to} not sent: ${result.error ?? result.status}`),
    (error: unknown) => console.error("[gauge] password reset e-mail failed", error),
  );
}
