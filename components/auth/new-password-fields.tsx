import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";

/** A new password typed twice (read by `newPassword`). */
export function NewPasswordFields() {
  const t = useTranslations("auth.newPassword");
  return (
    <>
      <Field label={t("choose")} id="password" name="password" type="password" autoComplete="new-password" required minLength={8} />
      <Field label={t("repeat")} id="confirm" name="confirm" type="password" autoComplete="new-password" required />
    </>
  );
}
