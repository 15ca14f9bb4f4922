"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Card } from "@/components/ui/card";
import { FieldError } from "@/components/ui/notice";

/** The account's rule: every user signs in with a two-factor code (SSO sign-ins leave that to the provider). */
export function RequireTwoFactor() {
  const { data } = useSuspenseQuery(readQuery("security", {}));
  const [error, setError] = useState<string | null>(null);
  const update = useWrite("updateSecurity", { onSuccess: () => setError(null), onError: (e) => setError(errorText(e)) });
  return (
    <Card id="require-two-factor" title="Two-factor codes">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4"
          checked={data.requireTwoFactor}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ input: {}, body: { requireTwoFactor: event.target.checked } })}
        />
        <span>
          Require two-factor codes of everyone who logs in with a password. Until they set theirs up, their sessions only reach the Account page. API keys
          and single sign-on are not affected.
        </span>
      </label>
      {error && <FieldError>{error}</FieldError>}
    </Card>
  );
}
