"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "@/lib/i18n/use-error-text";

/**
 * Posts a form to one of the session routes (log in, join, first admin); on success goes to
 * `next` with the new session cookie, otherwise keeps the form and says why.
 */
export function useSessionPost(url: string, next: string) {
  const router = useRouter();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  /** The fields the server said are at fault (`otp` when a two-factor code is needed). */
  const [faults, setFaults] = useState<string[]>([]);

  async function post(body: unknown) {
    setPending(true);
    setError(null);
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).catch(() => null);
    if (response?.ok) {
      router.replace(next);
      router.refresh();
      return;
    }
    setPending(false);
    const answer = (await response?.json().catch(() => null)) as Parameters<typeof errorText>[0];
    setError(errorText(answer, { whole: true }));
    setFaults(answer && "details" in answer ? (answer.details?.map((d) => d.path) ?? []) : []);
  }

  return { error, setError, pending, post, faults };
}

/** The chosen password, or why it cannot be used (too short, or the two entries differ). */
export function useNewPassword(): (data: FormData) => { password: string } | { problem: string } {
  const t = useTranslations("auth.newPassword");
  return (data) => {
    const password = String(data.get("password") ?? "");
    if (password.length < 8) return { problem: t("tooShort") };
    if (password !== data.get("confirm")) return { problem: t("differ") };
    return { password };
  };
}
