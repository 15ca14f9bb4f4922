"use client";

import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/notice";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { RejectedRows } from "./preview-table";
import { runFigures, runWhen, TRIGGER_LABEL } from "./connector-words";
import { useFormats } from "@/lib/i18n/use-formats";

/** A connector's runs, newest first: what each read, wrote and rejected, and an undo for what it wrote. */
export function RunHistory({ connectorId, docId, name }: { connectorId: number; docId: number; name: string }) {
  const fmt = useFormats();
  const runs = useQuery(readQuery("connectorRuns", { id: connectorId }));
  const [open, setOpen] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const undo = useWrite("revertChange", {
    onSuccess: () => setMessage("Undone: the values it wrote are back as they were."),
    onError: (e) => setMessage(errorText(e)),
  });
  const items = runs.data?.items ?? [];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold">Runs</h3>
        <Button variant="secondary" onClick={() => void runs.refetch()} disabled={runs.isFetching}>{runs.isFetching ? "Refreshing…" : "Refresh"}</Button>
      </div>
      {runs.isError && <FieldError>{runs.error.message}</FieldError>}
      {message && <p role="status" className="text-sm">{message}</p>}
      {runs.isSuccess && items.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No runs yet.</p>}
      {items.length > 0 && (
        <Table caption={`Runs of ${name}`} dense>
          <TableHead>
            <Th>Started</Th>
            <Th>How</Th>
            <Th>Result</Th>
            <Th align="right">Rows read</Th>
            <Th align="right">Took</Th>
            <Th><span className="sr-only">Actions</span></Th>
          </TableHead>
          <tbody>
            {items.map((run) => (
              <Fragment key={run.id}>
                <Tr>
                  <Td className="whitespace-nowrap">{runWhen(run, fmt)}</Td>
                  <Td>{TRIGGER_LABEL[run.trigger]}</Td>
                  <Td className={run.status === "failed" ? "text-red-700 dark:text-red-300" : ""}>{runFigures(run)}</Td>
                  <Td align="right">{run.rowsRead}</Td>
                  <Td align="right" className="whitespace-nowrap">{(run.durationMs / 1000).toFixed(1)} s</Td>
                  <Td className="whitespace-nowrap">
                    {run.rowsRejected > 0 && (
                      <Button variant="ghost" aria-expanded={open === run.id} onClick={() => setOpen(open === run.id ? null : run.id)}>
                        {open === run.id ? "Hide rejected" : "Rejected rows"}
                      </Button>
                    )}
                    {run.changeId !== null && (
                      <Button
                        variant="ghost"
                        disabled={undo.isPending}
                        onClick={() => window.confirm(`Undo the ${run.valuesWritten} values this run wrote?`) && undo.mutate({ input: { docId, changeId: run.changeId!, dryRun: false, overwrite: false } })}
                      >
                        Undo
                      </Button>
                    )}
                  </Td>
                </Tr>
                {open === run.id && (
                  <tr>
                    <td colSpan={6} className="p-2"><RejectedRows rejections={run.rejections} total={run.rowsRejected} /></td>
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
