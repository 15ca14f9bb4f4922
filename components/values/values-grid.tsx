"use client";

import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import type { GroupedQuery } from "@/lib/contract/dashboard";
import { BatchSetValuesResponse } from "@/lib/contract/values";
import { bffFetch, BffError, groupedQuery, queryKeys, treeQuery } from "@/lib/queries";
import { Button } from "@/components/ui/button";
import { CsvImport } from "./csv-import";
import { toCsv } from "./csv";
import { applyPaste, buildGrid, cellKey, cellText, errorsByCell, pendingChanges, toBatchItems, type CellKey } from "./grid-model";
import { useDraft, useLeaveGuard } from "./use-draft";

const retryTime = (seconds: number | null) =>
  seconds ? new Date(Date.now() + seconds * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "later";

/** A spreadsheet of the writable KPIs by period; every change goes out in one batch call. */
export function ValuesGrid({ docId, filters }: { docId: number; filters: GroupedQuery }) {
  const { data: tree } = useSuspenseQuery(treeQuery(docId));
  const { data: grouped } = useSuspenseQuery(groupedQuery(docId, filters));
  const model = useMemo(() => buildGrid(tree.root, grouped, filters.period), [tree, grouped, filters.period]);
  const storageKey = `gauge:values:${docId}:${filters.period}:${filters.from}:${filters.to}`;
  const { draft, idempotencyKey, setDraft } = useDraft(storageKey);
  const { changes, invalid } = useMemo(() => pendingChanges(model, draft), [model, draft]);
  useLeaveGuard(changes.length > 0);
  const [serverErrors, setServerErrors] = useState<Record<CellKey, string>>({});
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const grid = useRef<HTMLTableElement>(null);
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: () =>
      bffFetch(BatchSetValuesResponse, `/api/scorecards/${docId}/values`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
        body: JSON.stringify({ items: toBatchItems(changes) }),
      }),
    onSuccess: (result) => {
      setDraft(() => ({}));
      setServerErrors({});
      setMessage({ tone: "ok", text: `Saved ${result.written} value${result.written === 1 ? "" : "s"}.` });
      void queryClient.invalidateQueries({ queryKey: queryKeys.groupedAll(docId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.scorecards });
    },
    onError: (error) => {
      if (error instanceof BffError && (error.status === 400 || error.status === 409)) {
        setServerErrors(errorsByCell(error.body.details, changes));
        setMessage({ tone: "error", text: `Nothing was saved. ${error.body.errorMessage.replace(/\.?$/, ".")} The cells in red say why.` });
      } else if (error instanceof BffError && error.status === 429) {
        setMessage({ tone: "error", text: `This hour's API calls are used up. Your edits are kept; save again at ${retryTime(error.retryAfterSeconds)}.` });
      } else {
        setMessage({ tone: "error", text: `Nothing was saved (${error.message}). Your edits are kept; try again.` });
      }
    },
  });

  function edit(key: CellKey, text: string) {
    setDraft((d) => ({ ...d, [key]: text }));
    setServerErrors(({ [key]: _gone, ...rest }) => rest);
    setMessage(null);
  }

  function focusCell(row: number, col: number) {
    grid.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, row: number, col: number, key: CellKey) {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    const moves: Record<string, [number, number] | null> = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      Enter: [row + 1, col],
      ArrowLeft: atStart ? [row, col - 1] : null,
      ArrowRight: atEnd ? [row, col + 1] : null,
    };
    if (event.key === "Escape") {
      setDraft(({ [key]: _gone, ...rest }) => rest);
      return;
    }
    const target = moves[event.key];
    if (target) {
      event.preventDefault();
      focusCell(target[0], target[1]);
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>, row: number, col: number) {
    const text = event.clipboardData.getData("text/plain");
    if (!/[\t\n]/.test(text.trim())) return;
    event.preventDefault();
    setDraft((d) => applyPaste(model, d, row, col, text).draft);
    setMessage(null);
  }

  function exportCsv() {
    const url = URL.createObjectURL(new Blob([toCsv(model, draft)], { type: "text/csv" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: `scorecard-${docId}-${filters.period.toLowerCase()}-values.csv` });
    link.click();
    URL.revokeObjectURL(url);
  }

  const invalidCount = Object.keys(invalid).length;
  if (model.rows.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">No KPI of this scorecard takes values every {filters.period.toLowerCase().replace("_", "-")}.</p>;
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm" aria-live="polite">
          <strong className="tabular-nums">{changes.length}</strong> pending change{changes.length === 1 ? "" : "s"}
          {invalidCount > 0 && <span className="text-red-700 dark:text-red-400"> · {invalidCount} to fix</span>}
        </p>
        <CsvImport model={model} onApply={(update) => { setDraft(update); setMessage(null); }} />
        <Button variant="secondary" onClick={exportCsv}>Export CSV</Button>
        <Button variant="secondary" onClick={() => { setDraft(() => ({})); setServerErrors({}); }} disabled={!Object.keys(draft).length || save.isPending}>Discard</Button>
        <Button onClick={() => save.mutate()} disabled={!changes.length || invalidCount > 0 || save.isPending}>
          {save.isPending ? "Saving…" : changes.length ? `Save ${changes.length} value${changes.length === 1 ? "" : "s"}` : "Save values"}
        </Button>
      </div>
      {message && (
        <p role={message.tone === "error" ? "alert" : "status"} className={`rounded-md px-3 py-2 text-sm ${message.tone === "ok" ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"}`}>
          {message.text}
        </p>
      )}
      <div className="overflow-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table ref={grid} className="border-collapse text-sm" aria-label="KPI values by period" aria-describedby="grid-help">
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-3 py-2 text-left font-medium dark:bg-slate-800">KPI</th>
              {model.columns.map((c) => (
                <th key={c.start} scope="col" className="whitespace-nowrap bg-slate-50 px-2 py-2 text-right font-medium dark:bg-slate-800">{c.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {model.rows.map((row, r) => (
              <tr key={row.guid} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="sticky left-0 z-10 max-w-56 bg-white px-3 py-1 text-left font-normal dark:bg-slate-900">
                  {row.name} {row.measure && <span className="text-xs text-slate-500 dark:text-slate-400">({row.measure})</span>}
                </th>
                {model.columns.map((column, c) => {
                  const key = cellKey(row.guid, column.start);
                  const error = invalid[key] ?? serverErrors[key];
                  const changed = changes.some((ch) => ch.key === key);
                  const inherited = model.inherited.get(key);
                  return (
                    <td key={key} className="p-0.5 align-top">
                      <input
                        data-row={r}
                        data-col={c}
                        inputMode="decimal"
                        aria-label={`${row.name}, ${column.label}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${key}-error` : undefined}
                        value={cellText(model, draft, key)}
                        placeholder={inherited === undefined ? "" : String(inherited)}
                        title={inherited === undefined ? undefined : `Inherited: ${inherited}`}
                        onChange={(e) => edit(key, e.target.value)}
                        onKeyDown={(e) => onKeyDown(e, r, c, key)}
                        onPaste={(e) => onPaste(e, r, c)}
                        onFocus={(e) => e.currentTarget.select()}
                        className={`w-24 rounded border px-2 py-1 text-right tabular-nums placeholder:text-slate-400 placeholder:italic focus:outline-2 focus:outline-blue-600 dark:placeholder:text-slate-500 ${
                          error
                            ? "border-red-500 bg-red-50 dark:bg-red-950"
                            : changed
                              ? "border-amber-400 bg-amber-50 dark:border-amber-500 dark:bg-amber-950"
                              : "border-transparent bg-transparent hover:border-slate-300 dark:hover:border-slate-600"
                        }`}
                      />
                      {error && <span id={`${key}-error`} className="block max-w-24 px-1 text-xs text-red-700 dark:text-red-300">{error}</span>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p id="grid-help" className="text-xs text-slate-600 dark:text-slate-400">
        Arrow keys and Enter move between cells; Escape undoes a cell. Paste a block copied from Excel or Google Sheets into any cell.
        Grey italic numbers are carried over from an earlier period. Changed cells are highlighted until you save.
      </p>
    </div>
  );
}
