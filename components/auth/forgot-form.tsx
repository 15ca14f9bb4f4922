"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

/** Asks for a reset link; the answer is the same whether or not the e-mail is a user's. */
export function ForgotForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email.includes("@")) return setError("Enter your e-mail.");
    setPending(true);
    setError(null);
    const response = await fetch("/api/session/password-reset", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email }) }).catch(() => null);
    const answer = (await response?.json().catch(() => null)) as { message?: string; errorMessage?: string } | null;
    setPending(false);
    if (response?.status === 202) return setSent(answer?.message ?? "If that e-mail belongs to a user, a link is on its way.");
    setError(answer?.errorMessage ?? "The server could not be reached. Please try again.");
  }

  if (sent) return <Notice tone="ok">{sent} Check your inbox (and the spam folder).</Notice>;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {error && <Notice tone="error">{error}</Notice>}
      <Field label="E-mail" id="email" name="email" type="email" autoComplete="username" required />
      <Button type="submit" disabled={pending}>
        {pending ? "Sending…" : "E-mail me a reset link"}
      </Button>
    </form>
  );
}
