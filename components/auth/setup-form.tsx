"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

/** The first visit to a Gauge without users: create its first admin. */
export function SetupForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    if (password.length < 8) return setError("Choose a password of at least 8 characters.");
    if (password !== data.get("confirm")) return setError("The two passwords differ.");
    setPending(true);
    setError(null);
    const response = await fetch("/api/session/setup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: data.get("email"), password }),
    }).catch(() => null);
    if (response?.ok) {
      router.replace("/");
      router.refresh();
      return;
    }
    setPending(false);
    const body = (await response?.json().catch(() => null)) as { errorMessage?: string } | null;
    setError(body?.errorMessage ?? "The server could not be reached. Please try again.");
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {error && <Notice tone="error">{error}</Notice>}
      <Field label="Your e-mail" id="email" name="email" type="email" autoComplete="username" required />
      <Field label="Choose a password" id="password" name="password" type="password" autoComplete="new-password" required minLength={8} />
      <Field label="Repeat it" id="confirm" name="confirm" type="password" autoComplete="new-password" required />
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create the first admin"}
      </Button>
    </form>
  );
}
