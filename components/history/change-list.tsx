"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ChangeSet } from "@/lib/contract/history";
import { readQuery } from "@/lib/bff/queries";
import { useFormats } from "@/lib/i18n/use-formats";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Table, TableHead, Td, Th, Tr, StatusRow } from "@/components/ui/table";
import { useAuthorText } from "./change-author";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";

function state(change: ChangeSet, t: ReturnType<typeof useTranslations<"history">>) {
  if (change.revertedBy) return t("undone", { id: change.revertedBy });
  if (change.reverts) return t("undid", { id: change.reverts });
  return "";
}

/** The scorecard's change sets, newest first, a page at a time; `onUndo` offers each one's undo. */
export function ChangeList({ docId, pageSize, onUndo }: { docId: number; pageSize: number; onUndo?: (change: ChangeSet) => void }) {
  const t = useTranslations("history");
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  return (
    <div className="flex flex-col gap-3">
      <Table caption={t("caption")}>
        <TableHead>
          <Th>{t("when")}</Th>
          <Th>{t("who")}</Th>
          <Th align="right">{t("records")}</Th>
          <Th>
            <span className="sr-only">{t("stateUndo")}</span>
          </Th>
        </TableHead>
        <tbody>
          {pages.map((before, i) => (
            <ChangePage
              key={before ?? "first"}
              docId={docId}
              pageSize={pageSize}
              before={before}
              onUndo={onUndo}
              onNext={i === pages.length - 1 ? (next) => setPages([...pages, next]) : undefined}
            />
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function ChangePage({
  docId,
  pageSize,
  before,
  onUndo,
  onNext,
}: {
  docId: number;
  pageSize: number;
  before?: number;
  onUndo?: (change: ChangeSet) => void;
  onNext?: (next: number) => void;
}) {
  const fmt = useFormats();
  const t = useTranslations("history");
  const errorText = useErrorText();
  const authorText = useAuthorText();
  const { data, error, isPending } = useQuery(readQuery("changes", { docId, limit: pageSize, ...(before ? { before } : {}) }));
  if (isPending) return <StatusRow columns={4}>{t("loadingOlder")}</StatusRow>;
  if (error)
    return (
      <StatusRow columns={4}>
        <Notice tone="error">{t("unreadable", { reason: errorText(error) })}</Notice>
      </StatusRow>
    );
  if (data.items.length === 0 && !before) return <StatusRow columns={4}>{t("noneWritten")}</StatusRow>;
  return (
    <>
      {data.items.map((change) => (
        <Tr key={change.id}>
          <Td>
            {fmt.dateTime(change.at)}
            <span className="block text-xs text-slate-600 dark:text-slate-400">{t("change", { id: change.id })}</span>
          </Td>
          <Td>{authorText(change.by)}</Td>
          <Td align="right">{change.records}</Td>
          <Td className="text-right">
            {state(change, t) && <span className="block text-xs text-slate-600 sm:mr-2 sm:inline dark:text-slate-400">{state(change, t)}</span>}
            {onUndo && !change.revertedBy && (
              <Button variant="secondary" onClick={() => onUndo(change)} aria-label={t("undoChange", { id: change.id })}>
                {t("undo")}
              </Button>
            )}
          </Td>
        </Tr>
      ))}
      {onNext && data.next && (
        <Tr>
          <Td colSpan={4}>
            <Button variant="ghost" onClick={() => onNext(data.next!)}>
              {t("showOlder")}
            </Button>
          </Td>
        </Tr>
      )}
    </>
  );
}
