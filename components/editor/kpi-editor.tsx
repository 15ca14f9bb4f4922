"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { KpiNode } from "@/lib/contract/kpis";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { useFormats } from "@/lib/i18n/use-formats";
import { Card } from "@/components/ui/card";
import { FieldError, Notice } from "@/components/ui/notice";
import { InitiativesEditor } from "./initiatives-editor";
import { KpiForm } from "./kpi-form";
import { KpiOutline } from "./kpi-outline";
import { rowsOf } from "./kpi-tree";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { ConfirmDelete } from "@/components/ui/confirm-delete";

type Editing = { kind: "edit"; guid: string } | { kind: "new"; parent: KpiNode; type: "INDICATOR" | "CONTAINER" } | null;

/** The KPI editor: the outline on one side, the chosen KPI's settings on the other. */
export function KpiEditor({ docId, lastMonth }: { docId: number; lastMonth: { start: string; end: string } }) {
  const fmt = useFormats();
  const t = useTranslations("editor.tree");
  const errorText = useErrorText();
  const { data: tree } = useSuspenseQuery(readQuery("tree", { docId }));
  const { data: grouped } = useSuspenseQuery(readQuery("grouped", { docId, period: "MONTH", startDate: lastMonth.start, endDate: lastMonth.end }));
  const rows = useMemo(() => rowsOf(tree.root), [tree.root]);
  const lastValues = useMemo(() => new Map(grouped.items.map((s) => [s.guid, s.points[0]?.value ?? null])), [grouped]);
  const [editing, setEditing] = useState<Editing>(null);
  const [news, setNews] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Refused moves and deletes: the service's whole sentence says what to do.
  const fail = (e: Error) => setFailure(errorText(e, { whole: true }));
  const move = useWrite("updateKpi", { onError: fail, onSuccess: (k) => setNews(t("moved", { name: k.name })) });
  const remove = useWrite("deleteKpi", { onError: fail, onSuccess: () => setEditing(null) });

  const current = editing?.kind === "edit" ? (rows.find((r) => r.node.guid === editing.guid)?.node ?? null) : null;
  const done = ({ guid, name }: { guid: string; name: string }, verb: "added" | "saved") => {
    setEditing({ kind: "edit", guid });
    setNews(t(verb, { name }));
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="flex flex-col gap-2">
        <KpiOutline
          rows={rows}
          selected={editing?.kind === "edit" ? editing.guid : null}
          busy={move.isPending || remove.isPending}
          onSelect={(guid) => (setEditing({ kind: "edit", guid }), setFailure(null))}
          onMove={(node, place) => (setFailure(null), move.mutate({ input: { docId, guid: node.guid }, body: place }))}
          onAdd={(parent, type) => (setEditing({ kind: "new", parent, type }), setFailure(null))}
        />
        {failure && <FieldError>{failure}</FieldError>}
        {news && (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {news}
          </p>
        )}
      </div>
      <div className="self-start lg:sticky lg:top-4">
        {editing === null && <Notice tone="empty">{t("choose")}</Notice>}
        {editing?.kind === "new" && (
          <Card id="new-kpi" title={t("newIn", { type: editing.type, parent: editing.parent.name })}>
            <KpiForm
              key={`new-${editing.parent.guid}-${editing.type}`}
              docId={docId}
              kpi={null}
              parentGuid={editing.parent.guid}
              newType={editing.type}
              rows={rows}
              lastValues={lastValues}
              lastMonth={fmt.period(lastMonth.start, "MONTH")}
              onDone={(kpi) => done(kpi, "added")}
              onCancel={() => setEditing(null)}
            />
          </Card>
        )}
        {current && (
          <Card id="edit-kpi" title={current.name}>
            <KpiForm
              key={current.guid}
              docId={docId}
              kpi={current}
              rows={rows}
              lastValues={lastValues}
              lastMonth={fmt.period(lastMonth.start, "MONTH")}
              onDone={(kpi) => done(kpi, "saved")}
              onCancel={() => setEditing(null)}
            />
            <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
              <InitiativesEditor docId={docId} kpi={current} />
            </div>
            {current.parentGuid !== null && (
              <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
                <ConfirmDelete
                  key={current.guid}
                  words={{
                    ask: t("deleteAsk"),
                    question: t("confirmDelete", { name: current.name, children: current.children.length }),
                    confirm: t("deleteName", { name: current.name }),
                    keep: t("keep"),
                  }}
                  pending={remove.isPending}
                  onConfirm={() => remove.mutate({ input: { docId, guid: current.guid } })}
                />
              </div>
            )}
          </Card>
        )}
      </div>
    </div>
  );
}
