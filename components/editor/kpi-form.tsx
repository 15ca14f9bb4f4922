"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { CreateKpi, Grouping, Optimization, Period, SCORING_DEFAULTS, UpdateKpi, type KpiNode } from "@/lib/contract/kpis";
import { zodDetails } from "@/lib/contract/common";
import { ApiCallError, errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { inputClass, selectClass } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";
import { FormulaField } from "./formula-field";
import { formulaWithGuids, formulaWithNames, type Row } from "./kpi-tree";

const GROUPING_LABELS: Record<Grouping, string> = { AVERAGE: "Average", SUM: "Sum", FIRST: "First", LAST: "Last", MIN: "Lowest", MAX: "Highest" };
const OPTIMIZATION_LABELS: Record<Optimization, string> = { MAXIMIZE: "More is better", MINIMIZE: "Less is better", BINARY: "Met or not (at target)" };

type Draft = Record<"name" | "description" | "measure" | "formula" | "weight" | "min" | "max" | "validMin" | "validMax" | "baseline" | "target" | "onTrack" | "atRisk" | "cap", string> & {
  indicatorType: "INDICATOR" | "CONTAINER";
  updateInterval: Period;
  grouping: Grouping;
  optimization: Optimization;
  inheritance: boolean;
  /** A user's id as text; "" for nobody. */
  ownerId: string;
  noteRequiredOffTrack: boolean;
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
  } as Record<string, unknown>;
}

const FIELD_OF: Record<string, string> = { "thresholds.onTrack": "onTrack", "thresholds.atRisk": "atRisk", scoreCap: "cap" };

/** Every setting of one KPI (or a new one under `parentGuid`), checked by the API's own schemas. */
export function KpiForm({ docId, kpi, parentGuid, newType = "INDICATOR", rows, lastValues, lastMonth, onDone, onCancel }: {
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
  const [draft, setDraft] = useState(() => draftOf(kpi, rows, newType));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The service's refusals land on the fields they name, as the form's own checks do.
  const fail = (e: Error) => {
    const details = e instanceof ApiCallError ? e.body.details.filter((d) => d.path) : [];
    setErrors(Object.fromEntries(details.map((d) => [FIELD_OF[d.path] ?? d.path.split(".")[0]!, d.message])));
    setFailure(details.length ? e.message : errorText(e));
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
    if (isContainer) for (const k of ["measure", "formula", "min", "max", "validMin", "validMax", "baseline", "target", "ownerId", "noteRequiredOffTrack"]) delete body[k];
    const parsed = kpi ? UpdateKpi.safeParse(body) : CreateKpi.safeParse({ ...body, parentGuid });
    if (!parsed.success) {
      setErrors(Object.fromEntries(zodDetails(parsed.error).map((d) => [FIELD_OF[d.path] ?? d.path.split(".")[0]!, d.message])));
      return;
    }
    setErrors({});
    if (kpi) update.mutate({ input: { docId, guid: kpi.guid }, body: parsed.data as never });
    else create.mutate({ input: { docId }, body: parsed.data as never });
  }

  const field = (key: keyof Draft, label: string, input: ReactNode, hint?: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${prefix}-${key}`} className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</label>
      {input}
      {hint && <span className="text-xs text-slate-500 dark:text-slate-400">{hint}</span>}
      {errors[key] && <FieldError id={`${prefix}-${key}-error`}>{errors[key]}</FieldError>}
    </div>
  );
  const textInput = (key: Exclude<keyof Draft, "indicatorType" | "updateInterval" | "grouping" | "optimization" | "inheritance" | "noteRequiredOffTrack" | "ownerId">, extra: { inputMode?: "decimal" } = {}) => (
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
      {(Object.keys(labels) as Draft[K][]).map((v) => <option key={v} value={v}>{labels[v]}</option>)}
    </select>
  );
  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} aria-label={kpi ? `Edit ${kpi.name}` : "New KPI"} className="grid gap-4 sm:grid-cols-2" noValidate>
      {field("name", "Name", textInput("name"))}
      {field("indicatorType", "Type", choice("indicatorType", { INDICATOR: "KPI (takes values or a formula)", CONTAINER: "Container (perspective or objective)" }, isRoot))}
      <div className="sm:col-span-2">{field("description", "Description", textInput("description"))}</div>
      {!isContainer && (
        <>
          {field("measure", "Unit", textInput("measure"), "For example USD, %, days")}
          {field("updateInterval", "Updated every", choice("updateInterval", { DAY: periods("DAY"), WEEK: periods("WEEK"), MONTH: periods("MONTH"), QUARTER: periods("QUARTER"), HALF_YEAR: periods("HALF_YEAR"), YEAR: periods("YEAR") }))}
          {field("grouping", "Values in a longer period combine as", choice("grouping", GROUPING_LABELS))}
          {field("optimization", "Direction", choice("optimization", OPTIMIZATION_LABELS))}
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={draft.inheritance} onChange={(e) => set("inheritance", e.target.checked)} />
            A period without a value keeps the last one (inheritance)
          </label>
          {field("target", "Target", textInput("target", { inputMode: "decimal" }))}
          {field("baseline", "Baseline", textInput("baseline", { inputMode: "decimal" }), "The score is 0 % here and 100 % at the target")}
          {field("min", "Scale minimum", textInput("min", { inputMode: "decimal" }))}
          {field("max", "Scale maximum", textInput("max", { inputMode: "decimal" }))}
          {field("validMin", "Lowest possible value", textInput("validMin", { inputMode: "decimal" }), "Values below are refused; empty: no bound")}
          {field("validMax", "Highest possible value", textInput("validMax", { inputMode: "decimal" }), "Values above are refused (a % that cannot pass 100); empty: no bound")}
          {field(
            "ownerId",
            "Owner",
            <select id={`${prefix}-ownerId`} className={selectClass} value={draft.ownerId} onChange={(e) => set("ownerId", e.target.value)}>
              <option value="">Nobody</option>
              {owners.map((u) => <option key={u.id} value={u.id}>{u.email}</option>)}
              {people.isPending && draft.ownerId && <option value={draft.ownerId}>Loading people…</option>}
            </select>,
            "Enters its values; reminded when one is overdue",
          )}
          <label className="flex items-center gap-2 self-center text-sm">
            <input type="checkbox" checked={draft.noteRequiredOffTrack} onChange={(e) => set("noteRequiredOffTrack", e.target.checked)} />
            A value that leaves it off track needs a note saying why
          </label>
          <FormulaField id={`${prefix}-formula`} guid={kpi?.guid ?? "new"} value={draft.formula} onChange={(v) => set("formula", v)} rows={rows} lastValues={lastValues} lastMonth={lastMonth} />
        </>
      )}
      {!isRoot && field("weight", "Weight among its siblings", textInput("weight", { inputMode: "decimal" }))}
      {field("onTrack", "On track from (% of target)", textInput("onTrack", { inputMode: "decimal" }))}
      {field("atRisk", "At risk from (%)", textInput("atRisk", { inputMode: "decimal" }), "Below this: off track")}
      {field("cap", "Highest score (%)", textInput("cap", { inputMode: "decimal" }))}
      {failure && <div className="sm:col-span-2"><FieldError>{failure}</FieldError></div>}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={pending}>{kpi ? "Save" : "Add"}</Button>
        <Button type="button" variant="secondary" onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
