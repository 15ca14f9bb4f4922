"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useWrite } from "@/lib/bff/queries";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";
import { Card } from "@/components/ui/card";
import { selectClass } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";

/**
 * The person's interface language: saved with their login (the dashboard and their e-mails use
 * it) and in a cookie, so the login page speaks it too after they log out.
 */
export function LanguageForm({ chosen }: { chosen: Locale | null }) {
  const t = useTranslations("account.language");
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const save = useWrite("updatePreferences", {
    onSuccess: ({ language }) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
      document.cookie = language ? `${LOCALE_COOKIE}=${language};path=/;max-age=31536000;samesite=lax` : `${LOCALE_COOKIE}=;path=/;max-age=0`;
      window.location.reload();
    },
    onError: (e) => setError(errorText(e)),
  });
  return (
    <Card id="language" title={t("title")} className="max-w-md">
      <label htmlFor="language-choice" className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {t("label")}
      </label>
      <select
        id="language-choice"
        className={selectClass}
        defaultValue={chosen ?? ""}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ input: {}, body: { language: (e.target.value || null) as Locale | null } })}
      >
        <option value="">{t("automatic")}</option>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("hint")}</p>
      {error && <FieldError>{error}</FieldError>}
    </Card>
  );
}
