"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { Connector } from "@/lib/contract/connectors";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { FieldError, Notice } from "@/components/ui/notice";
import { useFormats } from "@/lib/i18n/use-formats";
import { runWhen, useRunFigures, useScheduleWords } from "./connector-words";
import { ConnectorForm } from "./connector-form";
import { PreviewTable } from "./preview-table";
import { RunHistory } from "./run-history";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { DateField } from "@/components/ui/date-input";

/** Every connector the user may manage, with its schedule, its last run and what can be done with it. */
export function ConnectorList({ scorecards }: { scorecards: { id: number; name: string }[] }) {
  const t = useTranslations("connectors.list");
  const { data } = useSuspenseQuery(readQuery("connectors", {}));
  if (data.items.length === 0) return <Notice tone="empty">{t("none")}</Notice>;
  return (
    <ul className="flex flex-col gap-3">
      {data.items.map((connector) => (
        <ConnectorItem key={connector.id} connector={connector} scorecards={scorecards} />
      ))}
    </ul>
  );
}

function ConnectorItem({ connector, scorecards }: { connector: Connector; scorecards: { id: number; name: string }[] }) {
  const fmt = useFormats();
  const t = useTranslations("connectors");
  const errorText = useErrorText();
  const runFigures = useRunFigures();
  const scorecard = scorecards.find((s) => s.id === connector.docId)?.name ?? t("list.scorecardN", { id: connector.docId });
  const [panel, setPanel] = useState<"runs" | "preview" | "backfill" | "edit" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onError = (e: Error) => setError(errorText(e));
  const run = useWrite("runConnector", { onSuccess: () => (setError(null), setPanel("runs")), onError });
  const preview = useWrite("previewConnector", { onSuccess: () => (setError(null), setPanel("preview")), onError });
  const update = useWrite("updateConnector", { onError });
  const remove = useWrite("deleteConnector", { onError });
  const last = connector.lastRun;
  const toggle = (which: typeof panel) => setPanel(panel === which ? null : which);

  function backfill(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    run.mutate({ input: { id: connector.id }, body: { from: String(form.get("from")), to: String(form.get("to")) } });
  }

  return (
    <li className={cardClass} data-testid="connector">
      <div className="flex flex-wrap items-start gap-3">
        <div className="mr-auto min-w-0">
          <h2 className="font-semibold">
            {connector.name}
            {!connector.enabled && <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">{t("list.paused")}</span>}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t(`kinds.${connector.kind}`)} → {scorecard}
          </p>
          {connector.source && <p className="truncate font-mono text-xs text-slate-600 dark:text-slate-400">{connector.source.url}</p>}
          <p className="text-sm">
            {connector.schedule ? (
              <>
                <ScheduleWords schedule={connector.schedule} />
                {connector.schedule.nextRunAt && connector.enabled && (
                  <span className="text-slate-600 dark:text-slate-400">{t("list.next", { when: fmt.dateTime(connector.schedule.nextRunAt) })}</span>
                )}
              </>
            ) : connector.kind === "push" ? (
              t("list.onPush")
            ) : (
              t("list.byHand")
            )}
          </p>
          <p className={`text-sm ${last?.status === "failed" ? "text-red-700 dark:text-red-300" : "text-slate-700 dark:text-slate-300"}`}>
            {last ? t("list.lastRun", { when: runWhen(last, fmt), figures: runFigures(last) }) : t("list.neverRun")}
          </p>
          {connector.failuresInRow >= 3 && (
            <Notice tone="error" className="mt-2">
              {t("list.failedInRow", { count: connector.failuresInRow, owner: connector.owner ? ` (${connector.owner.email})` : "" })}
            </Notice>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {connector.kind !== "push" && (
            <Button onClick={() => run.mutate({ input: { id: connector.id } })} disabled={run.isPending}>
              {run.isPending ? t("list.running") : t("list.runNow")}
            </Button>
          )}
          {connector.kind !== "push" && (
            <Button variant="secondary" onClick={() => preview.mutate({ input: { id: connector.id } })} disabled={preview.isPending}>
              {t("list.preview")}
            </Button>
          )}
          {connector.shape === "period" && (
            <Button variant="secondary" aria-expanded={panel === "backfill"} onClick={() => toggle("backfill")}>
              {t("list.backfill")}
            </Button>
          )}
          <Button variant="secondary" aria-expanded={panel === "runs"} onClick={() => toggle("runs")}>
            {panel === "runs" ? t("list.hideRuns") : t("list.runsButton")}
          </Button>
          <Button variant="ghost" aria-expanded={panel === "edit"} onClick={() => toggle("edit")}>
            {t("list.edit")}
          </Button>
          <Button variant="ghost" onClick={() => update.mutate({ input: { id: connector.id }, body: { enabled: !connector.enabled } })}>
            {connector.enabled ? t("list.pause") : t("list.resume")}
          </Button>
          <Button
            variant="ghost"
            onClick={() => window.confirm(t("list.confirmDelete", { name: connector.name })) && remove.mutate({ input: { id: connector.id } })}
          >
            {t("list.delete")}
          </Button>
        </div>
      </div>
      {error && <FieldError>{error}</FieldError>}
      {panel === "backfill" && (
        <form onSubmit={backfill} className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <DateField label={t("list.from")} id={`backfill-from-${connector.id}`} name="from" required />
          <DateField label={t("list.to")} id={`backfill-to-${connector.id}`} name="to" required />
          <Button type="submit" disabled={run.isPending}>
            {run.isPending ? t("list.filling") : t("list.fill")}
          </Button>
        </form>
      )}
      {panel === "preview" && preview.data && (
        <div className="mt-3">
          <PreviewTable preview={preview.data} />
        </div>
      )}
      {panel === "edit" && (
        <div className="mt-3">
          <ConnectorForm scorecards={scorecards} editing={connector} onDone={() => setPanel(null)} />
        </div>
      )}
      {panel === "runs" && (
        <div className="mt-3">
          <RunHistory connectorId={connector.id} docId={connector.docId} name={connector.name} />
        </div>
      )}
    </li>
  );
}

function ScheduleWords({ schedule }: { schedule: NonNullable<Connector["schedule"]> }) {
  return <>{useScheduleWords(schedule)}</>;
}
