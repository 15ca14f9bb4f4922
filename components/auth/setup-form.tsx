"use client";

import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { NewPasswordForm } from "./new-password-form";

/** The first visit to a Gauge without users: create its first admin. */
export function SetupForm() {
  const t = useTranslations("auth.setup");
  return (
    <NewPasswordForm
      url="/api/session/setup"
      next="/"
      body={(password, form) => ({ email: form.get("email"), password })}
      submit={t("submit")}
      pending={t("pending")}
    >
      <Field label={t("email")} id="email" name="email" type="email" autoComplete="username" required />
    </NewPasswordForm>
  );
}
