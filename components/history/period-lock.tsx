"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { useFormats } from "@/lib/i18n/use-formats";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

/** An admin locks the scorecard's values up to a date (after a review), or unlocks them. */
export function PeriodLock({ docId }: { docId: number }) {
  const fmt = useFormats();
  const { data: card } = useSuspenseQuery(readQuery("scorecard", { docId }));
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const lock = useWrite("lockPeriods", {
    onSuccess: (now) => setMessage({ tone: "ok", text: now.lockedUntil ? `Values up to ${fmt.date(now.lockedUntil)} are locked.` : "Nothing is locked now." }),
    onError: (e) => setMessage({ tone: "error", text: errorText(e) }),
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const until = String(new FormData(event.currentTarget).get("lockedUntil") ?? "");
    if (!until) return setMessage({ tone: "error", text: "Choose the last date to lock" });
    lock.mutate({ input: { docId }, body: { lockedUntil: until } });
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {card.lockedUntil
          ? `Values dated up to ${fmt.date(card.lockedUntil)} are locked: no save, script, import or undo can change them.`
          : "No period is locked. Lock the periods a review has closed, so that no save, script, import or undo can change them."}
      </p>
      <form onSubmit={submit} aria-label="Lock periods" className="flex flex-wrap items-end gap-3" noValidate>
        <Field id="locked-until" name="lockedUntil" type="date" label="Lock values dated up to" defaultValue={card.lockedUntil ?? ""} />
        <Button type="submit" disabled={lock.isPending}>Lock</Button>
        {card.lockedUntil && (
          <Button type="button" variant="secondary" disabled={lock.isPending} onClick={() => lock.mutate({ input: { docId }, body: { lockedUntil: null } })}>
            Unlock all
          </Button>
        )}
      </form>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
    </div>
  );
}
