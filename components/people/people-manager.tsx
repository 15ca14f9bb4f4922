"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { CreateInvitationRequest, type Role } from "@/lib/contract/people";
import { errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FieldError, Notice } from "@/components/ui/notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { ROLE_LABEL, RoleSelect } from "./role-select";
import { useFormats } from "@/lib/i18n/use-formats";


/** The account's people: invite, change roles, deactivate; only admins see this page. */
export function PeopleManager({ me }: { me: number }) {
  const fmt = useFormats();
  const { data: users } = useSuspenseQuery(readQuery("users", {}));
  const { data: invitations } = useSuspenseQuery(readQuery("invitations", {}));
  const [link, setLink] = useState<{ email: string; url: string; mail: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const invite = useWrite("createInvitation", {
    onSuccess: (created) => {
      const mail = created.emailed
        ? `E-mailed to ${created.email}; the link is also here, once, for copying.`
        : created.emailError
          ? `Could not e-mail it (${created.emailError}): send ${created.email} this link now, it is not shown again.`
          : `Send ${created.email} this link now (e-mail is not set up on this server): it is not shown again.`;
      setLink({ email: created.email, url: `${window.location.origin}/join/${created.token}`, mail });
      setError(null);
    },
    onError: (e) => setError(errorText(e)),
  });
  const update = useWrite("updateUser", { onError: (e) => setError(errorText(e)) });
  const withdraw = useWrite("revokeInvitation");
  const [reset, setReset] = useState<{ email: string; url: string } | null>(null);
  const resetLink = useWrite("createResetLink", { onError: (e) => setError(errorText(e)) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = CreateInvitationRequest.safeParse({ email: form.get("email"), role: form.get("role") });
    if (!input.success) return setError(input.error.issues[0]?.message ?? "Check the form");
    invite.mutate({ input: {}, body: input.data });
    event.currentTarget.reset();
  }

  return (
    <div className="flex flex-col gap-6">
      <Card id="invite" title="Invite a person">
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[2fr_auto_auto] sm:items-end" noValidate>
          <Field label="E-mail" id="invite-email" name="email" type="email" required />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="invite-role" className="text-sm font-medium text-slate-700 dark:text-slate-200">Role</label>
            <RoleSelect id="invite-role" name="role" label="Role" />
          </div>
          <Button type="submit" disabled={invite.isPending}>Create invitation</Button>
        </form>
        <ul className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          {Object.values(ROLE_LABEL).map((text) => <li key={text}>{text}.</li>)}
        </ul>
        {error && <FieldError>{error}</FieldError>}
        {link && (
          <ShownOnce
            title={`Invitation for ${link.email}. ${link.mail} It works once, for 7 days.`}
            label="Invitation link"
            value={link.url}
            onDone={() => setLink(null)}
          />
        )}
      </Card>

      {reset && (
        <ShownOnce
          title={`Password reset link for ${reset.email}: hand it over now. It works once, for one hour, and ends their sessions.`}
          label="Reset link"
          value={reset.url}
          onDone={() => setReset(null)}
        />
      )}
      <Table caption="People of the account">
        <TableHead>
          <Th>Person</Th>
          <Th>Role</Th>
          <Th className="hidden md:table-cell">Since</Th>
          <Th className="hidden md:table-cell">State</Th>
          <Th className="hidden md:table-cell"><span className="sr-only">Actions</span></Th>
        </TableHead>
        <tbody>
          {users.items.map((user) => {
            const state = user.active ? "Active" : <span className="text-slate-600 dark:text-slate-400">Deactivated</span>;
            const toggle = user.id !== me && (
              <>
              {user.active && (
                <Button
                  variant="ghost"
                  disabled={resetLink.isPending}
                  aria-label={`Password reset link for ${user.email}`}
                  onClick={() => resetLink.mutate({ input: { id: user.id } }, { onSuccess: (answer) => setReset({ email: user.email, url: answer.url }) })}
                >
                  Reset link
                </Button>
              )}
              <Button
                variant="ghost"
                disabled={update.isPending}
                onClick={() =>
                  (!user.active || window.confirm(`Deactivate ${user.email}? Their sessions and API keys stop working at once.`)) &&
                  update.mutate({ input: { id: user.id }, body: { active: !user.active } })
                }
              >
                {user.active ? "Deactivate" : "Reactivate"}
              </Button>
              </>
            );
            return (
            <Tr key={user.id}>
              <Td>
                {user.email}{user.id === me && <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">(you)</span>}
                {/* On a phone the other columns come under the person. */}
                <div className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600 md:hidden dark:text-slate-400">
                  <span>Since {fmt.date(user.createdAt)} · {state}</span>
                  {toggle}
                </div>
              </Td>
              <Td>
                <RoleSelect
                  id={`role-${user.id}`}
                  label={`Role of ${user.email}`}
                  value={user.role}
                  disabled={update.isPending}
                  onChange={(role: Role) => update.mutate({ input: { id: user.id }, body: { role } })}
                />
              </Td>
              <Td className="hidden md:table-cell">{fmt.date(user.createdAt)}</Td>
              <Td className="hidden md:table-cell">{state}</Td>
              <Td align="right" className="hidden md:table-cell">{toggle}</Td>
            </Tr>
            );
          })}
        </tbody>
      </Table>

      <Card id="open-invitations" title="Open invitations">
        {invitations.items.length === 0 ? (
          <Notice tone="empty">No open invitations.</Notice>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {invitations.items.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-3">
                <span className="mr-auto">{i.email} · {i.role} · until {fmt.date(i.expiresAt)}</span>
                <Button variant="ghost" onClick={() => withdraw.mutate({ input: { id: i.id } })}>Withdraw</Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
