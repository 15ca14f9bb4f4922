"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { CreateApiKeyRequest, type CreatedApiKey } from "@/lib/contract/auth";
import type { Role } from "@/lib/contract/people";
import { errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FieldError, Notice } from "@/components/ui/notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { RoleSelect } from "./role-select";
import { useFormats } from "@/lib/i18n/use-formats";


/** API keys for scripts: a role no higher than yours, shown once; admins see and revoke every key. */
export function ApiKeyManager({ role }: { role: Role }) {
  const fmt = useFormats();
  const when = (iso: string | null) => (iso ? fmt.dateTime(iso) : "Never");
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
    const input = CreateApiKeyRequest.safeParse({ name: form.get("name"), role: form.get("role") });
    if (!input.success) return setError(input.error.issues[0]?.message ?? "Check the form");
    create.mutate({ input: {}, body: input.data });
    event.currentTarget.reset();
  }

  return (
    <div className="flex flex-col gap-6">
      <Card id="new-key" title="New API key">
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[2fr_auto_auto] sm:items-end" noValidate>
          <Field label="Name" id="key-name" name="name" placeholder="Nightly BI export" required />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="key-role" className="text-sm font-medium text-slate-700 dark:text-slate-200">Role</label>
            <RoleSelect id="key-role" name="role" label="Role" highest={role} />
          </div>
          <Button type="submit" disabled={create.isPending}>Create key</Button>
        </form>
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Scripts send the key in the Token header. A key never does more than its person may do at the time of the call.</p>
        {error && <FieldError>{error}</FieldError>}
        {created && (
          <ShownOnce title={`API key “${created.name}”: copy it now, it is not shown again.`} label="API key" value={created.key} onDone={() => setCreated(null)} />
        )}
      </Card>
      {data.items.length === 0 ? (
        <Notice tone="empty">No API keys yet.</Notice>
      ) : (
        <Table caption="API keys">
          <TableHead>
            <Th>Name</Th>
            <Th>Role</Th>
            {role === "admin" && <Th>Person</Th>}
            <Th>Created</Th>
            <Th>Last used</Th>
            <Th><span className="sr-only">Actions</span></Th>
          </TableHead>
          <tbody>
            {data.items.map((key) => (
              <Tr key={key.id}>
                <Td>{key.name}</Td>
                <Td>{key.role}</Td>
                {role === "admin" && <Td>{key.userEmail}</Td>}
                <Td>{when(key.createdAt)}</Td>
                <Td>{when(key.lastUsedAt)}</Td>
                <Td align="right">
                  <Button variant="ghost" aria-label={`Revoke ${key.name}`} onClick={() => window.confirm(`Revoke “${key.name}”? Scripts using it stop at once.`) && revoke.mutate({ input: { id: key.id } })}>
                    Revoke
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
