"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { Connector, ConnectorKind, ConnectorPreview, CreateConnector } from "@/lib/contract/connectors";
import type { KpiNode } from "@/lib/contract/kpis";
import { errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, inputClass } from "@/components/ui/field";
import { FieldError, Notice } from "@/components/ui/notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { KIND_LABEL, SHAPE_LABEL } from "./connector-words";
import { PreviewTable } from "./preview-table";

const SCHEDULES: [label: string, cron: string][] = [
  ["Only when run by hand", ""],
  ["Every hour", "0 * * * *"],
  ["Every day at 06:00", "0 6 * * *"],
  ["Every weekday at 06:00", "0 6 * * 1-5"],
  ["Every Monday at 06:00", "0 6 * * 1"],
  ["On the 1st of each month at 06:00", "0 6 1 * *"],
];

type Draft = { name: string; docId: string; kind: ConnectorKind; shape: CreateConnector["shape"]; url: string; header: string; headerValue: string; query: string; rows: string; kpi: string; kpiGuid: string; date: string; value: string; target: string; cron: string; timeZone: string };
const EMPTY: Draft = { name: "", docId: "", kind: "postgres", shape: "rows", url: "", header: "", headerValue: "", query: "", rows: "", kpi: "kpi", kpiGuid: "", date: "date", value: "value", target: "", cron: "", timeZone: "" };

/** The connector the form describes, as the API takes it (empty fields left out). */
function bodyOf(d: Draft): CreateConnector {
  const some = (s: string) => (s.trim() ? s.trim() : undefined);
  const single = d.shape !== "rows";
  return {
    name: d.name.trim(),
    kind: d.kind,
    shape: d.shape,
    docId: Number(d.docId),
    ...(d.kind === "push" ? {} : { source: { url: d.url.trim(), ...(some(d.header) ? { headers: { [d.header.trim()]: d.headerValue } } : {}) } }),
    ...(d.kind === "postgres" || d.kind === "mysql" ? { query: d.query } : {}),
    mapping: {
      rows: d.kind === "json" || d.kind === "csv" ? some(d.rows) : undefined,
      kpi: single || some(d.kpiGuid) ? undefined : some(d.kpi),
      kpiGuid: some(d.kpiGuid),
      date: single ? undefined : some(d.date),
      value: some(d.value),
      target: single ? undefined : some(d.target),
    },
    schedule: d.cron && d.kind !== "push" ? { cron: d.cron, timeZone: d.timeZone || "UTC" } : null,
  };
}

/** A saved connector as the form holds it: its credentials stay *** (sent back as ***, the stored ones are kept). */
function draftOf(c: Connector): Draft {
  const [header, headerValue] = Object.entries(c.source?.headers ?? {})[0] ?? ["", ""];
  const m = c.mapping;
  return {
    name: c.name, docId: String(c.docId), kind: c.kind, shape: c.shape, url: c.source?.url ?? "", header, headerValue, query: c.query ?? "",
    rows: m.rows ?? "", kpi: m.kpi ?? "", kpiGuid: m.kpiGuid ?? "", date: m.date ?? "", value: m.value ?? "", target: m.target ?? "",
    cron: c.schedule?.cron ?? "", timeZone: c.schedule?.timeZone ?? "UTC",
  };
}

const enteredKpis = (node: KpiNode | undefined): KpiNode[] => (!node ? [] : [...(node.indicatorType === "INDICATOR" && !node.formula ? [node] : []), ...node.children.flatMap(enteredKpis)]);

function Select({ label, id, value, onChange, children }: { label: string; id: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>{children}</select>
    </div>
  );
}

/**
 * A connector, new or saved (`editing`): its source, how its rows map to KPIs, its schedule;
 * tested against the source before it is saved.
 */
export function ConnectorForm({ scorecards, editing, onDone }: { scorecards: { id: number; name: string }[]; editing?: Connector; onDone?: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => (editing ? draftOf(editing) : { ...EMPTY, docId: String(scorecards[0]?.id ?? ""), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }));
  const [preview, setPreview] = useState<ConnectorPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ name: string; pushUrl?: string } | null>(null);
  const tree = useQuery({ ...readQuery("tree", { docId: Number(draft.docId) }), enabled: Number(draft.docId) > 0 });
  const kpis = enteredKpis(tree.data?.root);
  const set = (patch: Partial<Draft>) => (setDraft((d) => ({ ...d, ...patch })), setPreview(null));
  const onError = (e: Error) => setError(errorText(e));
  const test = useWrite("previewDraftConnector", { onSuccess: (p) => (setPreview(p), setError(null)), onError });
  const create = useWrite("createConnector", {
    onSuccess: (c) => (setSaved({ name: c.name, pushUrl: c.pushUrl }), setDraft((d) => ({ ...EMPTY, docId: d.docId, timeZone: d.timeZone })), setPreview(null), setError(null)),
    onError,
  });
  const update = useWrite("updateConnector", { onSuccess: () => onDone?.(), onError });
  const save = () => (editing ? update.mutate({ input: { id: editing.id }, body: bodyOf(draft) }) : create.mutate({ input: {}, body: bodyOf(draft) }));
  const sql = draft.kind === "postgres" || draft.kind === "mysql";
  const idp = editing ? `connector-${editing.id}` : "connector";
  const shapes = (Object.keys(SHAPE_LABEL) as CreateConnector["shape"][]).filter((s) => s !== "period" || sql);
  const single = draft.shape !== "rows";
  const placeholder = { postgres: "postgres://reader:password@db.lan:5432/erp", mysql: "mysql://reader:password@db.lan:3306/erp", json: "https://api.example.com/figures", csv: "https://docs.google.com/spreadsheets/d/…/export?format=csv", push: "" }[draft.kind];

  return (
    <Card id={editing ? `edit-connector-${editing.id}` : "new-connector"} title={editing ? `Edit ${editing.name}` : "New connector"}>
      <div className="grid gap-3 md:grid-cols-3">
        <Field label="Name" id={`${idp}-name`} value={draft.name} onChange={(e) => set({ name: e.target.value })} placeholder="ERP monthly revenue" required />
        <Select label="Scorecard" id={`${idp}-scorecard`} value={draft.docId} onChange={(docId) => set({ docId, kpiGuid: "" })}>
          {scorecards.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
        </Select>
        <Select label="Source" id={`${idp}-kind`} value={draft.kind} onChange={(kind) => set({ kind: kind as ConnectorKind, shape: draft.shape === "period" && kind !== "postgres" && kind !== "mysql" ? "rows" : draft.shape })}>
          {(Object.keys(KIND_LABEL) as ConnectorKind[]).map((k) => <option key={k} value={k}>{KIND_LABEL[k]}</option>)}
        </Select>
        {draft.kind !== "push" && (
          <div className="md:col-span-2"><Field label={sql ? "Connection URL" : "URL"} id={`${idp}-url`} value={draft.url} onChange={(e) => set({ url: e.target.value })} placeholder={placeholder} /></div>
        )}
        <Select label="What it returns" id={`${idp}-shape`} value={draft.shape} onChange={(shape) => set({ shape: shape as Draft["shape"] })}>
          {shapes.map((s) => <option key={s} value={s}>{SHAPE_LABEL[s]}</option>)}
        </Select>
        {(draft.kind === "json" || draft.kind === "csv") && (
          <>
            <Field label="Header (optional)" id={`${idp}-header`} value={draft.header} onChange={(e) => set({ header: e.target.value })} placeholder="Authorization" />
            <Field label="Header value" id={`${idp}-header-value`} type="password" autoComplete="off" value={draft.headerValue} onChange={(e) => set({ headerValue: e.target.value })} placeholder="Bearer …" />
            <Field label={draft.kind === "json" ? "Rows (JSONPath)" : "Sheet (Excel only)"} id={`${idp}-rows`} value={draft.rows} onChange={(e) => set({ rows: e.target.value })} placeholder={draft.kind === "json" ? "$.data[*]" : "first sheet"} />
          </>
        )}
        {sql && (
          <div className="flex flex-col gap-1.5 md:col-span-3">
            <label htmlFor={`${idp}-query`} className="text-sm font-medium text-slate-700 dark:text-slate-200">Query</label>
            <textarea id={`${idp}-query`} rows={3} value={draft.query} onChange={(e) => set({ query: e.target.value })} className={`${inputClass} font-mono`}
              placeholder={draft.shape === "period" ? "SELECT sum(amount) FROM invoices WHERE issued >= :from AND issued <= :to" : "SELECT kpi, day AS date, amount AS value FROM kpi_figures"} />
            <p className="text-xs text-slate-600 dark:text-slate-400">One SELECT, run read-only with a time limit. {draft.shape === "period" ? ":from and :to are the period's first and last day, sent as parameters." : ""}</p>
          </div>
        )}
        {single || draft.kpiGuid ? (
          <Select label="KPI" id={`${idp}-kpi-guid`} value={draft.kpiGuid} onChange={(kpiGuid) => set({ kpiGuid })}>
            <option value="">{single ? "Choose the KPI it feeds" : "Named in each row"}</option>
            {kpis.map((k) => <option key={k.guid} value={k.guid}>{k.name}</option>)}
          </Select>
        ) : (
          <Field label="KPI column (GUID or name)" id={`${idp}-kpi`} value={draft.kpi} onChange={(e) => set({ kpi: e.target.value })} />
        )}
        {!single && <Field label="Date column" id={`${idp}-date`} value={draft.date} onChange={(e) => set({ date: e.target.value })} />}
        <Field label={single ? "Value column (default: the first)" : "Value column"} id={`${idp}-value`} value={draft.value} onChange={(e) => set({ value: e.target.value })} />
        {!single && <Field label="Target column (optional)" id={`${idp}-target`} value={draft.target} onChange={(e) => set({ target: e.target.value })} />}
        {draft.kind !== "push" && (
          <>
            <Select label="Schedule" id={`${idp}-schedule`} value={SCHEDULES.some(([, c]) => c === draft.cron) ? draft.cron : "custom"} onChange={(cron) => set({ cron: cron === "custom" ? "*/30 * * * *" : cron })}>
              {SCHEDULES.map(([label, cron]) => <option key={label} value={cron}>{label}</option>)}
              <option value="custom">Custom (cron)</option>
            </Select>
            {draft.cron && <Field label="Cron (minute hour day month weekday)" id={`${idp}-cron`} value={draft.cron} onChange={(e) => set({ cron: e.target.value })} />}
            {draft.cron && <Field label="Time zone" id={`${idp}-tz`} value={draft.timeZone} onChange={(e) => set({ timeZone: e.target.value })} />}
          </>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {draft.kind !== "push" && <Button variant="secondary" onClick={() => test.mutate({ input: {}, body: bodyOf(draft) })} disabled={test.isPending}>{test.isPending ? "Reading the source…" : "Test connection"}</Button>}
        <Button onClick={save} disabled={create.isPending || update.isPending}>{editing ? "Save changes" : "Save connector"}</Button>
        {editing && <Button variant="ghost" onClick={onDone}>Cancel</Button>}
      </div>
      {error && <FieldError>{error}</FieldError>}
      {preview && <div className="mt-4"><PreviewTable preview={preview} /></div>}
      {saved?.pushUrl && (
        <ShownOnce title={`Push URL of “${saved.name}”: copy it now, it is not shown again. POST CSV or JSON rows to it.`} label="Push URL" value={saved.pushUrl} onDone={() => setSaved(null)} />
      )}
      {saved && !saved.pushUrl && <Notice tone="ok" className="mt-3">Saved “{saved.name}”.</Notice>}
    </Card>
  );
}
