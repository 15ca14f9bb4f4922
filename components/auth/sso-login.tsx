"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

/** "Sign in with SSO": the work e-mail picks the company's provider, and the browser goes there. */
export function SsoLogin({ next, error: refused }: { next: string; error?: string }) {
  const [open, setOpen] = useState(Boolean(refused));
  const [error, setError] = useState<string | null>(refused ?? null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("sso-email") ?? "").trim();
    if (!email.includes("@")) return setError("Enter your work e-mail.");
    setPending(true);
    setError(null);
    const response = await fetch("/api/session/oidc/start", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, next }) }).catch(() => null);
    const answer = (await response?.json().catch(() => null)) as { authorizationUrl?: string; errorMessage?: string } | null;
    if (response?.ok && answer?.authorizationUrl) return window.location.assign(answer.authorizationUrl);
    setPending(false);
    setError(answer?.errorMessage ?? "The server could not be reached. Please try again.");
  }

  if (!open) {
    return (
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
        Sign in with SSO
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate aria-label="Single sign-on">
      {error && <Notice tone="error">{error}</Notice>}
      <Field label="Work e-mail" id="sso-email" name="sso-email" type="email" autoComplete="username" autoFocus required />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? "Going to your company's sign-in…" : "Continue with SSO"}
      </Button>
    </form>
  );
}
