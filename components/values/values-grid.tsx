"use client";

import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { LazyNoteForm as NoteForm, LazyRevisionList as RevisionList } from "@/components/notes/lazy-editors";
import { PageLink } from "@/components/ui/page-link";
import { ApiCallError } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { groupedInput, type ChartFilters } from "@/lib/filters";
import { Notice } from "@/components/ui/notice";
import { useErrorText, useFieldText } from "@/lib/i18n/use-error-text";
import { useFormats } from "@/lib/i18n/use-formats";
import { Button } from "@/components/ui/button";
import {
  buildGrid,
  doubtfulChanges,
  errorsByCell,
  localeDecimalMark,
  pendingChanges,
  toBatchItems,
  type CellKey,
  type Doubtful,
  type EnteredRecord,
  type GridField,
} from "./grid-model";
import { withSavedRecords } from "./saved-records";
import { useDraft, useLeaveGuard } from "./use-draft";
import { ValuesTable } from "./values-table";
import { ValuesToolbar } from "./values-toolbar";
import { useLocalizedTree } from "@/lib/i18n/use-localized";

type GridProps = { docId: number; filters: ChartFilters; field?: GridField };

/** A plan (targets, baselines, min or max) needs its entered records: one batch read. */
function PlanGrid(props: GridProps & { field: Exclude<GridField, "value"> }) {
  const { data } = useSuspenseQuery(readQuery("records", { docId: props.docId, field: props.field, to: props.filters.to }));
  return <Grid {...props} records={data.items} />;
}

/** A spreadsheet of the writable KPIs by period; every change goes out in one batch call. */
export function ValuesGrid({ field = "value", ...props }: GridProps) {
  return field === "value" ? <Grid {...props} field="value" records={[]} /> : <PlanGrid {...props} field={field} />;
}

function Grid({ docId, filters, field, records }: Required<GridProps> & { records: EnteredRecord[] }) {
  const fmt = useFormats();
  const t = useTranslations("values.grid");
  const locale = useLocale();
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const { data: tree } = useSuspenseQuery(readQuery("tree", { docId }));
  const { data: grouped } = useSuspenseQuery(readQuery("grouped", groupedInput(docId, filters)));
  const root = useLocalizedTree(tree.root);
  const model = useMemo(() => buildGrid(root, grouped, filters.period, fmt.period, field, records), [root, grouped, filters.period, fmt, field, records]);
  const storageKey = `gauge:values:${docId}:${field}:${filters.period}:${filters.from}:${filters.to}`;
  const { draft, idempotencyKey, setDraft } = useDraft(storageKey);
  const decimalMark = useMemo(() => localeDecimalMark(locale), [locale]);
  const { changes, invalid } = useMemo(() => pendingChanges(model, draft, decimalMark), [model, draft, decimalMark]);
  useLeaveGuard(changes.length > 0);
  const [serverErrors, setServerErrors] = useState<Record<CellKey, string>>({});
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string; link?: { href: string; label: string } } | null>(null);
  const [doubts, setDoubts] = useState<Doubtful[]>([]);
  const [noteCell, setNoteCell] = useState<CellKey | null>(null);
  const [writingNote, setWritingNote] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const noteTarget = useMemo(() => {
    const [guid, start] = noteCell?.split("|") ?? [];
    const row = model.rows.find((r) => r.guid === guid);
    const column = model.columns.find((c) => c.start === start);
    return row && column ? { kpi: { guid: row.guid, name: row.name }, date: column.start, periodName: column.label } : null;
  }, [noteCell, model]);

  const queryClient = useQueryClient();
  const save = useWrite("setValues", {
    // A plan's records come back in the save's answer: only the grouped figures are read again.
    answered: (result, _variables, queryClient) => {
      if (field === "value") return [];
      const { queryKey } = readQuery("records", { docId, field, to: filters.to });
      queryClient.setQueryData(queryKey, (kept) => kept && { items: withSavedRecords(kept.items, result.values, field, filters.to) });
      return [queryKey];
    },
    onSuccess: (result) => {
      setDraft(() => ({}));
      setServerErrors({});
      setMessage({ tone: "ok", text: t(`saved.${field}`, { count: result.written }) });
    },
    onError: (error) => {
      if (error instanceof ApiCallError && (error.status === 400 || error.status === 409)) {
        // A conflict may be a lock set elsewhere since the grid was read: the grid reads it now.
        if (error.status === 409) void queryClient.invalidateQueries({ queryKey: readQuery("tree", { docId }).queryKey });
        setServerErrors(errorsByCell(error.body.details, changes));
        setMessage({ tone: "error", text: t("refused", { reason: errorText(error, { whole: true }).replace(/\.?$/, ".") }) });
      } else if (error instanceof ApiCallError && error.status === 429) {
        const at = error.retryAfterSeconds ? fmt.time(new Date(Date.now() + error.retryAfterSeconds * 1000).toISOString()) : t("later");
        setMessage({ tone: "error", text: t("limit", { at }) });
      } else {
        setMessage({ tone: "error", text: t("failed", { reason: errorText(error) }) });
      }
    },
  });

  const send = () => save.mutate({ input: { docId }, body: { items: toBatchItems(changes, field) }, headers: { "Idempotency-Key": idempotencyKey } });

  if (model.rows.length === 0) {
    return <Notice tone="empty">{t("noKpis", { period: fmt.periodName(filters.period) })}</Notice>;
  }

  return (
    <div className="flex flex-col gap-3">
      <ValuesToolbar
        model={model}
        draft={draft}
        changes={changes.length}
        invalid={Object.keys(invalid).length}
        saving={save.isPending}
        exportName={`scorecard-${docId}-${filters.period.toLowerCase()}-values.csv`}
        onImport={(update) => {
          setDraft(update);
          setMessage(null);
        }}
        onDiscard={() => {
          setDraft(() => ({}));
          setServerErrors({});
        }}
        onSave={() => {
          const doubtful = doubtfulChanges(model, changes, fmt.value);
          if (doubtful.length) setDoubts(doubtful);
          else send();
        }}
      />
      {doubts.length > 0 && (
        <div
          role="alertdialog"
          aria-labelledby="doubts-title"
          aria-describedby="doubts-list"
          className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <h2 id="doubts-title" className="font-semibold">
            {t("doubtTitle", { count: doubts.length })}
          </h2>
          <ul id="doubts-list" className="mt-2 list-disc pl-5">
            {doubts.map((d) => (
              <li key={d.key}>
                {t("doubtItem", {
                  kpi: d.kpi,
                  period: d.period,
                  value: fmt.value(d.value, model.rows.find((r) => d.key.startsWith(r.guid))?.measure),
                  reason: locale === "en" ? d.reason : t("doubtReason"),
                })}
              </li>
            ))}
          </ul>
          <div className="mt-3 flex gap-2">
            <Button
              onClick={() => {
                setDoubts([]);
                send();
              }}
            >
              {t("saveAnyway")}
            </Button>
            <Button variant="secondary" autoFocus onClick={() => setDoubts([])}>
              {t("goBack")}
            </Button>
          </div>
        </div>
      )}
      {field === "value" && (
        <div className="flex flex-col gap-2">
          {!writingNote && (
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <Button variant="secondary" disabled={!noteTarget} onClick={() => setWritingNote(true)}>
                {noteTarget ? t("noteOn", { kpi: noteTarget.kpi.name, period: noteTarget.periodName }) : t("addNote")}
              </Button>
              {noteTarget && (
                <Button variant="ghost" aria-expanded={showHistory} onClick={() => setShowHistory(!showHistory)}>
                  {showHistory ? t("hideChanges") : t("showChanges")}
                </Button>
              )}
              {!noteTarget && <span>{t("chooseCell")}</span>}
            </div>
          )}
          {showHistory && noteTarget && (
            <RevisionList
              key={noteCell}
              docId={docId}
              guid={noteTarget.kpi.guid}
              measure={model.rows.find((r) => r.guid === noteTarget.kpi.guid)?.measure ?? ""}
              from={noteTarget.date}
              to={model.columns.find((c) => c.start === noteTarget.date)?.end}
              label={t("changesOf", { kpi: noteTarget.kpi.name, period: noteTarget.periodName })}
            />
          )}
          {writingNote && noteTarget && (
            <NoteForm
              key={noteCell}
              docId={docId}
              {...noteTarget}
              onDone={(saved) => {
                setWritingNote(false);
                const href = `/s/${docId}?period=${filters.period}&from=${filters.from}&to=${filters.to}&kpi=${noteTarget.kpi.guid}`;
                if (saved)
                  setMessage({
                    tone: "ok",
                    text: t("noteSaved", { kpi: noteTarget.kpi.name, period: noteTarget.periodName }),
                    link: { href, label: t("seeChart") },
                  });
              }}
            />
          )}
        </div>
      )}
      {message && (
        <Notice tone={message.tone}>
          {message.text}
          {message.link && (
            <>
              {" "}
              <PageLink className="underline" href={message.link.href}>
                {message.link.label}
              </PageLink>
            </>
          )}
        </Notice>
      )}
      <ValuesTable
        model={model}
        lockedUntil={tree.lockedUntil}
        draft={draft}
        changed={new Set(changes.map((c) => c.key))}
        errors={Object.fromEntries(Object.entries({ ...serverErrors, ...invalid }).map(([key, message]) => [key, fieldText(message)]))}
        setDraft={(update) => {
          setDraft(update);
          setMessage(null);
          setDoubts([]);
        }}
        onEdit={(key) => setServerErrors(({ [key]: _gone, ...rest }) => rest)}
        onFocusCell={setNoteCell}
      />
    </div>
  );
}
