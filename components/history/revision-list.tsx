"use client";

import { useQuery } from "@tanstack/react-query";
import type { RecordFigures, ValueRevision } from "@/lib/contract/history";
import { readQuery } from "@/lib/bff/queries";
import type { Formats } from "@/lib/format";
import { useFormats } from "@/lib/i18n/use-formats";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { useAuthorText } from "./change-author";

const FIELDS = ["value", "target", "baseline", "min", "max", "score"] as const;

/** What a revision did, figure by figure: "value 12.5 (was 1,250)", "target cleared (was 80)". */
function whatChanged(r: ValueRevision, measure: string, fmt: Formats, t: ReturnType<typeof useTranslations<"history">>): string {
  if (r.action === "deleted") return t("deleted", { value: fmt.full(r.before.value, measure) });
  const show = (f: (typeof FIELDS)[number], figures: RecordFigures) =>
    f === "score" ? fmt.full(figures[f] === null ? null : figures[f]! * 100, "%") : fmt.full(figures[f], measure);
  return FIELDS.filter((f) => r.before[f] !== r.after[f])
    .map((f) => {
      const field = t(`fields.${f}`);
      if (r.after[f] === null) return t("cleared", { field, before: show(f, r.before) });
      return r.action === "created"
        ? t("set", { field, after: show(f, r.after) })
        : t("changed", { field, after: show(f, r.after), before: show(f, r.before) });
    })
    .join(", ");
}

/** A KPI's changes, newest first (read when shown: it costs a call). */
export function RevisionList({
  docId,
  guid,
  measure,
  from,
  to,
  label,
}: {
  docId: number;
  guid: string;
  measure: string;
  from?: string;
  to?: string;
  label: string;
}) {
  const fmt = useFormats();
  const t = useTranslations("history");
  const errorText = useErrorText();
  const authorText = useAuthorText();
  const { data, isPending, error } = useQuery(readQuery("revisions", { docId, guid, limit: 20, ...(from ? { from } : {}), ...(to ? { to } : {}) }));
  if (isPending) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("loadingChanges")}</p>;
  if (error) return <Notice tone="error">{t("unreadable", { reason: errorText(error) })}</Notice>;
  if (data.items.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("noChange")}</p>;
  return (
    <ol className="flex flex-col gap-1 text-sm" aria-label={label}>
      {data.items.map((r) => (
        <li key={`${r.changeId}|${r.date}|${r.at}`} className="rounded-md border border-slate-200 px-3 py-1.5 dark:border-slate-700">
          <span className="font-medium">{fmt.date(r.date)}</span>: {whatChanged(r, measure, fmt, t)}
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {t("byAt", { author: authorText(r.by), when: fmt.dateTime(r.at), id: r.changeId })}
          </span>
        </li>
      ))}
      {data.next && <li className="text-xs text-slate-600 dark:text-slate-400">{t("older")}</li>}
    </ol>
  );
}
