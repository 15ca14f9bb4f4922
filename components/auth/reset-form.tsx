"use client";

import { useTranslations } from "next-intl";
import { NewPasswordForm } from "./new-password-form";

/** Chooses a new password with a reset link; then the person logs in with it. */
export function ResetForm({ token }: { token: string }) {
  const t = useTranslations("auth.resetPage");
  return (
    <NewPasswordForm
      url="/api/session/password-reset/confirm"
      next="/login?reset=done"
      body={(password) => ({ token, password })}
      submit={t("submit")}
      pending={t("pending")}
    />
  );
}
