"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorText, useFieldText } from "@/lib/i18n/use-error-text";
import { AlertCondition, CreateAlert, type Alert } from "@/lib/contract/alerts";
import type { KpiNode } from "@/lib/contract/kpis";
import type { User } from "@/lib/contract/people";
import type { Webhook } from "@/lib/contract/webhooks";
import { ApiCallError } from "@/lib/bff/http";
import { useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";

interface Draft {
  name: string;
  kpiGuid: string;
  condition: AlertCondition;
  /** As typed: in the KPI's unit, or in percent for a score. */
  threshold: string;
  webhookId: string;
  emailUserIds: number[];
}

const fromAlert = (a: Alert): Draft => ({
  name: a.name,
  kpiGuid: a.kpiGuid,
  condition: a.condition,
  threshold:
    a.threshold === null
      ? ""
      : String(a.condition === "PERFORMANCE_BELOW" || a.condition === "FORECAST_BELOW_TARGET" ? Math.round(a.threshold * 10000) / 100 : a.threshold),
  webhookId: a.webhookId === null ? "" : String(a.webhookId),
  emailUserIds: a.emailUserIds,
});

/** The API's field names, as this form's fields. */
const fieldOf = (path: string) => path.split(".")[0]!;

interface Props {
  docId: number;
  kpis: KpiNode[];
  hooks: Webhook[];
  people: User[];
  /** Why e-mail cannot be chosen, when it cannot. */
  emailUnavailable: string | null;
  alert?: Alert;
  onDone: () => void;
}

/** Creates or edits an alert. Input stays as typed when the server refuses it; each field says why. */
export function AlertForm({ docId, kpis, hooks, people, emailUnavailable, alert, onDone }: Props) {
  const [draft, setDraft] = useState<Draft>(
    alert
      ? fromAlert(alert)
      : { name: "", kpiGuid: kpis[0]?.guid ?? "", condition: "VALUE_ABOVE", threshold: "", webhookId: hooks[0] ? String(hooks[0].id) : "", emailUserIds: [] },
  );
  const t = useTranslations("alerts.form");
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onError = (e: Error) => {
    const details = e instanceof ApiCallError ? e.body.details.filter((d) => d.path) : [];
    setErrors(details.length ? Object.fromEntries(details.map((d) => [fieldOf(d.path), fieldText(d.message)])) : { form: errorText(e) });
  };
  const create = useWrite("createAlert", { onSuccess: onDone, onError });
  const update = useWrite("updateAlert", { onSuccess: onDone, onError });
  const kpi = kpis.find((k) => k.guid === draft.kpiGuid);
  const byScore = draft.condition === "PERFORMANCE_BELOW" || draft.condition === "FORECAST_BELOW_TARGET";
  const unit = byScore ? "%" : kpi?.measure || "";
  const prefix = alert ? `alert-${alert.id}` : "alert-new";
  const set = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in change) && k !== "form")));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = draft.threshold.trim().replace(",", ".");
    const number = typed === "" ? undefined : Number(typed);
    const input = CreateAlert.safeParse({
      name: draft.name,
      kpiGuid: draft.kpiGuid,
      condition: draft.condition,
      threshold: draft.condition === "VALUE_CHANGED" || number === undefined ? undefined : byScore ? number / 100 : number,
      webhookId: draft.webhookId === "" ? null : Number(draft.webhookId),
      emailUserIds: draft.emailUserIds,
    });
    if (!input.success) {
      return setErrors(
        Object.fromEntries(
          input.error.issues.map((i) => [
            fieldOf(i.path.map(String).join(".")),
            i.path[0] === "threshold" && number !== undefined && !Number.isFinite(number) ? t("enterNumber") : fieldText(i.message),
          ]),
        ),
      );
    }
    if (alert) update.mutate({ input: { docId, id: alert.id }, body: { ...input.data, threshold: input.data.threshold ?? null } });
    else create.mutate({ input: { docId }, body: input.data });
  }

  const err = (field: string) => (errors[field] ? <FieldError id={`${prefix}-${field}-error`}>{errors[field]}</FieldError> : null);
  const invalid = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${prefix}-${field}-error` } : {});
  const label = "text-sm font-medium text-slate-700 dark:text-slate-200";

  return (
    <form onSubmit={submit} className="grid gap-3 md:grid-cols-3" noValidate aria-label={alert ? t("editName", { name: alert.name }) : t("new")}>
      <div className="flex flex-col gap-1.5">
        <Field label={t("name")} id={`${prefix}-name`} value={draft.name} onChange={(e) => set({ name: e.target.value })} {...invalid("name")} />
        {err("name")}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${prefix}-kpi`} className={label}>
          {t("kpi")}
        </label>
        <select id={`${prefix}-kpi`} value={draft.kpiGuid} onChange={(e) => set({ kpiGuid: e.target.value })} className={inputClass} {...invalid("kpiGuid")}>
          {kpis.map((k) => (
            <option key={k.guid} value={k.guid}>
              {k.name}
            </option>
          ))}
        </select>
        {err("kpiGuid")}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${prefix}-condition`} className={label}>
          {t("when")}
        </label>
        <select
          id={`${prefix}-condition`}
          value={draft.condition}
          onChange={(e) => set({ condition: e.target.value as AlertCondition })}
          className={inputClass}
        >
          {AlertCondition.options.map((c) => (
            <option key={c} value={c}>
              {t(`conditions.${c}`)}
            </option>
          ))}
        </select>
      </div>
      {draft.condition !== "VALUE_CHANGED" && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${prefix}-threshold`} className={label}>
            {t("threshold")}
            {unit && ` (${unit === "USD" ? "$" : unit})`}
          </label>
          <input
            id={`${prefix}-threshold`}
            inputMode="decimal"
            value={draft.threshold}
            onChange={(e) => set({ threshold: e.target.value })}
            className={inputClass}
            {...invalid("threshold")}
          />
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {byScore ? t("byScore") : t("inUnit", { kpi: kpi?.name ?? t("theKpi"), measure: kpi?.measure ? ` (${kpi.measure})` : "" })}
          </span>
          {err("threshold")}
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${prefix}-webhook`} className={label}>
          {t("postTo")}
        </label>
        <select
          id={`${prefix}-webhook`}
          value={draft.webhookId}
          onChange={(e) => set({ webhookId: e.target.value })}
          className={inputClass}
          {...invalid("webhookId")}
        >
          <option value="">{t("noWebhook")}</option>
          {hooks.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name}
            </option>
          ))}
        </select>
        {err("webhookId")}
      </div>
      <fieldset className="flex flex-col gap-1.5" {...invalid("emailUserIds")}>
        <legend className={label}>{t("email")}</legend>
        {emailUnavailable ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">{emailUnavailable}.</p>
        ) : (
          <div className="flex max-h-28 flex-col gap-1 overflow-y-auto text-sm">
            {people.map((p) => (
              <label key={p.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={draft.emailUserIds.includes(p.id)}
                  onChange={(e) => set({ emailUserIds: e.target.checked ? [...draft.emailUserIds, p.id] : draft.emailUserIds.filter((id) => id !== p.id) })}
                  className="h-4 w-4 accent-blue-700"
                />
                {p.email}
              </label>
            ))}
          </div>
        )}
        {err("emailUserIds")}
      </fieldset>
      <div className="flex items-end gap-2 md:col-span-3">
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {alert ? t("save") : t("create")}
        </Button>
        {alert && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {t("cancel")}
          </Button>
        )}
        {err("form")}
      </div>
    </form>
  );
}
