"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { FieldError, Notice } from "@/components/ui/notice";

const day = (iso: string) => new Date(iso).toLocaleDateString([], { year: "numeric", month: "short", day: "numeric" });

/** Scorecards deleted in the last 30 days, each with Restore; the one just deleted offers Undo. */
export function DeletedScorecards() {
  const { data } = useQuery(readQuery("deletedScorecards", {}));
  const params = useSearchParams();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const restore = useWrite("restoreScorecard", { onSuccess: (card) => router.replace(`/s/${card.id}`), onError: (e) => setError(errorText(e)) });
  const items = data?.items ?? [];
  const just = items.find((d) => String(d.id) === params.get("deleted"));

  return (
    <>
      {just && (
        <Notice tone="ok" className="flex flex-wrap items-center gap-3">
          <span>Deleted {just.name}.</span>
          <Button variant="secondary" className="py-1" onClick={() => restore.mutate({ input: { docId: just.id } })}>Undo</Button>
        </Notice>
      )}
      {error && <FieldError>{error}</FieldError>}
      {items.length > 0 && (
        <details className="rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800">
          <summary className="cursor-pointer font-medium">Recently deleted ({items.length})</summary>
          <ul className="mt-3 flex flex-col gap-2">
            {items.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>{d.name} <span className="text-slate-500 dark:text-slate-400">· deleted {day(d.deletedAt)}, restorable until {day(d.restorableUntil)}</span></span>
                <Button variant="secondary" className="py-1" aria-label={`Restore ${d.name}`} disabled={restore.isPending} onClick={() => restore.mutate({ input: { docId: d.id } })}>Restore</Button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
