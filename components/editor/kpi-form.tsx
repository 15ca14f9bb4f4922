"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { CreateKpi, type Grouping, type Optimization, type Period, SCORING_DEFAULTS, UpdateKpi, type KpiNode } from "@/lib/contract/kpis";
import { zodDetails } from "@/lib/contract/common";
import { ApiCallError } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { inputClass, selectClass } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";
import { FormulaField } from "./formula-field";
import { formulaWithGuids, formulaWithNames, type Row } from "./kpi-tree";
import { PERIODS } from "@/lib/contract/constants";
import { useErrorText, useFieldText } from "@/lib/i18n/use-error-text";
import type { Translations } from "@/lib/contract/translations";
import { TranslationFields } from "./translation-fields";

const GROUPINGS: Grouping[] = ["AVERAGE", "SUM", "FIRST", "LAST", "MIN", "MAX"];
const OPTIMIZATIONS: Optimization[] = ["MAXIMIZE", "MINIMIZE", "BINARY"];

type Draft = Record<
  "name" | "description" | "measure" | "formula" | "weight" | "min" | "max" | "validMin" | "validMax" | "baseline" | "target" | "onTrack" | "atRisk" | "cap",
  string
> & {
  indicatorType: "INDICATOR" | "CONTAINER";
  updateInterval: Period;
  grouping: Grouping;
  optimization: Optimization;
  inheritance: boolean;
  /** A user's id as text; "" for nobody. */
  ownerId: string;
  noteRequiredOffTrack: boolean;
  translations: Translations;
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));
const percent = (n: number) => String(Math.round(n * 10_000) / 100);

function draftOf(kpi: KpiNode | null, rows: Row[], type: Draft["indicatorType"]): Draft {
  return {
    name: kpi?.name ?? "",
    description: kpi?.description ?? "",
    measure: kpi?.measure ?? "",
    formula: kpi?.formula ? formulaWithNames(kpi.formula, rows) : "",
    weight: text(kpi?.weight ?? 1),
    min: text(kpi?.min),
    max: text(kpi?.max),
    validMin: text(kpi?.validMin),
    validMax: text(kpi?.validMax),
    baseline: text(kpi?.baseline),
    target: text(kpi?.target),
    onTrack: percent(kpi?.thresholds.onTrack ?? SCORING_DEFAULTS.onTrack),
    atRisk: percent(kpi?.thresholds.atRisk ?? SCORING_DEFAULTS.atRisk),
    cap: percent(kpi?.scoreCap ?? SCORING_DEFAULTS.cap),
    indicatorType: kpi?.indicatorType ?? type,
    updateInterval: kpi?.updateInterval ?? "MONTH",
    grouping: kpi?.grouping ?? "AVERAGE",
    optimization: kpi?.optimization ?? "MAXIMIZE",
    inheritance: kpi?.inheritance ?? false,
    ownerId: kpi?.ownerId ? String(kpi.ownerId) : "",
    noteRequiredOffTrack: kpi?.noteRequiredOffTrack ?? false,
    translations: kpi?.translations ?? {},
  };
}

/** Numbers as typed: empty is null; "12,5" reads as 12.5; anything else stays text for zod to refuse. */
const number = (s: string): number | null | string => {
  const t = s.trim().replace(",", ".");
  if (!t) return null;
  return Number.isFinite(Number(t)) ? Number(t) : s;
};

/** The body for the API from a draft: every field, as the create and update schemas take them. */
function bodyOf(draft: Draft, rows: Row[]) {
  const n = (s: string) => number(s) as number;
  const fraction = (s: string) => (typeof number(s) === "number" ? n(s) / 100 : s);
  return {
    name: draft.name,
    description: draft.description,
    indicatorType: draft.indicatorType,
    measure: draft.measure,
    updateInterval: draft.updateInterval,
    grouping: draft.grouping,
    optimization: draft.optimization,
    inheritance: draft.inheritance,
    formula: draft.indicatorType === "CONTAINER" || !draft.formula.trim() ? null : formulaWithGuids(draft.formula, rows).formula,
    weight: number(draft.weight) ?? 1,
    min: number(draft.min),
    max: number(draft.max),
    validMin: number(draft.validMin),
    validMax: number(draft.validMax),
    baseline: number(draft.baseline),
    target: number(draft.target),
    thresholds: { onTrack: fraction(draft.onTrack), atRisk: fraction(draft.atRisk) },
    scoreCap: fraction(draft.cap),
    ownerId: draft.ownerId ? Number(draft.ownerId) : null,
    noteRequiredOffTrack: draft.noteRequiredOffTrack,
    translations: draft.translations,
  } as Record<string, unknown>;
}

const FIELD_OF: Record<string, string> = { "thresholds.onTrack": "onTrack", "thresholds.atRisk": "atRisk", scoreCap: "cap" };

/** Every setting of one KPI (or a new one under `parentGuid`), checked by the API's own schemas. */
export function KpiForm({
  docId,
  kpi,
  parentGuid,
  newType = "INDICATOR",
  rows,
  lastValues,
  lastMonth,
  onDone,
  onCancel,
}: {
  docId: number;
  kpi: KpiNode | null;
  parentGuid?: string;
  newType?: Draft["indicatorType"];
  rows: Row[];
  lastValues: Map<string, number | null>;
  lastMonth: string;
  onDone: (kpi: { guid: string; name: string }) => void;
  onCancel: () => void;
}) {
  const periods = useTranslations("periods");
  const t = useTranslations("editor.kpi");
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const labels = <K extends string>(keys: readonly K[], word: (k: K) => string) => Object.fromEntries(keys.map((k) => [k, word(k)])) as Record<K, string>;
  const [draft, setDraft] = useState(() => draftOf(kpi, rows, newType));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The service's refusals land on the fields they name, as the form's own checks do.
  const fail = (e: Error) => {
    const details = e instanceof ApiCallError ? e.body.details.filter((d) => d.path) : [];
    setErrors(Object.fromEntries(details.map((d) => [FIELD_OF[d.path] ?? d.path.split(".")[0]!, fieldText(d.message)])));
    setFailure(errorText(e, { whole: true }));
  };
  const create = useWrite("createKpi", { onSuccess: (made) => onDone(made), onError: fail });
  const update = useWrite("updateKpi", { onSuccess: (saved) => onDone(saved), onError: fail });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const isRoot = kpi !== null && kpi.parentGuid === null;
  const isContainer = draft.indicatorType === "CONTAINER";
  const prefix = `kpi-${kpi?.guid ?? "new"}`;
  // The people who may own it: read when a first KPI form opens, then kept while the editor is
  // open (the read is live, uncached on the server, so each form would otherwise cost a call).
  const people = useQuery({ ...readQuery("users", {}), enabled: !isContainer, staleTime: 10 * 60_000 });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = bodyOf(draft, rows);
    if (isContainer)
      for (const k of ["measure", "formula", "min", "max", "validMin", "validMax", "baseline", "target", "ownerId", "noteRequiredOffTrack"]) delete body[k];
    const parsed = kpi ? UpdateKpi.safeParse(body) : CreateKpi.safeParse({ ...body, parentGuid });
    if (!parsed.success) {
      setErrors(Object.fromEntries(zodDetails(parsed.error).map((d) => [FIELD_OF[d.path] ?? d.path.split(".")[0]!, fieldText(d.message)])));
      return;
    }
    setErrors({});
    if (kpi) update.mutate({ input: { docId, guid: kpi.guid }, body: parsed.data as never });
    else create.mutate({ input: { docId }, body: parsed.data as never });
  }

  const field = (key: keyof Draft, label: string, input: ReactNode, hint?: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${prefix}-${key}`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {input}
      {hint && <span className="text-xs text-slate-500 dark:text-slate-400">{hint}</span>}
      {errors[key] && <FieldError id={`${prefix}-${key}-error`}>{errors[key]}</FieldError>}
    </div>
  );
  const textInput = (
    key: Exclude<
      keyof Draft,
      "indicatorType" | "updateInterval" | "grouping" | "optimization" | "inheritance" | "noteRequiredOffTrack" | "ownerId" | "translations"
    >,
    extra: { inputMode?: "decimal" } = {},
  ) => (
    <input
      id={`${prefix}-${key}`}
      className={inputClass}
      value={draft[key]}
      aria-invalid={Boolean(errors[key])}
      aria-describedby={errors[key] ? `${prefix}-${key}-error` : undefined}
      onChange={(e) => set(key, e.target.value)}
      {...extra}
    />
  );
  const owners = (people.data?.items ?? []).filter((u) => u.active || String(u.id) === draft.ownerId);
  const choice = <K extends "updateInterval" | "grouping" | "optimization" | "indicatorType">(key: K, labels: Record<Draft[K], string>, disabled = false) => (
    <select id={`${prefix}-${key}`} className={selectClass} value={draft[key]} disabled={disabled} onChange={(e) => set(key, e.target.value as Draft[K])}>
      {(Object.keys(labels) as Draft[K][]).map((v) => (
        <option key={v} value={v}>
          {labels[v]}
        </option>
      ))}
    </select>
  );
  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} aria-label={kpi ? t("edit", { name: kpi.name }) : t("new")} className="grid gap-4 sm:grid-cols-2" noValidate>
      {field("name", t("name"), textInput("name"))}
      {field("indicatorType", t("type"), choice("indicatorType", { INDICATOR: t("types.INDICATOR"), CONTAINER: t("types.CONTAINER") }, isRoot))}
      <div className="sm:col-span-2">{field("description", t("description"), textInput("description"))}</div>
      {!isContainer && (
        <>
          {field("measure", t("unit"), textInput("measure"), t("unitHint"))}
          {field(
            "updateInterval",
            t("interval"),
            choice(
              "updateInterval",
              labels(PERIODS, (p) => periods(p)),
            ),
          )}
          {field(
            "grouping",
            t("groupingLabel"),
            choice(
              "grouping",
              labels(GROUPINGS, (g) => t(`grouping.${g}`)),
            ),
          )}
          {field(
            "optimization",
            t("direction"),
            choice(
              "optimization",
              labels(OPTIMIZATIONS, (o) => t(`optimization.${o}`)),
            ),
          )}
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={draft.inheritance} onChange={(e) => set("inheritance", e.target.checked)} />
            {t("inheritance")}
          </label>
          {field("target", t("target"), textInput("target", { inputMode: "decimal" }))}
          {field("baseline", t("baseline"), textInput("baseline", { inputMode: "decimal" }), t("baselineHint"))}
          {field("min", t("min"), textInput("min", { inputMode: "decimal" }))}
          {field("max", t("max"), textInput("max", { inputMode: "decimal" }))}
          {field("validMin", t("validMin"), textInput("validMin", { inputMode: "decimal" }), t("validMinHint"))}
          {field("validMax", t("validMax"), textInput("validMax", { inputMode: "decimal" }), t("validMaxHint"))}
          {field(
            "ownerId",
            t("owner"),
            <select id={`${prefix}-ownerId`} className={selectClass} value={draft.ownerId} onChange={(e) => set("ownerId", e.target.value)}>
              <option value="">{t("nobody")}</option>
              {owners.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.email}
                </option>
              ))}
              {people.isPending && draft.ownerId && <option value={draft.ownerId}>{t("loadingPeople")}</option>}
            </select>,
            t("ownerHint"),
          )}
          <label className="flex items-center gap-2 self-center text-sm">
            <input type="checkbox" checked={draft.noteRequiredOffTrack} onChange={(e) => set("noteRequiredOffTrack", e.target.checked)} />
            {t("noteRequired")}
          </label>
          <FormulaField
            id={`${prefix}-formula`}
            guid={kpi?.guid ?? "new"}
            value={draft.formula}
            onChange={(v) => set("formula", v)}
            rows={rows}
            lastValues={lastValues}
            lastMonth={lastMonth}
          />
        </>
      )}
      <TranslationFields id={`${prefix}-translations`} value={draft.translations} onChange={(next) => set("translations", next)} measure={!isContainer} />
      {!isRoot && field("weight", t("weight"), textInput("weight", { inputMode: "decimal" }))}
      {field("onTrack", t("onTrack"), textInput("onTrack", { inputMode: "decimal" }))}
      {field("atRisk", t("atRisk"), textInput("atRisk", { inputMode: "decimal" }), t("atRiskHint"))}
      {field("cap", t("cap"), textInput("cap", { inputMode: "decimal" }))}
      {failure && (
        <div className="sm:col-span-2">
          <FieldError>{failure}</FieldError>
        </div>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {kpi ? t("save") : t("add")}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
