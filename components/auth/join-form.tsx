"use client";

import { Field } from "@/components/ui/field";
import { NewPasswordForm } from "./new-password-form";

/**
 * Sets the invited person's password; on success they are logged in and land on their scorecards.
 * The login e-mail stands in a read-only username field, so password managers save the pair.
 */
export function JoinForm({ token, email }: { token: string; email: string }) {
  return (
    <NewPasswordForm url="/api/session/join" next="/" body={(password) => ({ token, password })} submit="Join and log in" pending="Joining…">
      <Field label="Your login e-mail" id="username" name="username" type="email" autoComplete="username" value={email} readOnly />
    </NewPasswordForm>
  );
}
