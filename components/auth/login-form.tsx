"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { PageLink } from "@/components/ui/page-link";
import { safeNext } from "@/lib/safe-next";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useSessionPost } from "./use-session-post";

/** E-mail and password; a two-factor code field once the server asks for one. */
export function LoginForm({ next, notice }: { next: string; notice?: string }) {
  const t = useTranslations("auth");
  const { error, setError, pending, post, faults } = useSessionPost("/api/session", safeNext(next));
  const [askCode, setAskCode] = useState(false);
  const [sentCode, setSentCode] = useState(false);
  const needCode = faults.includes("otp");
  const codeAsked = askCode || needCode;
  // The server asking for a code is the next step, not a failure: only a code it refused is one.
  const shown = needCode ? (sentCode ? { tone: "error" as const, text: t("wrongCode") } : { tone: "info" as const, text: t("codeNeeded") }) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // The server checks the form against the contract; here only what the person must fill in.
    const text = (name: string) => String(data.get(name) ?? "");
    const [email, password, otp] = [text("email"), text("password"), text("otp")];
    if (!email.trim() || !password) return setError(t("enterBoth"));
    if (needCode) setAskCode(true);
    setSentCode(otp.trim() !== "");
    void post({ email: email.trim(), contraseña: password, ...(otp.trim() ? { otp: otp.trim() } : {}) });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {notice && !error && <Notice tone="warning">{notice}</Notice>}
      {shown && !pending ? <Notice tone={shown.tone}>{shown.text}</Notice> : error && <Notice tone="error">{error}</Notice>}
      <Field label={t("email")} id="email" name="email" type="email" autoComplete="username" required />
      <Field label={t("password")} id="password" name="password" type="password" autoComplete="current-password" required />
      {codeAsked && <Field label={t("otp")} id="otp" name="otp" inputMode="numeric" autoComplete="one-time-code" autoFocus required />}
      <Button type="submit" disabled={pending}>
        {pending ? t("loggingIn") : t("logIn")}
      </Button>
      <PageLink href="/forgot" className="self-start text-sm text-blue-700 hover:underline dark:text-blue-400">
        {t("forgot")}
      </PageLink>
    </form>
  );
}
