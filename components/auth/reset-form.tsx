"use client";

import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { NewPasswordFields } from "./new-password-fields";
import { newPassword, useSessionPost } from "./use-session-post";

/** Chooses a new password with a reset link; then the person logs in with it. */
export function ResetForm({ token }: { token: string }) {
  const { error, setError, pending, post } = useSessionPost("/api/session/password-reset/confirm", "/login?reset=done");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = newPassword(new FormData(event.currentTarget));
    if ("problem" in chosen) return setError(chosen.problem);
    void post({ token, password: chosen.password });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {error && <Notice tone="error">{error}</Notice>}
      <NewPasswordFields />
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Set the new password"}
      </Button>
    </form>
  );
}
