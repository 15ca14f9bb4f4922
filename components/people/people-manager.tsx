"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { CreateInvitationRequest, type Role } from "@/lib/contract/people";
import { useErrorText, useFieldText } from "@/lib/i18n/use-error-text";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Labelled } from "@/components/ui/field";
import { FieldError, Notice } from "@/components/ui/notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { RoleSelect } from "./role-select";
import { useFormats } from "@/lib/i18n/use-formats";

/** The account's people: invite, change roles, deactivate; only admins see this page. */
export function PeopleManager({ me }: { me: number }) {
  const fmt = useFormats();
  const t = useTranslations("people");
  const roles = useTranslations("roles");
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const { data: users } = useSuspenseQuery(readQuery("users", {}));
  const { data: invitations } = useSuspenseQuery(readQuery("invitations", {}));
  const [link, setLink] = useState<{ email: string; url: string; mail: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const invite = useWrite("createInvitation", {
    onSuccess: (created) => {
      const mail = t(created.emailed ? "emailed" : created.emailError ? "mailFailed" : "noMail", { email: created.email });
      setLink({ email: created.email, url: `${window.location.origin}/join/${created.token}`, mail });
      setError(null);
    },
    onError: (e) => setError(errorText(e)),
  });
  const update = useWrite("updateUser", { onError: (e) => setError(errorText(e)) });
  const withdraw = useWrite("revokeInvitation");
  const [reset, setReset] = useState<{ email: string; url: string } | null>(null);
  const resetLink = useWrite("createResetLink", { onError: (e) => setError(errorText(e)) });
  const [cleared, setCleared] = useState<string | null>(null);
  const clearTwoFactor = useWrite("clearTwoFactor", { onError: (e) => setError(errorText(e)) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = CreateInvitationRequest.safeParse({ email: form.get("email"), role: form.get("role") });
    if (!input.success) return setError(input.error.issues[0] ? fieldText(input.error.issues[0].message) : t("check"));
    invite.mutate({ input: {}, body: input.data });
    event.currentTarget.reset();
  }

  return (
    <div className="flex flex-col gap-6">
      <Card id="invite" title={t("invite")}>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[2fr_auto_auto] sm:items-end" noValidate>
          <Field label={t("email")} id="invite-email" name="email" type="email" required />
          <Labelled id="invite-role" label={t("role")}>
            <RoleSelect id="invite-role" name="role" label={t("role")} />
          </Labelled>
          <Button type="submit" disabled={invite.isPending}>
            {t("createInvitation")}
          </Button>
        </form>
        <ul className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          {(["admin", "expert", "viewer"] as const).map((role) => (
            <li key={role}>{roles(`means.${role}`)}.</li>
          ))}
        </ul>
        {error && <FieldError>{error}</FieldError>}
        {link && (
          <ShownOnce
            title={t("invitationFor", { email: link.email, mail: link.mail })}
            label={t("invitationLink")}
            value={link.url}
            onDone={() => setLink(null)}
          />
        )}
      </Card>

      {cleared && <Notice tone="ok">{t("clearedTwoFactor", { email: cleared })}</Notice>}
      {reset && <ShownOnce title={t("resetFor", { email: reset.email })} label={t("resetLink")} value={reset.url} onDone={() => setReset(null)} />}
      <Table caption={t("caption")}>
        <TableHead>
          <Th>{t("person")}</Th>
          <Th>{t("role")}</Th>
          <Th className="hidden md:table-cell">{t("since")}</Th>
          <Th className="hidden md:table-cell">{t("state")}</Th>
          <Th className="hidden md:table-cell">
            <span className="sr-only">{t("actions")}</span>
          </Th>
        </TableHead>
        <tbody>
          {users.items.map((user) => {
            const state = user.active ? t("active") : <span className="text-slate-600 dark:text-slate-400">{t("deactivated")}</span>;
            const toggle = user.id !== me && (
              <>
                {user.active && (
                  <Button
                    variant="ghost"
                    disabled={resetLink.isPending}
                    aria-label={t("resetLinkFor", { email: user.email })}
                    onClick={() => resetLink.mutate({ input: { id: user.id } }, { onSuccess: (answer) => setReset({ email: user.email, url: answer.url }) })}
                  >
                    {t("resetLink")}
                  </Button>
                )}
                {user.active && user.twoFactor && (
                  <Button
                    variant="ghost"
                    disabled={clearTwoFactor.isPending}
                    aria-label={t("clearTwoFactorFor", { email: user.email })}
                    onClick={() =>
                      window.confirm(t("confirmClearTwoFactor", { email: user.email })) &&
                      clearTwoFactor.mutate({ input: { id: user.id } }, { onSuccess: () => (setCleared(user.email), setError(null)) })
                    }
                  >
                    {t("clearTwoFactor")}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  disabled={update.isPending}
                  onClick={() =>
                    (!user.active || window.confirm(t("confirmDeactivate", { email: user.email }))) &&
                    update.mutate({ input: { id: user.id }, body: { active: !user.active } })
                  }
                >
                  {user.active ? t("deactivate") : t("reactivate")}
                </Button>
              </>
            );
            return (
              <Tr key={user.id}>
                <Td>
                  {user.email}
                  {user.id === me && <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">{t("you")}</span>}
                  {/* On a phone the other columns come under the person. */}
                  <div className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600 md:hidden dark:text-slate-400">
                    <span>
                      {t("sinceState", { date: fmt.date(user.createdAt) })}
                      {state}
                    </span>
                    {toggle}
                  </div>
                </Td>
                <Td>
                  <RoleSelect
                    id={`role-${user.id}`}
                    label={t("roleOf", { email: user.email })}
                    value={user.role}
                    disabled={update.isPending}
                    onChange={(role: Role) => update.mutate({ input: { id: user.id }, body: { role } })}
                  />
                </Td>
                <Td className="hidden md:table-cell">{fmt.date(user.createdAt)}</Td>
                <Td className="hidden md:table-cell">{state}</Td>
                <Td align="right" className="hidden md:table-cell">
                  {toggle}
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </Table>

      <Card id="open-invitations" title={t("openInvitations")}>
        {invitations.items.length === 0 ? (
          <Notice tone="empty">{t("noInvitations")}</Notice>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {invitations.items.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-3">
                <span className="mr-auto">
                  {i.email} · {roles(i.role)} · {t("until", { date: fmt.date(i.expiresAt) })}
                </span>
                <Button variant="ghost" onClick={() => withdraw.mutate({ input: { id: i.id } })}>
                  {t("withdraw")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
