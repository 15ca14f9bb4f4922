"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useFormats } from "@/lib/i18n/use-formats";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { LocalAddressNote } from "@/components/ui/local-address-note";

/** SCIM provisioning: the base URL and bearer tokens for the identity provider. */
export function ScimTokens() {
  const fmt = useFormats();
  const t = useTranslations("security.scim");
  const errorText = useErrorText();
  const { data } = useSuspenseQuery(readQuery("scimTokens", {}));
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useWrite("createScimToken", { onSuccess: (token) => (setCreated(token), setError(null)), onError: (e) => setError(errorText(e)) });
  const revoke = useWrite("revokeScimToken", { onError: (e) => setError(errorText(e)) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (!name) return setError(t("nameIt"));
    create.mutate({ input: {}, body: { name } });
    event.currentTarget.reset();
  }

  return (
    <Card id="scim" title={t("title")}>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t("lead")}</p>
      <p className="mb-4 text-sm">
        {t.rich("tenantUrl", {
          url: data.baseUrl,
          code: (chunks) => <code className="break-all rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">{chunks}</code>,
        })}
      </p>
      <LocalAddressNote url={data.baseUrl} />
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <div className="sm:flex-1">
          <Field label={t("name")} id="scim-name" name="name" placeholder={t("namePlaceholder")} required />
        </div>
        <Button type="submit" disabled={create.isPending}>
          {t("create")}
        </Button>
      </form>
      {created && <ShownOnce title={t("shownOnce", { name: created.name })} label={t("token")} value={created.token} onDone={() => setCreated(null)} />}
      {error && <FieldError>{error}</FieldError>}
      {data.items.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label={t("tokens")}>
          {data.items.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
              <span className="font-medium">{token.name}</span>
              <span className="text-slate-600 dark:text-slate-400">{t("created", { when: fmt.dateTime(token.createdAt) })}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {token.lastUsedAt ? t("lastUsed", { when: fmt.dateTime(token.lastUsedAt) }) : t("neverUsed")}
              </span>
              <Button
                variant="ghost"
                className="ml-auto"
                onClick={() => revoke.mutate({ input: { id: token.id } })}
                aria-label={t("revokeName", { name: token.name })}
              >
                {t("revoke")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
