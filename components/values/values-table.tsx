"use client";

import { useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { applyPaste, cellKey, cellText, type CellKey, type Draft, type GridModel } from "./grid-model";

interface Props {
  model: GridModel;
  draft: Draft;
  changed: Set<CellKey>;
  /** A message per cell that cannot be saved as it is. */
  errors: Record<CellKey, string>;
  setDraft: (update: (draft: Draft) => Draft) => void;
  onEdit: (key: CellKey) => void;
}

/** The grid's cells: arrow keys and Enter move, Escape undoes a cell, a pasted block fills many. */
export function ValuesTable({ model, draft, changed, errors, setDraft, onEdit }: Props) {
  const grid = useRef<HTMLTableElement>(null);

  function edit(key: CellKey, text: string) {
    setDraft((d) => ({ ...d, [key]: text }));
    onEdit(key);
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
  }

  return (
    <>
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
                  const error = errors[key];
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
                            : changed.has(key)
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
    </>
  );
}
