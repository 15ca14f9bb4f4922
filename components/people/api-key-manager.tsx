"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { CreateApiKeyRequest, type CreatedApiKey } from "@/lib/contract/auth";
import type { Role } from "@/lib/contract/people";
import { useErrorText, useFieldText } from "@/lib/i18n/use-error-text";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, SelectField, Labelled } from "@/components/ui/field";
import { FieldError, Notice } from "@/components/ui/notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { RoleSelect } from "./role-select";
import { useFormats } from "@/lib/i18n/use-formats";

/** API keys for scripts: a role no higher than yours and a scope, shown once; admins see and revoke every key. */
export function ApiKeyManager({ role }: { role: Role }) {
  const fmt = useFormats();
  const t = useTranslations("apiKeys");
  const roles = useTranslations("roles");
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const when = (iso: string | null) => (iso ? fmt.dateTime(iso) : t("never"));
  const { data } = useSuspenseQuery(readQuery("apiKeys", {}));
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useWrite("createApiKey", {
    onSuccess: (key) => {
      setCreated(key);
      setError(null);
    },
    onError: (e) => setError(errorText(e)),
  });
  const revoke = useWrite("revokeApiKey");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = CreateApiKeyRequest.safeParse({ name: form.get("name"), role: form.get("role"), scope: form.get("scope") });
    if (!input.success) return setError(input.error.issues[0] ? fieldText(input.error.issues[0].message) : t("check"));
    create.mutate({ input: {}, body: input.data });
    event.currentTarget.reset();
  }

  return (
    <div className="flex flex-col gap-6">
      <Card id="new-key" title={t("new")}>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[2fr_auto_auto_auto] sm:items-end" noValidate>
          <Field label={t("name")} id="key-name" name="name" placeholder={t("namePlaceholder")} required />
          <Labelled id="key-role" label={t("role")}>
            <RoleSelect id="key-role" name="role" label={t("role")} highest={role} />
          </Labelled>
          <SelectField id="key-scope" label={t("scope")} name="scope" defaultValue="write">
            {(["write", "read"] as const).map((scope) => (
              <option key={scope} value={scope} title={t(`scopeMeans.${scope}`)}>
                {t(`scopes.${scope}`)}
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={create.isPending}>
            {t("create")}
          </Button>
        </form>
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("hint")}</p>
        {error && <FieldError>{error}</FieldError>}
        {created && <ShownOnce title={t("shownOnce", { name: created.name })} label={t("key")} value={created.key} onDone={() => setCreated(null)} />}
      </Card>
      {data.items.length === 0 ? (
        <Notice tone="empty">{t("none")}</Notice>
      ) : (
        <Table caption={t("caption")}>
          <TableHead>
            <Th>{t("name")}</Th>
            <Th>{t("role")}</Th>
            <Th>{t("scope")}</Th>
            {role === "admin" && <Th>{t("person")}</Th>}
            <Th>{t("created")}</Th>
            <Th>{t("lastUsed")}</Th>
            <Th>
              <span className="sr-only">{t("actions")}</span>
            </Th>
          </TableHead>
          <tbody>
            {data.items.map((key) => (
              <Tr key={key.id}>
                <Td>{key.name}</Td>
                <Td>{roles(key.role)}</Td>
                <Td>{t(`scopes.${key.scope}`)}</Td>
                {role === "admin" && <Td>{key.userEmail}</Td>}
                <Td>{when(key.createdAt)}</Td>
                <Td>{when(key.lastUsedAt)}</Td>
                <Td align="right">
                  <Button
                    variant="ghost"
                    aria-label={t("revokeName", { name: key.name })}
                    onClick={() => window.confirm(t("confirmRevoke", { name: key.name })) && revoke.mutate({ input: { id: key.id } })}
                  >
                    {t("revoke")}
                  </Button>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
