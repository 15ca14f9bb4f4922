"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { LoginRequest } from "@/lib/contract/auth";
import { safeNext } from "@/lib/safe-next";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

export function LoginForm({ next, notice }: { next: string; notice?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const form = LoginRequest.safeParse({ email: data.get("email"), contraseña: data.get("password") });
    if (!form.success) return setError("Enter your e-mail and password.");
    setPending(true);
    setError(null);
    const response = await fetch("/api/session", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(form.data),
    }).catch(() => null);
    if (response?.ok) {
      router.replace(safeNext(next));
      router.refresh();
      return;
    }
    setPending(false);
    const body = (await response?.json().catch(() => null)) as { errorMessage?: string } | null;
    setError(body?.errorMessage ?? "The server could not be reached. Please try again.");
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {notice && !error && <Notice tone="warning">{notice}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <Field label="E-mail" id="email" name="email" type="email" autoComplete="username" required />
      <Field label="Password" id="password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" disabled={pending}>
        {pending ? "Logging in…" : "Log in"}
      </Button>
    </form>
  );
}
