"use client";

import { useQuery } from "@tanstack/react-query";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/notice";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { useFormats } from "@/lib/i18n/use-formats";

/** The webhook's recent delivery attempts, with a way to send an event again. */
export function DeliveryLog({ webhookId, name }: { webhookId: number; name: string }) {
  const fmt = useFormats();
  const t = useTranslations("webhooks");
  const errorText = useErrorText();
  const when = (iso: string | null) => (iso ? fmt.dateTime(iso) : "–");
  const log = useQuery(readQuery("deliveries", { id: webhookId }));
  const redeliver = useWrite("redeliver");
  const items = log.data?.items ?? [];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold">{t("log")}</h3>
        <Button variant="secondary" onClick={() => void log.refetch()} disabled={log.isFetching}>
          {log.isFetching ? t("deliveries.refreshing") : t("deliveries.refresh")}
        </Button>
      </div>
      {log.isError && <FieldError>{errorText(log.error)}</FieldError>}
      {log.isSuccess && items.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t("deliveries.nothing")}</p>}
      {items.length > 0 && (
        <Table caption={t("deliveries.caption", { name })} dense>
          <TableHead>
            <Th>{t("deliveries.attempted")}</Th>
            <Th>{t("deliveries.what")}</Th>
            <Th>{t("deliveries.result")}</Th>
            <Th>{t("deliveries.response")}</Th>
            <Th>{t("deliveries.next")}</Th>
            <Th>{t("deliveries.event")}</Th>
            <Th>
              <span className="sr-only">{t("deliveries.actions")}</span>
            </Th>
          </TableHead>
          <tbody>
            {items.map((d) => (
              <Tr key={d.id}>
                <Td className="whitespace-nowrap">{when(d.attemptedAt)}</Td>
                <Td>{d.summary}</Td>
                <Td className={`font-medium ${d.status === "succeeded" ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`}>
                  {d.status === "succeeded" ? t("deliveries.delivered") : t("deliveries.failed")}
                </Td>
                <Td>{[d.responseStatus, d.error].filter((x) => x !== null).join(" · ") || "–"}</Td>
                <Td className="whitespace-nowrap">{when(d.nextAttemptAt)}</Td>
                <Td className="font-mono text-xs text-slate-600 dark:text-slate-400">{d.eventId}</Td>
                <Td>
                  <Button
                    variant="ghost"
                    onClick={() => redeliver.mutate({ input: { id: webhookId, eventId: d.eventId } })}
                    disabled={redeliver.isPending}
                    aria-label={t("deliveries.redeliverEvent", { id: d.eventId })}
                  >
                    {t("deliveries.redeliver")}
                  </Button>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
