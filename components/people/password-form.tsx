"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { ChangePasswordRequest } from "@/lib/contract/people";
import { useErrorText, useFieldText } from "@/lib/i18n/use-error-text";
import { useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FieldError, Notice } from "@/components/ui/notice";

/** Changes the signed-in person's password; their other sessions end, this one stays. */
export function PasswordForm() {
  const t = useTranslations("account.password");
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const change = useWrite("changePassword", {
    onSuccess: () => {
      setDone(true);
      setError(null);
    },
    onError: (e) => setError(errorText(e)),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get("newPassword") !== form.get("repeat")) return setError(t("differ"));
    const input = ChangePasswordRequest.safeParse({ currentPassword: form.get("currentPassword"), newPassword: form.get("newPassword") });
    if (!input.success) return setError(input.error.issues[0] ? fieldText(input.error.issues[0].message) : t("check"));
    setDone(false);
    change.mutate({ input: {}, body: input.data });
    event.currentTarget.reset();
  }

  return (
    <Card id="password" title={t("title")} className="max-w-md">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <Field label={t("current")} id="current-password" name="currentPassword" type="password" autoComplete="current-password" required />
        <Field label={t("new")} id="new-password" name="newPassword" type="password" autoComplete="new-password" minLength={8} required />
        <Field label={t("repeat")} id="repeat-password" name="repeat" type="password" autoComplete="new-password" required />
        <Button type="submit" disabled={change.isPending}>
          {t("submit")}
        </Button>
      </form>
      {error && <FieldError>{error}</FieldError>}
      {done && (
        <Notice tone="ok" className="mt-3">
          {t("done")}
        </Notice>
      )}
    </Card>
  );
}
