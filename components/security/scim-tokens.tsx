"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorText } from "@/lib/bff/http";
import { useFormats } from "@/lib/i18n/use-formats";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";
import { ShownOnce } from "@/components/ui/shown-once";

/** SCIM provisioning: the base URL and bearer tokens for the identity provider. */
export function ScimTokens() {
  const fmt = useFormats();
  const { data } = useSuspenseQuery(readQuery("scimTokens", {}));
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useWrite("createScimToken", { onSuccess: (token) => (setCreated(token), setError(null)), onError: (e) => setError(errorText(e)) });
  const revoke = useWrite("revokeScimToken", { onError: (e) => setError(errorText(e)) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (!name) return setError("Name the token after the provider that uses it.");
    create.mutate({ input: {}, body: { name } });
    event.currentTarget.reset();
  }

  return (
    <Card id="scim" title="Provisioning (SCIM 2.0)">
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        Your identity provider creates, updates and deactivates people here. A person it deactivates loses every session and API key at once.
      </p>
      <p className="mb-4 text-sm">
        Tenant URL: <code aria-label="SCIM base URL" className="break-all rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">{data.baseUrl}</code>
      </p>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <div className="sm:flex-1">
          <Field label="Token name" id="scim-name" name="name" placeholder="Entra ID provisioning" required />
        </div>
        <Button type="submit" disabled={create.isPending}>Create token</Button>
      </form>
      {created && <ShownOnce title={`SCIM token “${created.name}”: copy it now, it is not shown again.`} label="SCIM token" value={created.token} onDone={() => setCreated(null)} />}
      {error && <FieldError>{error}</FieldError>}
      {data.items.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="SCIM tokens">
          {data.items.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
              <span className="font-medium">{token.name}</span>
              <span className="text-slate-600 dark:text-slate-400">created {fmt.dateTime(token.createdAt)}</span>
              <span className="text-slate-600 dark:text-slate-400">{token.lastUsedAt ? `last used ${fmt.dateTime(token.lastUsedAt)}` : "never used"}</span>
              <Button variant="ghost" className="ml-auto" onClick={() => revoke.mutate({ input: { id: token.id } })} aria-label={`Revoke ${token.name}`}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
