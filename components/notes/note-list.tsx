"use client";

import { useTranslations } from "next-intl";
import type { Note } from "@/lib/contract/notes";
import { useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { useViewer } from "@/components/layout/viewer";
import { useFormats } from "@/lib/i18n/use-formats";

/** A KPI's notes, newest period first; authors and admins may delete theirs. */
export function NoteList({ docId, notes, periodOf }: { docId?: number; notes: Note[]; periodOf: (date: string) => string }) {
  const fmt = useFormats();
  const t = useTranslations("notes");
  const viewer = useViewer();
  const remove = useWrite("deleteNote");
  if (notes.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label={t("list")}>
      {[...notes].reverse().map((note) => (
        <li key={note.id} className="rounded-md border-l-4 border-amber-400 bg-amber-50/60 px-3 py-2 text-sm dark:border-amber-500 dark:bg-amber-950/40">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <strong>{periodOf(note.date)}</strong>
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {note.authorEmail ?? t("formerUser")} · {fmt.dateTime(note.createdAt)}
            </span>
            {docId !== undefined && viewer && (viewer.role === "admin" || viewer.userId === note.authorId) && (
              <Button
                variant="ghost"
                className="ml-auto !px-2 !py-0.5 text-xs"
                aria-label={t("deleteOf", { date: note.date })}
                onClick={() => window.confirm(t("confirmDelete")) && remove.mutate({ input: { docId, id: note.id } })}
              >
                {t("delete")}
              </Button>
            )}
          </p>
          <p className="mt-1 whitespace-pre-line">{note.text}</p>
        </li>
      ))}
    </ul>
  );
}
