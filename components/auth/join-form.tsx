"use client";

import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { NewPasswordFields } from "./new-password-fields";
import { newPassword, useSessionPost } from "./use-session-post";

/**
 * Sets the invited person's password; on success they are logged in and land on their scorecards.
 * The login e-mail stands in a read-only username field, so password managers save the pair.
 */
export function JoinForm({ token, email }: { token: string; email: string }) {
  const { error, setError, pending, post } = useSessionPost("/api/session/join", "/");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = newPassword(new FormData(event.currentTarget));
    if ("problem" in chosen) return setError(chosen.problem);
    void post({ token, password: chosen.password });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {error && <Notice tone="error">{error}</Notice>}
      <Field label="Your login e-mail" id="username" name="username" type="email" autoComplete="username" value={email} readOnly />
      <NewPasswordFields />
      <Button type="submit" disabled={pending}>
        {pending ? "Joining…" : "Join and log in"}
      </Button>
    </form>
  );
}
