"use client";

import type { FormEvent } from "react";
import { LoginRequest } from "@/lib/contract/auth";
import { safeNext } from "@/lib/safe-next";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useSessionPost } from "./use-session-post";

export function LoginForm({ next, notice }: { next: string; notice?: string }) {
  const { error, setError, pending, post } = useSessionPost("/api/session", safeNext(next));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const form = LoginRequest.safeParse({ email: data.get("email"), contraseña: data.get("password") });
    if (!form.success) return setError("Enter your e-mail and password.");
    void post(form.data);
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
