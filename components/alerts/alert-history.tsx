"use client";

import { useQuery } from "@tanstack/react-query";
import type { Alert } from "@/lib/contract/alerts";
import type { Status } from "@/lib/contract/kpis";
import { readQuery } from "@/lib/bff/queries";
import { formatDateTime, formatScore, fullValue, STATUS_LABEL } from "@/lib/format";
import { Notice } from "@/components/ui/notice";

const DELIVERY: Record<string, string> = { succeeded: "delivered", pending: "retrying", failed: "failed", cancelled: "not sent" };

/** When an alert fired, what it saw, and where each message went (read when opened). */
export function AlertHistory({ docId, alert, measure, thresholds }: { docId: number; alert: Alert; measure: string; thresholds?: { onTrack: number; atRisk: number } }) {
  const { data, isPending, error } = useQuery(readQuery("alertHistory", { docId, id: alert.id }));
  if (isPending) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading the history…</p>;
  if (error) return <Notice tone="error">The history could not be read: {error.message}</Notice>;
  if (data.items.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{alert.name} has not fired yet.</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm" aria-label={`History of ${alert.name}`}>
      {data.items.map((f) => (
        <li key={f.id} className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700">
          <p>
            <strong>{formatDateTime(f.firedAt)}</strong>: {fullValue(f.value, measure)} on {f.date}
            {f.previousValue !== null && <> (was {fullValue(f.previousValue, measure)})</>} · {STATUS_LABEL[f.status as Status] ?? f.status} {formatScore(f.score, thresholds)}
          </p>
          <ul className="mt-1 text-slate-700 dark:text-slate-300">
            {f.deliveries.length === 0 && <li>Sent nowhere (its webhook was disabled)</li>}
            {f.deliveries.map((d) => (
              <li key={d.eventId}>
                {d.channel === "email" ? "E-mail to" : "Webhook"} {d.to}: {DELIVERY[d.status] ?? d.status}
                {d.attempts > 1 && ` after ${d.attempts} attempts`}
                {d.lastError && <span className="text-red-700 dark:text-red-300"> ({d.lastError})</span>}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
