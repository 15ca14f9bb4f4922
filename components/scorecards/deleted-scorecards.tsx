"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { FieldError, Notice } from "@/components/ui/notice";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { useFormats } from "@/lib/i18n/use-formats";

/**
 * Undo for the scorecard just deleted (named in the URL), and the scorecards deleted in the last
 * 30 days with Restore. The list is read only when asked for: viewing scorecards costs no call more.
 */
export function DeletedScorecards() {
  const t = useTranslations("scorecards.deleted");
  const f = useFormats();
  const errorText = useErrorText();
  const params = useSearchParams();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { data, isFetching } = useQuery({ ...readQuery("deletedScorecards", {}), enabled: open });
  const restore = useWrite("restoreScorecard", { onSuccess: (card) => router.replace(`/s/${card.id}`), onError: (e) => setError(errorText(e)) });
  const just = Number(params.get("deleted"));
  const items = data?.items ?? [];

  return (
    <div className="flex flex-col gap-2">
      {just > 0 && (
        <Notice tone="ok" className="flex flex-wrap items-center gap-3">
          <span>{t("just", { name: params.get("name") ?? t("theScorecard") })}</span>
          <Button variant="secondary" className="py-1" disabled={restore.isPending} onClick={() => restore.mutate({ input: { docId: just } })}>
            {t("undo")}
          </Button>
        </Notice>
      )}
      {error && <FieldError>{error}</FieldError>}
      {!open ? (
        <button
          type="button"
          className="self-start text-sm text-slate-600 underline-offset-2 hover:underline dark:text-slate-400"
          onClick={() => setOpen(true)}
        >
          {t("open")}
        </button>
      ) : (
        <section aria-label={t("region")} className="rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800">
          {isFetching && items.length === 0 ? (
            <p>{t("loading")}</p>
          ) : items.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">{t("none")}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {items.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {d.name}{" "}
                    <span className="text-slate-500 dark:text-slate-400">{t("when", { deleted: f.date(d.deletedAt), until: f.date(d.restorableUntil) })}</span>
                  </span>
                  <Button
                    variant="secondary"
                    className="py-1"
                    aria-label={t("restoreName", { name: d.name })}
                    disabled={restore.isPending}
                    onClick={() => restore.mutate({ input: { docId: d.id } })}
                  >
                    {t("restore")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
