"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { inputClass, selectClass } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";
import { useViewer } from "@/components/layout/viewer";

/** When KPI owners are reminded of a missing value, and where reminders go without e-mail. */
export function ReminderSettings() {
  const { data: settings } = useSuspenseQuery(readQuery("notificationSettings", {}));
  const { data: hooks } = useSuspenseQuery(readQuery("webhooks", {}));
  const admin = useViewer()?.role === "admin";
  const [days, setDays] = useState(settings.reminderDays === null ? "" : String(settings.reminderDays));
  const [hook, setHook] = useState(settings.reminderWebhookId === null ? "" : String(settings.reminderWebhookId));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useWrite("updateNotificationSettings", {
    onSuccess: () => setMessage({ ok: true, text: "Saved." }),
    onError: (e) => setMessage({ ok: false, text: errorText(e) }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = days.trim();
    if (typed !== "" && !/^\d+$/.test(typed)) return setMessage({ ok: false, text: "Enter a whole number of days, or leave it empty for no reminders" });
    save.mutate({ input: {}, body: { reminderDays: typed === "" ? null : Number(typed), reminderWebhookId: hook === "" ? null : Number(hook) } });
  }

  return (
    <Card id="reminders" title="Reminders">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        A KPI&apos;s owner (set in the scorecard editor) is reminded once when its last period has no value some days after it ended, and gets a weekly digest.{" "}
        {settings.emailAvailable ? "Reminders go by e-mail." : `${settings.emailUnavailableReason}; reminders go to the webhook chosen here.`}
      </p>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end" noValidate>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="reminder-days" className="text-sm font-medium text-slate-700 dark:text-slate-200">Days after a period ends</label>
          <input id="reminder-days" inputMode="numeric" value={days} disabled={!admin} onChange={(e) => setDays(e.target.value)} placeholder="No reminders" className={inputClass} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="reminder-webhook" className="text-sm font-medium text-slate-700 dark:text-slate-200">Webhook for reminders</label>
          <select id="reminder-webhook" value={hook} disabled={!admin} onChange={(e) => setHook(e.target.value)} className={selectClass}>
            <option value="">None</option>
            {hooks.items.map((h) => <option key={h.id} value={h.id}>{h.name}</option>)}
          </select>
        </div>
        {admin && <Button type="submit" disabled={save.isPending}>Save reminders</Button>}
      </form>
      {message && (message.ok ? <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-300">{message.text}</p> : <FieldError>{message.text}</FieldError>)}
    </Card>
  );
}
