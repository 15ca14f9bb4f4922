"use client";

import { Field } from "@/components/ui/field";
import { NewPasswordForm } from "./new-password-form";

/** The first visit to a Gauge without users: create its first admin. */
export function SetupForm() {
  return (
    <NewPasswordForm url="/api/session/setup" next="/" body={(password, form) => ({ email: form.get("email"), password })} submit="Create the first admin" pending="Creating…">
      <Field label="Your e-mail" id="email" name="email" type="email" autoComplete="username" required />
    </NewPasswordForm>
  );
}
