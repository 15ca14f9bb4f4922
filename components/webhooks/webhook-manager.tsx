"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { CreateWebhook, type CreatedWebhook, type WebhookFormat } from "@/lib/contract/webhooks";
import { useErrorText, useFieldText } from "@/lib/i18n/use-error-text";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card, cardClass } from "@/components/ui/card";
import { Field, inputClass, SelectField } from "@/components/ui/field";
import { FieldError, Notice } from "@/components/ui/notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { DeliveryLog } from "./delivery-log";

const FORMATS: WebhookFormat[] = ["standard", "slack", "teams", "google_chat"];

export function WebhookManager() {
  const t = useTranslations("webhooks");
  const locale = useLocale();
  const languageName = new Intl.DisplayNames([locale], { type: "language" });
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const { data } = useSuspenseQuery(readQuery("webhooks", {}));
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  const create = useWrite("createWebhook", {
    onSuccess: (hook) => {
      setCreated(hook);
      setError(null);
      setFormKey((k) => k + 1);
    },
    onError: (e) => setError(errorText(e)),
  });
  const remove = useWrite("deleteWebhook");
  const test = useWrite("testWebhook", {
    onSuccess: (event, { input }) => {
      setNotice(t("testQueued", { id: event.eventId }));
      setOpen(input.id);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = CreateWebhook.safeParse({ name: form.get("name"), url: form.get("url"), format: form.get("format"), language: form.get("language") });
    if (!input.success) return setError(input.error.issues[0] ? fieldText(input.error.issues[0].message) : t("check"));
    // The form keeps what was typed until the webhook is created.
    create.mutate({ input: {}, body: input.data });
  }

  return (
    <div className="flex flex-col gap-6">
      <Card id="new-webhook" title={t("new")}>
        <form key={formKey} onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_2fr_1fr_1fr_auto] sm:items-end" noValidate>
          <Field label={t("name")} id="webhook-name" name="name" required />
          <Field label={t("url")} id="webhook-url" name="url" type="url" placeholder="https://hooks.example.com/gauge" required />
          <SelectField id="webhook-format" label={t("format")} name="format" defaultValue="standard" className={inputClass}>
            {FORMATS.map((value) => (
              <option key={value} value={value}>
                {t(`formats.${value}`)}
              </option>
            ))}
          </SelectField>
          <SelectField id="webhook-language" label={t("language")} name="language" defaultValue={locale} className={inputClass}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_NAMES[code]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={create.isPending}>
            {t("create")}
          </Button>
        </form>
        {error && <FieldError>{error}</FieldError>}
        {/* Slack, Teams and Google Chat verify no signature: the service gives them no secret. */}
        {created?.secret && (
          <ShownOnce title={t("secretOf", { name: created.name })} label={t("secret")} value={created.secret} onDone={() => setCreated(null)} />
        )}
        {created && created.format !== "standard" && (
          <Notice tone="ok" className="mt-3">
            {t("createdUnsigned", { name: created.name, format: t(`formats.${created.format}`) })}
          </Notice>
        )}
      </Card>
      {notice && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {notice}
        </p>
      )}
      {data.items.length === 0 ? (
        <Notice tone="empty">{t("none")}</Notice>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.items.map((hook) => (
            <li key={hook.id} className={cardClass}>
              <div className="flex flex-wrap items-center gap-3">
                <div className="mr-auto min-w-0">
                  <h2 className="font-semibold">{hook.name}</h2>
                  <p className="truncate text-sm text-slate-600 dark:text-slate-400">{hook.url}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {t("formatIn", { format: t(`formats.${hook.format}`), language: languageName.of(hook.language ?? "en") ?? "" })}
                    {hook.disabled && <span className="ml-2 font-medium text-red-700 dark:text-red-300">{t("stopped")}</span>}
                  </p>
                </div>
                <Button variant="secondary" onClick={() => test.mutate({ input: { id: hook.id } })} disabled={test.isPending}>
                  {t("sendTest")}
                </Button>
                <Button variant="secondary" aria-expanded={open === hook.id} onClick={() => setOpen(open === hook.id ? null : hook.id)}>
                  {open === hook.id ? t("hideLog") : t("log")}
                </Button>
                <Button variant="ghost" onClick={() => window.confirm(t("confirmDelete", { name: hook.name })) && remove.mutate({ input: { id: hook.id } })}>
                  {t("delete")}
                </Button>
              </div>
              {open === hook.id && (
                <div className="mt-3">
                  <DeliveryLog webhookId={hook.id} name={hook.name} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
