"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { dateOrder, formatDateInput, parseDateInput } from "@/lib/i18n/date-input";
import { inputClass, Labelled } from "./field";

type Props = {
  id: string;
  /** The form field that carries the date as YYYY-MM-DD. */
  name?: string;
  /** Controlled: the date (YYYY-MM-DD, "" for none), told back through onChange. */
  value?: string;
  defaultValue?: string;
  onChange?: (date: string | undefined) => void;
  required?: boolean;
  className?: string;
};

/**
 * A date typed in the reader's language (31/01/2026 in Spanish, 01/31/2026 in English), or picked
 * from a calendar. A browser's own date box lays the date out in the browser's language, which
 * need not be the one the person chose in Gauge; the form receives YYYY-MM-DD.
 */
export function DateInput({ id, name, value, defaultValue, onChange, required, className = inputClass }: Props) {
  const locale = useLocale();
  const t = useTranslations("format.dateInput");
  const [date, setDate] = useState(value ?? defaultValue ?? "");
  const [text, setText] = useState(() => formatDateInput(value ?? defaultValue ?? "", locale));
  const typedBox = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const pattern = dateOrder(locale)
    .order.map((part) => t(part))
    .join(dateOrder(locale).separator);

  useEffect(() => {
    if (value === undefined || value === date) return;
    setDate(value);
    setText(formatDateInput(value, locale));
  }, [value, date, locale]);

  function settle(next: string) {
    setDate(next);
    onChange?.(next || undefined);
  }
  function typed(next: string) {
    setText(next);
    const parsed = next.trim() === "" ? "" : parseDateInput(next, locale);
    typedBox.current?.setCustomValidity(parsed === null ? t("invalid", { pattern }) : "");
    settle(parsed ?? "");
  }

  return (
    <div className="relative">
      <input
        ref={typedBox}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={pattern}
        value={text}
        required={required}
        onChange={(e) => typed(e.target.value)}
        onBlur={() => date && setText(formatDateInput(date, locale))}
        className={`${className} pr-9`}
      />
      {name && <input type="hidden" name={name} value={date} />}
      <button
        type="button"
        title={t("calendar")}
        aria-label={t("calendar")}
        onClick={() => picker.current?.showPicker()}
        className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-400 dark:hover:text-slate-100"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6">
          <rect x="3" y="4.5" width="14" height="12.5" rx="1.5" />
          <path d="M3 8.5h14M7 2.5v4M13 2.5v4" />
        </svg>
      </button>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        value={date}
        onChange={(e) => {
          setText(formatDateInput(e.target.value, locale));
          typedBox.current?.setCustomValidity("");
          settle(e.target.value);
        }}
      />
    </div>
  );
}

/** A labelled date input, in the fields' layout. */
export function DateField({ label, ...props }: Props & { label: string }) {
  return (
    <Labelled id={props.id} label={label}>
      <DateInput {...props} />
    </Labelled>
  );
}
