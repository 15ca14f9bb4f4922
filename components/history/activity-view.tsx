"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ChangeSet, RevertResult } from "@/lib/contract/history";
import type { KpiNode } from "@/lib/contract/kpis";
import { ApiCallError } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { useFormats } from "@/lib/i18n/use-formats";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { useAuthorText } from "./change-author";
import { ChangeList } from "./change-list";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";

type Preview = { change: ChangeSet; overwrite: boolean; result?: RevertResult; conflicts?: string[]; error?: string };

const measuresOf = (node: KpiNode, into = new Map<string, string>()) => {
  into.set(node.guid, node.measure);
  node.children.forEach((c) => measuresOf(c, into));
  return into;
};

/** The scorecard's change sets, and undo with a preview of what it puts back. */
export function ActivityView({ docId, pageSize, canUndo }: { docId: number; pageSize: number; canUndo: boolean }) {
  const fmt = useFormats();
  const t = useTranslations("history.revert");
  const errorText = useErrorText();
  const authorText = useAuthorText();
  const { data: tree } = useSuspenseQuery(readQuery("tree", { docId }));
  const measures = measuresOf(tree.root);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const revert = useWrite("revertChange");

  const ask = (change: ChangeSet, overwrite = false) => {
    setDone(null);
    setPreview({ change, overwrite });
    revert.mutate(
      { input: { docId, changeId: change.id, dryRun: true, overwrite } },
      {
        onSuccess: (result) => setPreview({ change, overwrite, result }),
        onError: (error) =>
          setPreview(
            error instanceof ApiCallError && error.status === 409
              ? { change, overwrite, conflicts: error.body.details.map((d) => d.message), error: errorText(error) }
              : { change, overwrite, error: errorText(error) },
          ),
      },
    );
  };
  const confirm = (change: ChangeSet, overwrite: boolean) =>
    revert.mutate(
      { input: { docId, changeId: change.id, dryRun: false, overwrite } },
      {
        onSuccess: (result) => {
          setPreview(null);
          setDone(
            result.records.length
              ? t("done", { id: change.id, count: result.records.length, newId: result.changeId ?? "" })
              : t("nothingLeft", { id: change.id }),
          );
        },
        onError: (error) => setPreview({ change, overwrite, error: errorText(error) }),
      },
    );

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("lead")}</p>
      {done && <Notice tone="ok">{done}</Notice>}
      {preview && (
        <Card id="undo" title={t("title", { id: preview.change.id })}>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("summary", { author: authorText(preview.change.by), count: preview.change.records })}</p>
          {revert.isPending && !preview.result && !preview.error && <p className="mt-2 text-sm">{t("working")}</p>}
          {preview.result && (
            <>
              {preview.result.records.length === 0 ? (
                <p className="mt-2 text-sm">{t("nothing")}</p>
              ) : (
                <ul className="mt-2 list-disc pl-5 text-sm" aria-label={t("putsBack")}>
                  {preview.result.records.map((r) => (
                    <li key={`${r.guid}|${r.date}`}>
                      {r.kpiName}, {fmt.date(r.date)}: {fmt.full(r.from.value, measures.get(r.guid))} →{" "}
                      {r.to.value === null && Object.values(r.to).every((v) => v === null) ? t("noRecord") : fmt.full(r.to.value, measures.get(r.guid))}
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-3 flex gap-2">
                {preview.result.records.length > 0 && (
                  <Button onClick={() => confirm(preview.change, preview.overwrite)} disabled={revert.isPending}>
                    {t("confirm", { count: preview.result.records.length })}
                  </Button>
                )}
                <Button variant="secondary" onClick={() => setPreview(null)}>
                  {t("cancel")}
                </Button>
              </div>
            </>
          )}
          {preview.error && (
            <div className="mt-2 flex flex-col gap-2">
              <Notice tone="error">{preview.error}</Notice>
              {preview.conflicts && (
                <>
                  <ul className="list-disc pl-5 text-sm">
                    {preview.conflicts.map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </ul>
                  <div className="flex gap-2">
                    <Button variant="secondary" onClick={() => ask(preview.change, true)}>
                      {t("replacing")}
                    </Button>
                    <Button variant="ghost" onClick={() => setPreview(null)}>
                      {t("cancel")}
                    </Button>
                  </div>
                </>
              )}
            </div>
          )}
        </Card>
      )}
      <ChangeList docId={docId} pageSize={pageSize} onUndo={canUndo ? (change) => ask(change) : undefined} />
    </div>
  );
}
