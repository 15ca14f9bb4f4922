"use client";

import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { NewPasswordFields } from "./new-password-fields";
import { newPassword, useSessionPost } from "./use-session-post";

/** The first visit to a Gauge without users: create its first admin. */
export function SetupForm() {
  const { error, setError, pending, post } = useSessionPost("/api/session/setup", "/");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const chosen = newPassword(data);
    if ("problem" in chosen) return setError(chosen.problem);
    void post({ email: data.get("email"), password: chosen.password });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {error && <Notice tone="error">{error}</Notice>}
      <Field label="Your e-mail" id="email" name="email" type="email" autoComplete="username" required />
      <NewPasswordFields />
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create the first admin"}
      </Button>
    </form>
  );
}
