"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { applyPaste, cellKey, cellText, localeDecimalMark, parseCell, type CellKey, type Draft, type GridModel } from "./grid-model";
import { useFormats } from "@/lib/i18n/use-formats";

interface Props {
  model: GridModel;
  draft: Draft;
  changed: Set<CellKey>;
  /** A message per cell that cannot be saved as it is. */
  errors: Record<CellKey, string>;
  setDraft: (update: (draft: Draft) => Draft) => void;
  onEdit: (key: CellKey) => void;
  /** The cell last focused, for actions on "this cell" (a note). */
  onFocusCell?: (key: CellKey) => void;
  /** Periods starting on or before it are locked: their cells are read-only. */
  lockedUntil?: string | null;
}

/** The grid's cells: arrow keys and Enter move, Escape undoes a cell, a pasted block fills many. */
export function ValuesTable({ model, draft, changed, errors, setDraft, onEdit, onFocusCell, lockedUntil = null }: Props) {
  const isLocked = (start: string) => lockedUntil !== null && start <= lockedUntil;
  const t = useTranslations("values");
  const locale = useLocale();
  const fmt = useFormats();
  const decimalMark = useMemo(() => localeDecimalMark(locale), [locale]);
  const scroller = useRef<HTMLDivElement>(null);
  const [spacer, setSpacer] = useState(0);
  // Open at today (the period holding it, or the last, at the right edge), and after every
  // sideways scroll line the first visible period up with the frozen KPI column's edge.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it reads the laid-out columns, so it runs again when they change
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const headers = () => [...box.querySelectorAll<HTMLElement>("th[data-start]")];
    const frozen = () => box.querySelector<HTMLElement>("thead th")?.offsetWidth ?? 0;
    const align = (left: number) => {
      const starts = headers().map((h) => h.offsetLeft - frozen());
      const next = starts.find((start) => start >= left - 1) ?? left;
      const previous = [...starts].reverse().find((start) => start <= left + 1) ?? 0;
      return left - previous < next - left ? previous : next;
    };
    // A spacer after the last period, so that even fully scrolled a period starts at the edge.
    const column = headers()[0]?.offsetWidth ?? 0;
    setSpacer(column ? (box.clientWidth - frozen()) % column : 0);
    const today = new Date().toISOString().slice(0, 10);
    const current = headers().find((h) => h.dataset.start! <= today && today <= h.dataset.end!) ?? headers().at(-1);
    // After the spacer is laid out.
    const frame = requestAnimationFrame(() => {
      if (current) box.scrollLeft = align(Math.max(0, current.offsetLeft + current.offsetWidth - box.clientWidth));
    });
    const onScrollEnd = () => {
      const aligned = align(box.scrollLeft);
      if (Math.abs(aligned - box.scrollLeft) > 1) box.scrollTo({ left: aligned, behavior: "smooth" });
    };
    box.addEventListener("scrollend", onScrollEnd);
    return () => {
      cancelAnimationFrame(frame);
      box.removeEventListener("scrollend", onScrollEnd);
    };
  }, [model.columns]);
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
      {/* Columns snap to the frozen KPI column's edge, so a sideways scroll never leaves a period half hidden under it. */}
      <div
        ref={scroller}
        className="relative snap-x snap-mandatory scroll-pl-40 overflow-auto rounded-lg border border-slate-200 bg-white sm:scroll-pl-56 dark:border-slate-800 dark:bg-slate-900"
      >
        <table ref={grid} className="border-collapse text-sm" aria-label={t("table.label")} aria-describedby="grid-help">
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 z-10 w-40 min-w-40 bg-slate-50 px-3 py-2 text-left font-medium sm:w-56 sm:min-w-56 dark:bg-slate-800">
                {t("table.kpi")}
              </th>
              {model.columns.map((c) => (
                <th
                  key={c.start}
                  scope="col"
                  data-start={c.start}
                  data-end={c.end}
                  className="snap-start whitespace-nowrap bg-slate-50 px-2 py-2 text-right font-medium dark:bg-slate-800"
                >
                  {isLocked(c.start) && (
                    <svg aria-hidden viewBox="0 0 16 16" className="mr-1 inline h-3 w-3 align-[-1px] fill-current text-slate-500 dark:text-slate-400">
                      <title>{t("table.lockedTitle", { until: lockedUntil ?? "" })}</title>
                      <path d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
                    </svg>
                  )}
                  {c.label}
                  {isLocked(c.start) && <span className="sr-only">{t("table.locked")}</span>}
                </th>
              ))}
              <th aria-hidden className="bg-slate-50 p-0 dark:bg-slate-800" style={{ width: spacer, minWidth: spacer }} />
            </tr>
          </thead>
          <tbody>
            {model.rows.map((row, r) => (
              <tr key={row.guid} className="border-t border-slate-100 dark:border-slate-800">
                <th
                  scope="row"
                  className="sticky left-0 z-10 w-40 min-w-40 max-w-40 bg-white px-3 py-1 text-left font-normal sm:w-56 sm:min-w-56 sm:max-w-56 dark:bg-slate-900"
                >
                  {row.name} {row.measure && <span className="text-xs text-slate-500 dark:text-slate-400">({row.measure})</span>}
                </th>
                {model.columns.map((column, c) => {
                  const key = cellKey(row.guid, column.start);
                  const error = errors[key];
                  // What a pasted or typed "1,234.5" or "45%" was read as, said under the cell.
                  const reading = key in draft && !error ? parseCell(draft[key]!, decimalMark) : null;
                  // The grid model words its reading in English: other languages say it themselves.
                  const read =
                    reading?.ok && reading.read ? (locale === "en" ? reading.read : t("cell.readAs", { value: fmt.number(reading.value ?? 0) })) : undefined;
                  const inherited = model.inherited.get(key);
                  const locked = isLocked(column.start);
                  return (
                    <td key={key} className="p-0.5 align-top">
                      <input
                        data-row={r}
                        data-col={c}
                        inputMode="decimal"
                        aria-label={`${row.name}, ${column.label}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${key}-error` : read ? `${key}-read` : undefined}
                        value={cellText(model, draft, key, locale)}
                        placeholder={inherited === undefined ? "" : String(inherited)}
                        readOnly={locked}
                        title={
                          locked
                            ? t("table.lockedTitle", { until: lockedUntil ?? "" })
                            : inherited === undefined
                              ? undefined
                              : t("table.inherited", { value: inherited })
                        }
                        onChange={(e) => edit(key, e.target.value)}
                        onKeyDown={(e) => onKeyDown(e, r, c, key)}
                        onPaste={(e) => onPaste(e, r, c)}
                        onFocus={(e) => (e.currentTarget.select(), onFocusCell?.(key))}
                        className={`w-24 rounded border px-2 py-1 text-right tabular-nums placeholder:text-slate-400 placeholder:italic focus:outline-2 focus:outline-blue-600 dark:placeholder:text-slate-500 ${
                          error
                            ? "border-red-500 bg-red-50 dark:bg-red-950"
                            : locked
                              ? "cursor-not-allowed border-transparent bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400"
                              : changed.has(key)
                                ? "border-amber-400 bg-amber-50 dark:border-amber-500 dark:bg-amber-950"
                                : "border-transparent bg-transparent hover:border-slate-300 dark:hover:border-slate-600"
                        }`}
                      />
                      {error && (
                        <span id={`${key}-error`} className="block max-w-24 px-1 text-xs text-red-700 dark:text-red-300">
                          {error}
                        </span>
                      )}
                      {read && (
                        <span id={`${key}-read`} className="block max-w-24 px-1 text-xs text-slate-600 dark:text-slate-400">
                          {read}
                        </span>
                      )}
                    </td>
                  );
                })}
                <td aria-hidden className="p-0" />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p id="grid-help" className="text-xs text-slate-600 dark:text-slate-400">
        {t("table.help")}
        {lockedUntil && t("table.helpLocked", { until: lockedUntil })}
      </p>
    </>
  );
}
