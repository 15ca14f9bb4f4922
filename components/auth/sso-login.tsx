"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

/** "Sign in with SSO": the work e-mail picks the company's provider, and the browser goes there. */
export function SsoLogin({ next, error: refused }: { next: string; error?: string }) {
  const t = useTranslations("auth.sso");
  const errorText = useErrorText();
  const [open, setOpen] = useState(Boolean(refused));
  const [error, setError] = useState<string | null>(refused ?? null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("sso-email") ?? "").trim();
    if (!email.includes("@")) return setError(t("enterEmail"));
    setPending(true);
    setError(null);
    const response = await fetch("/api/session/oidc/start", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, next }),
    }).catch(() => null);
    const answer = (await response?.json().catch(() => null)) as ({ authorizationUrl?: string } & Parameters<typeof errorText>[0]) | null;
    if (response?.ok && answer?.authorizationUrl) return window.location.assign(answer.authorizationUrl);
    setPending(false);
    setError(errorText(answer));
  }

  if (!open) {
    return (
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
        {t("open")}
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate aria-label={t("form")}>
      {error && <Notice tone="error">{error}</Notice>}
      <Field label={t("email")} id="sso-email" name="sso-email" type="email" autoComplete="username" autoFocus required />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? t("going") : t("continue")}
      </Button>
    </form>
  );
}
