"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Sharing } from "@/lib/contract/scorecards";
import { errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { selectClass } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";

type Level = "none" | "read" | "write";
const LEVEL_LABEL: Record<Level, string> = { none: "No access", read: "Can read", write: "Can read and edit" };

function LevelSelect({ id, label, value, onChange, disabled }: { id: string; label: string; value: Level; onChange: (v: Level) => void; disabled?: boolean }) {
  return (
    <select id={id} aria-label={label} className={selectClass} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as Level)}>
      {(Object.keys(LEVEL_LABEL) as Level[]).map((level) => (
        <option key={level} value={level}>{LEVEL_LABEL[level]}</option>
      ))}
    </select>
  );
}

/** Who may read and edit a scorecard: the whole account, each person, and a public read-only link. */
export function SharingManager({ docId }: { docId: number }) {
  const { data: sharing } = useSuspenseQuery(readQuery("sharing", { docId }));
  const { data: people } = useSuspenseQuery(readQuery("users", {}));
  const [error, setError] = useState<string | null>(null);
  const save = useWrite("updateSharing", { onSuccess: () => setError(null), onError: (e) => setError(errorText(e)) });
  const update = (body: Parameters<typeof save.mutate>[0]["body"]) => save.mutate({ input: { docId }, body });

  const levelOf = (userId: number): Level => sharing.users.find((u) => u.userId === userId)?.access ?? "none";
  function setLevel(userId: number, level: Level) {
    const others = sharing.users.filter((u) => u.userId !== userId).map(({ userId: id, access }) => ({ userId: id, access }));
    update({ users: level === "none" ? others : [...others, { userId, access: level }] });
  }
  const others = people.items.filter((p) => p.id !== sharing.ownerId && p.active);

  return (
    <div className="flex flex-col gap-6">
      <Card id="account-access" title="Everyone in the account">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <LevelSelect id="account-level" label="Access of everyone in the account" value={sharing.account} disabled={save.isPending} onChange={(account) => update({ account })} />
          <span className="text-slate-600 dark:text-slate-400">Owner: {sharing.ownerEmail ?? "nobody"}. Admins can always read and edit.</span>
        </div>
      </Card>
      <Table caption="Access of each person">
        <TableHead>
          <Th>Person</Th>
          <Th>Role</Th>
          <Th>Access</Th>
        </TableHead>
        <tbody>
          {others.map((person) => (
            <Tr key={person.id}>
              <Td>{person.email}</Td>
              <Td>{person.role}{person.role === "viewer" && <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(reads only)</span>}</Td>
              <Td>
                <LevelSelect id={`level-${person.id}`} label={`Access of ${person.email}`} value={levelOf(person.id)} disabled={save.isPending} onChange={(level) => setLevel(person.id, level)} />
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      <PublicLink sharing={sharing} pending={save.isPending} onChange={(on) => update({ public: on })} />
      {error && <FieldError>{error}</FieldError>}
    </div>
  );
}

function PublicLink({ sharing, pending, onChange }: { sharing: Sharing; pending: boolean; onChange: (on: boolean) => void }) {
  const [copied, setCopied] = useState(false);
  const path = `/p/${sharing.publicId}`;
  return (
    <Card id="public-link" title="Public read-only link">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Anyone with the link sees the scorecard without logging in, with no editing controls. Visits cost the account no API calls.
      </p>
      {sharing.publicId ? (
        <div className="flex flex-wrap items-center gap-2">
          <a href={path} aria-label="Public link" className="break-all text-sm text-blue-700 underline dark:text-blue-400">{path}</a>
          <Button
            variant="secondary"
            onClick={async () => {
              await navigator.clipboard.writeText(`${window.location.origin}${path}`).catch(() => {});
              setCopied(true);
            }}
          >
            {copied ? "Copied" : "Copy link"}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => onChange(false)}>Turn off the link</Button>
        </div>
      ) : (
        <Button variant="secondary" disabled={pending} onClick={() => onChange(true)}>Publish a read-only link</Button>
      )}
    </Card>
  );
}
