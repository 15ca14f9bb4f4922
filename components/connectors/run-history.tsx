"use client";

import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/notice";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { Notices, RejectedRows } from "./preview-table";
import { runWhen, useRunFigures } from "./connector-words";
import { useFormats } from "@/lib/i18n/use-formats";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";

/** A connector's runs, newest first: what each read, wrote and rejected, and an undo for what it wrote. */
export function RunHistory({ connectorId, docId, name }: { connectorId: number; docId: number; name: string }) {
  const fmt = useFormats();
  const t = useTranslations("connectors");
  const errorText = useErrorText();
  const runFigures = useRunFigures();
  const runs = useQuery(readQuery("connectorRuns", { id: connectorId }));
  const [open, setOpen] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const undo = useWrite("revertChange", {
    onSuccess: () => setMessage(t("runHistory.undone")),
    onError: (e) => setMessage(errorText(e)),
  });
  const items = runs.data?.items ?? [];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold">{t("runHistory.title")}</h3>
        <Button variant="secondary" onClick={() => void runs.refetch()} disabled={runs.isFetching}>
          {runs.isFetching ? t("runHistory.refreshing") : t("runHistory.refresh")}
        </Button>
      </div>
      {runs.isError && <FieldError>{errorText(runs.error)}</FieldError>}
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
      {runs.isSuccess && items.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t("runHistory.none")}</p>}
      {items.length > 0 && (
        <Table caption={t("runHistory.caption", { name })} dense>
          <TableHead>
            <Th>{t("runHistory.started")}</Th>
            <Th>{t("runHistory.how")}</Th>
            <Th>{t("runHistory.result")}</Th>
            <Th align="right">{t("runHistory.rowsRead")}</Th>
            <Th align="right">{t("runHistory.took")}</Th>
            <Th>
              <span className="sr-only">{t("runHistory.actions")}</span>
            </Th>
          </TableHead>
          <tbody>
            {items.map((run) => (
              <Fragment key={run.id}>
                <Tr>
                  <Td className="whitespace-nowrap">{runWhen(run, fmt)}</Td>
                  <Td>{t(`triggers.${run.trigger}`)}</Td>
                  <Td className={run.status === "failed" ? "text-red-700 dark:text-red-300" : ""}>{runFigures(run)}</Td>
                  <Td align="right">{run.rowsRead}</Td>
                  <Td align="right" className="whitespace-nowrap">
                    {t("runHistory.seconds", { seconds: fmt.number(run.durationMs / 1000, 1) })}
                  </Td>
                  <Td className="whitespace-nowrap">
                    {run.rowsRejected > 0 && (
                      <Button variant="ghost" aria-expanded={open === run.id} onClick={() => setOpen(open === run.id ? null : run.id)}>
                        {open === run.id ? t("runHistory.hideRejected") : t("runHistory.rejectedRows")}
                      </Button>
                    )}
                    {run.changeId !== null && (
                      <Button
                        variant="ghost"
                        disabled={undo.isPending}
                        onClick={() =>
                          window.confirm(t("runHistory.confirmUndo", { count: run.valuesWritten })) &&
                          undo.mutate({ input: { docId, changeId: run.changeId!, dryRun: false, overwrite: false } })
                        }
                      >
                        {t("runHistory.undo")}
                      </Button>
                    )}
                  </Td>
                </Tr>
                {run.notices.length > 0 && (
                  <tr>
                    <td colSpan={6} className="px-2 pb-2">
                      <Notices notices={run.notices} />
                    </td>
                  </tr>
                )}
                {open === run.id && (
                  <tr>
                    <td colSpan={6} className="p-2">
                      <RejectedRows rejections={run.rejections} total={run.rowsRejected} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
