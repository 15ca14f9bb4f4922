"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { QueuedEvent } from "@/lib/contract/webhooks";
import { bffFetch, deliveriesQuery, queryKeys } from "@/lib/queries";
import { Button } from "@/components/ui/button";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString([], { dateStyle: "short", timeStyle: "medium" }) : "–");

/** The webhook's recent delivery attempts, with a way to send an event again. */
export function DeliveryLog({ webhookId, name }: { webhookId: number; name: string }) {
  const queryClient = useQueryClient();
  const log = useQuery(deliveriesQuery(webhookId));
  const redeliver = useMutation({
    mutationFn: (eventId: string) =>
      bffFetch(QueuedEvent, `/api/webhooks/${webhookId}/events/${eventId}/redeliver`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.deliveries(webhookId) }),
  });
  const items = log.data?.items ?? [];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold">Delivery log</h3>
        <Button variant="secondary" onClick={() => void log.refetch()} disabled={log.isFetching}>
          {log.isFetching ? "Refreshing…" : "Refresh"}
        </Button>
      </div>
      {log.isError && <p role="alert" className="text-sm text-red-700 dark:text-red-300">{log.error.message}</p>}
      {log.isSuccess && items.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">Nothing sent yet.</p>}
      {items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Delivery attempts of {name}</caption>
            <thead className="text-left text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">Attempted</th>
                <th scope="col" className="py-1 pr-3 font-medium">Result</th>
                <th scope="col" className="py-1 pr-3 font-medium">Response</th>
                <th scope="col" className="py-1 pr-3 font-medium">Next attempt</th>
                <th scope="col" className="py-1 pr-3 font-medium">Event</th>
                <th scope="col" className="py-1 font-medium"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <tr key={d.id} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1 pr-3 whitespace-nowrap">{when(d.attemptedAt)}</td>
                  <td className={`py-1 pr-3 font-medium ${d.status === "succeeded" ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`}>
                    {d.status === "succeeded" ? "✓ Delivered" : "✗ Failed"}
                  </td>
                  <td className="py-1 pr-3">{d.responseStatus ?? d.error ?? "–"}</td>
                  <td className="py-1 pr-3 whitespace-nowrap">{when(d.nextAttemptAt)}</td>
                  <td className="py-1 pr-3 font-mono text-xs">{d.eventId}</td>
                  <td className="py-1">
                    <Button variant="ghost" onClick={() => redeliver.mutate(d.eventId)} disabled={redeliver.isPending} aria-label={`Redeliver event ${d.eventId}`}>
                      Redeliver
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
