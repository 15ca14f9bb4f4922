"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Sharing } from "@/lib/contract/scorecards";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { selectClass } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";

type Level = "none" | "read" | "write";
const LEVELS: Level[] = ["none", "read", "write"];

function LevelSelect({ id, label, value, onChange, disabled }: { id: string; label: string; value: Level; onChange: (v: Level) => void; disabled?: boolean }) {
  const t = useTranslations("sharing.levels");
  return (
    <select id={id} aria-label={label} className={selectClass} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as Level)}>
      {LEVELS.map((level) => (
        <option key={level} value={level}>
          {t(level)}
        </option>
      ))}
    </select>
  );
}

/** Who may read and edit a scorecard: the whole account, each person, and a public read-only link. */
export function SharingManager({ docId }: { docId: number }) {
  const { data: sharing } = useSuspenseQuery(readQuery("sharing", { docId }));
  const { data: people } = useSuspenseQuery(readQuery("users", {}));
  const t = useTranslations("sharing");
  const roles = useTranslations("roles");
  const errorText = useErrorText();
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
      <Card id="account-access" title={t("everyone")}>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <LevelSelect
            id="account-level"
            label={t("everyoneLevel")}
            value={sharing.account}
            disabled={save.isPending}
            onChange={(account) => update({ account })}
          />
          <span className="text-slate-600 dark:text-slate-400">{t("owner", { owner: sharing.ownerEmail ?? t("nobody") })}</span>
        </div>
      </Card>
      <Table caption={t("each")}>
        <TableHead>
          <Th>{t("person")}</Th>
          <Th>{t("role")}</Th>
          <Th>{t("access")}</Th>
        </TableHead>
        <tbody>
          {others.map((person) => (
            <Tr key={person.id}>
              <Td>{person.email}</Td>
              <Td>
                {roles(person.role)}
                {person.role === "viewer" && <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">{t("readsOnly")}</span>}
              </Td>
              <Td>
                <LevelSelect
                  id={`level-${person.id}`}
                  label={t("accessOf", { email: person.email })}
                  value={levelOf(person.id)}
                  disabled={save.isPending}
                  onChange={(level) => setLevel(person.id, level)}
                />
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
  const t = useTranslations("sharing");
  const [copied, setCopied] = useState(false);
  const path = `/p/${sharing.publicId}`;
  return (
    <Card id="public-link" title={t("public")}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t("publicLead")}</p>
      {sharing.publicId ? (
        <div className="flex flex-wrap items-center gap-2">
          <a href={path} aria-label={t("publicLink")} className="break-all text-sm text-blue-700 underline dark:text-blue-400">
            {path}
          </a>
          <Button
            variant="secondary"
            onClick={async () => {
              await navigator.clipboard.writeText(`${window.location.origin}${path}`).catch(() => {});
              setCopied(true);
            }}
          >
            {copied ? t("copied") : t("copy")}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => onChange(false)}>
            {t("turnOff")}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" disabled={pending} onClick={() => onChange(true)}>
          {t("publish")}
        </Button>
      )}
    </Card>
  );
}
