"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { FieldError, Notice } from "@/components/ui/notice";
import { formatDate } from "@/lib/format";


/**
 * Undo for the scorecard just deleted (named in the URL), and the scorecards deleted in the last
 * 30 days with Restore. The list is read only when asked for: viewing scorecards costs no call more.
 */
export function DeletedScorecards() {
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
          <span>Deleted {params.get("name") ?? "the scorecard"}. You can restore it for 30 days.</span>
          <Button variant="secondary" className="py-1" disabled={restore.isPending} onClick={() => restore.mutate({ input: { docId: just } })}>Undo</Button>
        </Notice>
      )}
      {error && <FieldError>{error}</FieldError>}
      {!open ? (
        <button type="button" className="self-start text-sm text-slate-600 underline-offset-2 hover:underline dark:text-slate-400" onClick={() => setOpen(true)}>
          Recently deleted scorecards…
        </button>
      ) : (
        <section aria-label="Recently deleted scorecards" className="rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800">
          {isFetching && items.length === 0 ? (
            <p>Loading…</p>
          ) : items.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">None deleted in the last 30 days.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {items.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>{d.name} <span className="text-slate-500 dark:text-slate-400">· deleted {formatDate(d.deletedAt)}, restorable until {formatDate(d.restorableUntil)}</span></span>
                  <Button variant="secondary" className="py-1" aria-label={`Restore ${d.name}`} disabled={restore.isPending} onClick={() => restore.mutate({ input: { docId: d.id } })}>Restore</Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
