"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { Connector, ConnectorKind, ConnectorPreview } from "@/lib/contract/connectors";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, inputClass, SelectField } from "@/components/ui/field";
import { FieldError, Notice } from "@/components/ui/notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { PreviewTable } from "./preview-table";
import { SCHEDULES, KINDS, SHAPES, EMPTY, bodyOf, draftOf, enteredKpis, type Draft } from "./connector-draft";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";

function Select({ label, id, value, onChange, children }: { label: string; id: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <SelectField id={id} label={label} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
      {children}
    </SelectField>
  );
}

/**
 * A connector, new or saved (`editing`): its source, how its rows map to KPIs, its schedule;
 * tested against the source before it is saved.
 */
export function ConnectorForm({ scorecards, editing, onDone }: { scorecards: { id: number; name: string }[]; editing?: Connector; onDone?: () => void }) {
  const t = useTranslations("connectors");
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Draft>(() =>
    editing ? draftOf(editing) : { ...EMPTY, docId: String(scorecards[0]?.id ?? ""), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
  );
  const [preview, setPreview] = useState<ConnectorPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ name: string; pushUrl?: string } | null>(null);
  const tree = useQuery({ ...readQuery("tree", { docId: Number(draft.docId) }), enabled: Number(draft.docId) > 0 });
  const kpis = enteredKpis(tree.data?.root);
  const set = (patch: Partial<Draft>) => (setDraft((d) => ({ ...d, ...patch })), setPreview(null));
  const onError = (e: Error) => setError(errorText(e));
  const test = useWrite("previewDraftConnector", { onSuccess: (p) => (setPreview(p), setError(null)), onError });
  const create = useWrite("createConnector", {
    onSuccess: (c) => (
      setSaved({ name: c.name, pushUrl: c.pushUrl }), setDraft((d) => ({ ...EMPTY, docId: d.docId, timeZone: d.timeZone })), setPreview(null), setError(null)
    ),
    onError,
  });
  const update = useWrite("updateConnector", { onSuccess: () => onDone?.(), onError });
  const save = () => (editing ? update.mutate({ input: { id: editing.id }, body: bodyOf(draft) }) : create.mutate({ input: {}, body: bodyOf(draft) }));
  const sql = draft.kind === "postgres" || draft.kind === "mysql";
  const idp = editing ? `connector-${editing.id}` : "connector";
  const shapes = SHAPES.filter((s) => s !== "period" || sql);
  const single = draft.shape !== "rows";
  const placeholder = {
    postgres: "postgres://reader:password@db.lan:5432/erp",
    mysql: "mysql://reader:password@db.lan:3306/erp",
    json: "https://api.example.com/figures",
    csv: "https://docs.google.com/spreadsheets/d/…/export?format=csv",
    push: "",
  }[draft.kind];

  return (
    <Card id={editing ? `edit-connector-${editing.id}` : "new-connector"} title={editing ? t("form.edit", { name: editing.name }) : t("form.new")}>
      <div className="grid gap-3 md:grid-cols-3">
        <Field
          label={t("form.name")}
          id={`${idp}-name`}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          placeholder={t("form.namePlaceholder")}
          required
        />
        <Select label={t("form.scorecard")} id={`${idp}-scorecard`} value={draft.docId} onChange={(docId) => set({ docId, kpiGuid: "" })}>
          {scorecards.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
        <Select
          label={t("form.source")}
          id={`${idp}-kind`}
          value={draft.kind}
          onChange={(kind) =>
            set({ kind: kind as ConnectorKind, shape: draft.shape === "period" && kind !== "postgres" && kind !== "mysql" ? "rows" : draft.shape })
          }
        >
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </Select>
        {draft.kind !== "push" && (
          <div className="md:col-span-2">
            <Field
              label={sql ? t("form.connectionUrl") : t("form.url")}
              id={`${idp}-url`}
              value={draft.url}
              onChange={(e) => set({ url: e.target.value })}
              placeholder={placeholder}
            />
          </div>
        )}
        <Select label={t("form.returns")} id={`${idp}-shape`} value={draft.shape} onChange={(shape) => set({ shape: shape as Draft["shape"] })}>
          {shapes.map((s) => (
            <option key={s} value={s}>
              {t(`shapes.${s}`)}
            </option>
          ))}
        </Select>
        {(draft.kind === "json" || draft.kind === "csv") && (
          <>
            <Field
              label={t("form.header")}
              id={`${idp}-header`}
              value={draft.header}
              onChange={(e) => set({ header: e.target.value })}
              placeholder={t("form.placeholders.header")}
            />
            <Field
              label={t("form.headerValue")}
              id={`${idp}-header-value`}
              type="password"
              autoComplete="off"
              value={draft.headerValue}
              onChange={(e) => set({ headerValue: e.target.value })}
              placeholder={t("form.placeholders.headerValue")}
            />
            <Field
              label={draft.kind === "json" ? t("form.rowsJson") : t("form.sheet")}
              id={`${idp}-rows`}
              value={draft.rows}
              onChange={(e) => set({ rows: e.target.value })}
              placeholder={draft.kind === "json" ? "$.data[*]" : t("form.firstSheet")}
            />
          </>
        )}
        {sql && (
          <div className="flex flex-col gap-1.5 md:col-span-3">
            <label htmlFor={`${idp}-query`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t("form.query")}
            </label>
            <textarea
              id={`${idp}-query`}
              rows={3}
              value={draft.query}
              onChange={(e) => set({ query: e.target.value })}
              className={`${inputClass} font-mono`}
              placeholder={draft.shape === "period" ? t("form.placeholders.sqlPeriod") : t("form.placeholders.sqlRows")}
            />
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t("form.oneSelect")} {draft.shape === "period" ? t("form.fromTo") : ""}
            </p>
          </div>
        )}
        {single || draft.kpiGuid ? (
          <Select label={t("form.kpi")} id={`${idp}-kpi-guid`} value={draft.kpiGuid} onChange={(kpiGuid) => set({ kpiGuid })}>
            <option value="">{single ? t("form.chooseKpi") : t("form.namedInRow")}</option>
            {kpis.map((k) => (
              <option key={k.guid} value={k.guid}>
                {k.name}
              </option>
            ))}
          </Select>
        ) : (
          <Field label={t("form.kpiColumn")} id={`${idp}-kpi`} value={draft.kpi} onChange={(e) => set({ kpi: e.target.value })} />
        )}
        {!single && <Field label={t("form.dateColumn")} id={`${idp}-date`} value={draft.date} onChange={(e) => set({ date: e.target.value })} />}
        <Field
          label={single ? t("form.valueFirst") : t("form.valueColumn")}
          id={`${idp}-value`}
          value={draft.value}
          onChange={(e) => set({ value: e.target.value })}
        />
        {!single && <Field label={t("form.targetColumn")} id={`${idp}-target`} value={draft.target} onChange={(e) => set({ target: e.target.value })} />}
        {!single && (
          <Select
            label={t("form.offPeriod")}
            id={`${idp}-off-period`}
            value={draft.offPeriod}
            onChange={(offPeriod) => set({ offPeriod: offPeriod as Draft["offPeriod"] })}
          >
            <option value="add">{t("form.offPeriods.add")}</option>
            <option value="periodStart">{t("form.offPeriods.periodStart")}</option>
            <option value="reject">{t("form.offPeriods.reject")}</option>
          </Select>
        )}
        {draft.kind !== "push" && (
          <>
            <Select
              label={t("form.schedule")}
              id={`${idp}-schedule`}
              value={SCHEDULES.some(([, c]) => c === draft.cron) ? draft.cron : "custom"}
              onChange={(cron) => set({ cron: cron === "custom" ? "*/30 * * * *" : cron })}
            >
              {SCHEDULES.map(([label, cron]) => (
                <option key={label} value={cron}>
                  {t(`form.schedules.${label}`)}
                </option>
              ))}
              <option value="custom">{t("form.custom")}</option>
            </Select>
            {draft.cron && <Field label={t("form.cron")} id={`${idp}-cron`} value={draft.cron} onChange={(e) => set({ cron: e.target.value })} />}
            {draft.cron && <Field label={t("form.timeZone")} id={`${idp}-tz`} value={draft.timeZone} onChange={(e) => set({ timeZone: e.target.value })} />}
          </>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {draft.kind !== "push" && (
          <Button variant="secondary" onClick={() => test.mutate({ input: {}, body: bodyOf(draft) })} disabled={test.isPending}>
            {test.isPending ? t("form.reading") : t("form.test")}
          </Button>
        )}
        <Button onClick={save} disabled={create.isPending || update.isPending}>
          {editing ? t("form.saveChanges") : t("form.save")}
        </Button>
        {editing && (
          <Button variant="ghost" onClick={onDone}>
            {t("form.cancel")}
          </Button>
        )}
      </div>
      {error && <FieldError>{error}</FieldError>}
      {preview && (
        <div className="mt-4">
          <PreviewTable preview={preview} />
        </div>
      )}
      {saved?.pushUrl && (
        <ShownOnce title={t("form.pushUrlOf", { name: saved.name })} label={t("form.pushUrl")} value={saved.pushUrl} onDone={() => setSaved(null)} />
      )}
      {saved && !saved.pushUrl && (
        <Notice tone="ok" className="mt-3">
          {t("form.saved", { name: saved.name })}
        </Notice>
      )}
    </Card>
  );
}
