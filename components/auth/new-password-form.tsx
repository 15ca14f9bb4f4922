"use client";

import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { NewPasswordFields } from "./new-password-fields";
import { useNewPassword, useSessionPost } from "./use-session-post";

/** A form that chooses a password (typed twice) and posts it with `body` to a session route; on success, to `next`. */
export function NewPasswordForm({
  url,
  next,
  body,
  submit,
  pending: pendingLabel,
  children,
}: {
  url: string;
  next: string;
  body: (password: string, form: FormData) => object;
  submit: string;
  pending: string;
  children?: ReactNode;
}) {
  const { error, setError, pending, post } = useSessionPost(url, next);
  const newPassword = useNewPassword();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = newPassword(form);
    if ("problem" in chosen) return setError(chosen.problem);
    void post(body(chosen.password, form));
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      {error && <Notice tone="error">{error}</Notice>}
      {children}
      <NewPasswordFields />
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submit}
      </Button>
    </form>
  );
}
