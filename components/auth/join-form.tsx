"use client";

import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { NewPasswordForm } from "./new-password-form";

/**
 * Sets the invited person's password; on success they are logged in and land on their scorecards.
 * The login e-mail stands in a read-only username field, so password managers save the pair.
 */
export function JoinForm({ token, email }: { token: string; email: string }) {
  const t = useTranslations("auth.join");
  return (
    <NewPasswordForm url="/api/session/join" next="/" body={(password) => ({ token, password })} submit={t("submit")} pending={t("pending")}>
      <Field label={t("email")} id="username" name="username" type="email" autoComplete="username" value={email} readOnly />
    </NewPasswordForm>
  );
}
