"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { useFormats } from "@/lib/i18n/use-formats";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { DateField } from "@/components/ui/date-input";

/** An admin locks the scorecard's values up to a date (after a review), or unlocks them. */
export function PeriodLock({ docId }: { docId: number }) {
  const fmt = useFormats();
  const t = useTranslations("history.lock");
  const errorText = useErrorText();
  const { data: card } = useSuspenseQuery(readQuery("scorecard", { docId }));
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const lock = useWrite("lockPeriods", {
    onSuccess: (now) => setMessage({ tone: "ok", text: now.lockedUntil ? t("locked", { date: fmt.date(now.lockedUntil) }) : t("nothing") }),
    onError: (e) => setMessage({ tone: "error", text: errorText(e) }),
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const until = String(new FormData(event.currentTarget).get("lockedUntil") ?? "");
    if (!until) return setMessage({ tone: "error", text: t("choose") });
    lock.mutate({ input: { docId }, body: { lockedUntil: until } });
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">{card.lockedUntil ? t("lockedLong", { date: fmt.date(card.lockedUntil) }) : t("none")}</p>
      <form onSubmit={submit} aria-label={t("form")} className="flex flex-wrap items-end gap-3" noValidate>
        <DateField id="locked-until" name="lockedUntil" label={t("upTo")} defaultValue={card.lockedUntil ?? ""} />
        <Button type="submit" disabled={lock.isPending}>
          {t("lock")}
        </Button>
        {card.lockedUntil && (
          <Button type="button" variant="secondary" disabled={lock.isPending} onClick={() => lock.mutate({ input: { docId }, body: { lockedUntil: null } })}>
            {t("unlock")}
          </Button>
        )}
      </form>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
    </div>
  );
}
