"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

/** Asks for a reset link; the answer is the same whether or not the e-mail is a user's. */
export function ForgotForm() {
  const t = useTranslations("auth");
  const errorText = useErrorText();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email.includes("@")) return setError(t("forgotPage.enterEmail"));
    setPending(true);
    setError(null);
    const response = await fetch("/api/session/password-reset", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    }).catch(() => null);
    const answer = (await response?.json().catch(() => null)) as Parameters<typeof errorText>[0];
    setPending(false);
    if (response?.status === 202) return setSent(true);
    setError(errorText(answer));
  }

  if (sent) return <Notice tone="ok">{t("forgotPage.sent")}</Notice>;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {error && <Notice tone="error">{error}</Notice>}
      <Field label={t("email")} id="email" name="email" type="email" autoComplete="username" required />
      <Button type="submit" disabled={pending}>
        {pending ? t("forgotPage.sending") : t("forgotPage.submit")}
      </Button>
    </form>
  );
}
