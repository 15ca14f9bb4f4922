"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Card } from "@/components/ui/card";
import { FieldError } from "@/components/ui/notice";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";

/** The account's rule: every user signs in with a two-factor code (SSO sign-ins leave that to the provider). */
export function RequireTwoFactor() {
  const t = useTranslations("security.twoFactor");
  const errorText = useErrorText();
  const { data } = useSuspenseQuery(readQuery("security", {}));
  const [error, setError] = useState<string | null>(null);
  const update = useWrite("updateSecurity", { onSuccess: () => setError(null), onError: (e) => setError(errorText(e)) });
  return (
    <Card id="require-two-factor" title={t("title")}>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4"
          checked={data.requireTwoFactor}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ input: {}, body: { requireTwoFactor: event.target.checked } })}
        />
        <span>{t("requireAll")}</span>
      </label>
      {error && <FieldError>{error}</FieldError>}
    </Card>
  );
}
