"use client";

import type { ConnectorPreview, Rejection } from "@/lib/contract/connectors";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { useFormats } from "@/lib/i18n/use-formats";

const CHANGE_STYLE = { new: "text-emerald-700 dark:text-emerald-300", changed: "text-amber-700 dark:text-amber-300", unchanged: "" } as const;

/** What a run would write (new or changed values) and the rows it would reject. */
export function PreviewTable({ preview }: { preview: ConnectorPreview }) {
  const fmt = useFormats();
  return (
    <div className="flex flex-col gap-3" data-testid="connector-preview">
      <p className="text-sm" role="status">
        Read {preview.rowsRead} {preview.rowsRead === 1 ? "row" : "rows"}: <strong>{preview.new} new</strong>, <strong>{preview.changed} changed</strong>, {preview.unchanged} unchanged
        {preview.rowsRejected > 0 && <>, <strong className="text-red-700 dark:text-red-300">{preview.rowsRejected} rejected</strong></>}. Nothing is written until it runs.
      </p>
      {preview.values.length > 0 && <h3 className="text-sm font-semibold">Values it would write</h3>}
      {preview.values.length > 0 && (
        <Table caption="Values a run would write" dense>
          <TableHead>
            <Th>KPI</Th>
            <Th>Period</Th>
            <Th align="right">Value</Th>
            <Th align="right">Now stored</Th>
            <Th>Change</Th>
          </TableHead>
          <tbody>
            {preview.values.map((v) => (
              <Tr key={`${v.guid}|${v.date}`}>
                <Td>{v.kpi}</Td>
                <Td className="whitespace-nowrap">{v.date}</Td>
                <Td align="right">{v.value === null ? "–" : fmt.full(v.value, "")}</Td>
                <Td align="right">{v.before === null ? "–" : fmt.full(v.before, "")}</Td>
                <Td className={`font-medium ${CHANGE_STYLE[v.change]}`}>{v.change === "new" ? "New" : "Changed"}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      {preview.values.length < preview.new + preview.changed && <p className="text-xs text-slate-600 dark:text-slate-400">The first {preview.values.length} are shown.</p>}
      <RejectedRows rejections={preview.rejections} total={preview.rowsRejected} />
    </div>
  );
}

/** Rejected rows, each with its reason and what it held. */
export function RejectedRows({ rejections, total }: { rejections: Rejection[]; total: number }) {
  if (rejections.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold">Rejected rows{total > rejections.length ? ` (the first ${rejections.length} of ${total})` : ""}</h3>
      <Table caption={`Rejected rows (${total})`} dense>
      <TableHead>
        <Th align="right">Row</Th>
        <Th>Reason</Th>
        <Th>Row held</Th>
      </TableHead>
      <tbody>
        {rejections.map((r) => (
          <Tr key={r.row}>
            <Td align="right">{r.row}</Td>
            <Td className="text-red-700 dark:text-red-300">{r.reason}</Td>
            <Td className="font-mono text-xs break-all">{Object.entries(r.data).map(([k, v]) => `${k}: ${v === null ? "null" : String(v)}`).join(" · ")}</Td>
          </Tr>
        ))}
      </tbody>
      </Table>
    </div>
  );
}
