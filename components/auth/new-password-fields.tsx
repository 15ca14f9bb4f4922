import { Field } from "@/components/ui/field";

/** A new password typed twice (read by `newPassword`). */
export function NewPasswordFields() {
  return (
    <>
      <Field label="Choose a password" id="password" name="password" type="password" autoComplete="new-password" required minLength={8} />
      <Field label="Repeat it" id="confirm" name="confirm" type="password" autoComplete="new-password" required />
    </>
  );
}
