"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";

interface Props {
  docId: number;
  kpi: { guid: string; name: string };
  /** The period's first day, and its name as the page shows it. */
  date: string;
  periodName: string;
  onDone: (saved: boolean) => void;
}

/** Writes one note on a KPI at a period; the text stays if saving fails. */
export function NoteForm({ docId, kpi, date, periodName, onDone }: Props) {
  const t = useTranslations("notes");
  const errorText = useErrorText();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useWrite("createNote", { onSuccess: () => onDone(true), onError: (e) => setError(errorText(e)) });
  const id = `note-${kpi.guid}-${date}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return setError(t("writeFirst"));
    create.mutate({ input: { docId, guid: kpi.guid }, body: { date, text } });
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-800/60"
      noValidate
    >
      <label htmlFor={id} className="text-sm font-medium">
        {t("label", { kpi: kpi.name, period: periodName })}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => (setText(e.target.value), setError(null))}
        rows={3}
        maxLength={2000}
        placeholder={t("placeholder")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {t("save")}
        </Button>
        <Button type="button" variant="secondary" onClick={() => onDone(false)}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
