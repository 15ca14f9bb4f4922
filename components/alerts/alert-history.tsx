"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { Alert } from "@/lib/contract/alerts";
import type { Status } from "@/lib/contract/kpis";
import { readQuery } from "@/lib/bff/queries";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { useFormats } from "@/lib/i18n/use-formats";
import { Notice } from "@/components/ui/notice";

/** When an alert fired, what it saw, and where each message went (read when opened). */
export function AlertHistory({
  docId,
  alert,
  measure,
  thresholds,
}: {
  docId: number;
  alert: Alert;
  measure: string;
  thresholds?: { onTrack: number; atRisk: number };
}) {
  const fmt = useFormats();
  const t = useTranslations("alerts.firings");
  const errorText = useErrorText();
  const delivery = (status: string) => (["succeeded", "pending", "failed", "cancelled"].includes(status) ? t(`delivery.${status as "failed"}`) : status);
  const { data, isPending, error } = useQuery(readQuery("alertHistory", { docId, id: alert.id }));
  if (isPending) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("loading")}</p>;
  if (error) return <Notice tone="error">{t("unreadable", { reason: errorText(error) })}</Notice>;
  if (data.items.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("never", { name: alert.name })}</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm" aria-label={t("of", { name: alert.name })}>
      {data.items.map((f) => (
        <li key={f.id} className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700">
          <p>
            {t.rich("fired", {
              when: fmt.dateTime(f.firedAt),
              value: fmt.full(f.value, measure),
              date: fmt.date(f.date),
              b: (chunks) => <strong>{chunks}</strong>,
            })}
            {f.previousValue !== null && t("was", { value: fmt.full(f.previousValue, measure) })} · {fmt.status(f.status as Status)}{" "}
            {fmt.score(f.score, thresholds)}
          </p>
          <ul className="mt-1 text-slate-700 dark:text-slate-300">
            {f.deliveries.length === 0 && <li>{t("nowhere")}</li>}
            {f.deliveries.map((d) => (
              <li key={d.eventId}>
                {t(d.channel === "email" ? "emailTo" : "webhook", { to: d.to, status: delivery(d.status) })}
                {d.attempts > 1 && t("attempts", { count: d.attempts })}
                {d.lastError && <span className="text-red-700 dark:text-red-300"> ({d.lastError})</span>}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
