"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorText, useFieldText } from "@/lib/i18n/use-error-text";
import { zodDetails } from "@/lib/contract/common";
import { DurationUnit, InitiativeBody, InitiativeStatus, type Initiative } from "@/lib/contract/initiatives";
import type { KpiNode } from "@/lib/contract/kpis";
import { ApiCallError } from "@/lib/bff/http";
import { useWrite } from "@/lib/bff/queries";
import { InitiativeStatusPill, useInitiativeFacts } from "@/components/kpi/initiative-list";
import { Button } from "@/components/ui/button";
import { inputClass, selectClass } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";

/** The form's fields as the API's initiative body; blanks are left out, numbers read as typed. */
function bodyFrom(data: FormData) {
  const text = (k: string) => String(data.get(k) ?? "").trim();
  const optional = (k: string) => text(k) || undefined;
  const number = (k: string) => (text(k) ? (Number.isFinite(Number(text(k).replace(",", "."))) ? Number(text(k).replace(",", ".")) : text(k)) : undefined);
  return {
    name: text("name"),
    status: text("status"),
    initiativeType: text("initiativeType") || "PROJECT",
    description: optional("description"),
    intervalStart: optional("intervalStart"),
    intervalEnd: optional("intervalEnd"),
    budget: number("budget"),
    actualBudget: number("actualBudget"),
    currency: optional("currency")?.toUpperCase(),
    duration: number("duration"),
    durationUnit: text("duration") ? text("durationUnit") : undefined,
    responsible: text("responsible")
      ? text("responsible")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
    showOnMap: data.get("showOnMap") === "on",
  };
}

function InitiativeForm({ docId, kpi, initiative, onDone }: { docId: number; kpi: KpiNode; initiative: Initiative | null; onDone: () => void }) {
  const t = useTranslations("editor.initiatives");
  const statuses = useTranslations("initiatives.status");
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fail = (e: Error) => {
    const details = e instanceof ApiCallError ? e.body.details.filter((d) => d.path) : [];
    setErrors(details.length ? Object.fromEntries(details.map((d) => [d.path, fieldText(d.message)])) : { form: errorText(e) });
  };
  const create = useWrite("createInitiative", { onSuccess: onDone, onError: fail });
  const update = useWrite("updateInitiative", { onSuccess: onDone, onError: fail });
  const prefix = `initiative-${initiative?.guid ?? "new"}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = InitiativeBody.safeParse(bodyFrom(new FormData(event.currentTarget)));
    if (!parsed.success) return setErrors(Object.fromEntries(zodDetails(parsed.error).map((d) => [d.path, fieldText(d.message)])));
    setErrors({});
    if (initiative) update.mutate({ input: { docId, guid: kpi.guid, initiativeGuid: initiative.guid }, body: parsed.data });
    else create.mutate({ input: { docId, guid: kpi.guid }, body: parsed.data });
  }

  const field = (name: string, label: string, input: React.ReactNode) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${prefix}-${name}`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {input}
      {errors[name] && <FieldError>{errors[name]}</FieldError>}
    </div>
  );
  const input = (name: string, value: string | number | null | undefined, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input id={`${prefix}-${name}`} name={name} className={inputClass} defaultValue={value ?? ""} aria-invalid={Boolean(errors[name])} {...extra} />
  );
  return (
    <form
      onSubmit={submit}
      aria-label={initiative ? t("editForm", { name: initiative.name }) : t("newForm")}
      className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700"
      noValidate
    >
      {field("name", t("name"), input("name", initiative?.name))}
      {field(
        "status",
        t("status"),
        <select id={`${prefix}-status`} name="status" className={selectClass} defaultValue={initiative?.status ?? "NOT_STARTED"}>
          {InitiativeStatus.options.map((s) => (
            <option key={s} value={s}>
              {statuses(s)}
            </option>
          ))}
        </select>,
      )}
      {field("intervalStart", t("starts"), input("intervalStart", initiative?.intervalStart, { type: "date" }))}
      {field("intervalEnd", t("ends"), input("intervalEnd", initiative?.intervalEnd, { type: "date" }))}
      {field("budget", t("budget"), input("budget", initiative?.budget, { inputMode: "decimal" }))}
      {field("actualBudget", t("spent"), input("actualBudget", initiative?.actualBudget, { inputMode: "decimal" }))}
      {field("currency", t("currency"), input("currency", initiative?.currency || "USD", { maxLength: 3 }))}
      {field("responsible", t("responsible"), input("responsible", initiative?.responsible.join(", ")))}
      {field(
        "duration",
        t("duration"),
        <div className="flex gap-2">
          {input("duration", initiative?.duration, { inputMode: "decimal" })}
          <select aria-label={t("durationUnit")} name="durationUnit" className={selectClass} defaultValue={initiative?.durationUnit ?? "MONTH"}>
            {DurationUnit.options.map((u) => (
              <option key={u} value={u}>
                {t(`units.${u}`)}
              </option>
            ))}
          </select>
        </div>,
      )}
      {field("initiativeType", t("kind"), input("initiativeType", initiative?.initiativeType ?? "PROJECT"))}
      <div className="sm:col-span-2">{field("description", t("description"), input("description", initiative?.description))}</div>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="showOnMap" defaultChecked={initiative?.showOnMap ?? true} /> {t("showOnMap")}
      </label>
      {errors.form && (
        <div className="sm:col-span-2">
          <FieldError>{errors.form}</FieldError>
        </div>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {initiative ? t("save") : t("add")}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}

/** A KPI's initiatives: each with its status and facts, editable; a form adds one. */
export function InitiativesEditor({ docId, kpi }: { docId: number; kpi: KpiNode }) {
  const t = useTranslations("editor.initiatives");
  const initiativeFacts = useInitiativeFacts();
  const [open, setOpen] = useState<string | "new" | null>(null);
  const remove = useWrite("deleteInitiative");
  return (
    <section aria-label={t("region", { name: kpi.name })} className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h3 className="font-semibold">{t("title")}</h3>
        {open !== "new" && (
          <Button variant="secondary" onClick={() => setOpen("new")}>
            {t("add")}
          </Button>
        )}
      </div>
      {open === "new" && <InitiativeForm docId={docId} kpi={kpi} initiative={null} onDone={() => setOpen(null)} />}
      {kpi.initiatives.length === 0 && open !== "new" && <p className="text-sm text-slate-600 dark:text-slate-400">{t("none")}</p>}
      <ul className="flex flex-col gap-2">
        {kpi.initiatives.map((i) =>
          open === i.guid ? (
            <li key={i.guid}>
              <InitiativeForm docId={docId} kpi={kpi} initiative={i} onDone={() => setOpen(null)} />
            </li>
          ) : (
            <li key={i.guid} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{i.name}</span>
              <InitiativeStatusPill status={i.status} />
              <span className="text-slate-600 dark:text-slate-400">{initiativeFacts(i)}</span>
              <span className="ml-auto flex gap-1">
                <Button variant="ghost" className="py-0.5" aria-label={t("editName", { name: i.name })} onClick={() => setOpen(i.guid)}>
                  {t("edit")}
                </Button>
                <Button
                  variant="ghost"
                  className="py-0.5"
                  aria-label={t("removeName", { name: i.name })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ input: { docId, guid: kpi.guid, initiativeGuid: i.guid } })}
                >
                  {t("remove")}
                </Button>
              </span>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
