"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { inputClass, selectClass, Labelled } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";
import { useViewer } from "@/components/layout/viewer";

/** When KPI owners are reminded of a missing value, and where reminders go without e-mail. */
export function ReminderSettings() {
  const t = useTranslations("reminders");
  const errorText = useErrorText();
  const { data: settings } = useSuspenseQuery(readQuery("notificationSettings", {}));
  const { data: hooks } = useSuspenseQuery(readQuery("webhooks", {}));
  const admin = useViewer()?.role === "admin";
  const [days, setDays] = useState(settings.reminderDays === null ? "" : String(settings.reminderDays));
  const [hook, setHook] = useState(settings.reminderWebhookId === null ? "" : String(settings.reminderWebhookId));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useWrite("updateNotificationSettings", {
    onSuccess: () => setMessage({ ok: true, text: t("saved") }),
    onError: (e) => setMessage({ ok: false, text: errorText(e) }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = days.trim();
    if (typed !== "" && !/^\d+$/.test(typed)) return setMessage({ ok: false, text: t("wholeDays") });
    save.mutate({ input: {}, body: { reminderDays: typed === "" ? null : Number(typed), reminderWebhookId: hook === "" ? null : Number(hook) } });
  }

  return (
    <Card id="reminders" title={t("title")}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        {t("lead")} {settings.emailAvailable ? t("byEmail") : t("noEmail")}
      </p>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end" noValidate>
        <Labelled id="reminder-days" label={t("days")}>
          <input
            id="reminder-days"
            inputMode="numeric"
            value={days}
            disabled={!admin}
            onChange={(e) => setDays(e.target.value)}
            placeholder={t("noReminders")}
            className={inputClass}
          />
        </Labelled>
        <Labelled id="reminder-webhook" label={t("webhook")}>
          <select id="reminder-webhook" value={hook} disabled={!admin} onChange={(e) => setHook(e.target.value)} className={selectClass}>
            <option value="">{t("none")}</option>
            {hooks.items.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </select>
        </Labelled>
        {admin && (
          <Button type="submit" disabled={save.isPending}>
            {t("save")}
          </Button>
        )}
      </form>
      {message &&
        (message.ok ? (
          <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-300">
            {message.text}
          </p>
        ) : (
          <FieldError>{message.text}</FieldError>
        ))}
    </Card>
  );
}
