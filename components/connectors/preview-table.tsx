"use client";

import type { ConnectorPreview, Notice, Rejection } from "@/lib/contract/connectors";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { useFormats } from "@/lib/i18n/use-formats";
import { useTranslations } from "next-intl";

const CHANGE_STYLE = { new: "text-emerald-700 dark:text-emerald-300", changed: "text-amber-700 dark:text-amber-300", unchanged: "" } as const;

/** What a run would write (new or changed values) and the rows it would reject. */
export function PreviewTable({ preview }: { preview: ConnectorPreview }) {
  const fmt = useFormats();
  const t = useTranslations("connectors.preview");
  return (
    <div className="flex flex-col gap-3" data-testid="connector-preview">
      <p className="text-sm" role="status">
        {t.rich("read", {
          rows: preview.rowsRead,
          new: preview.new,
          changed: preview.changed,
          unchanged: preview.unchanged,
          b: (chunks) => <strong>{chunks}</strong>,
        })}
        {preview.rowsRejected > 0 &&
          t.rich("rejected", { count: preview.rowsRejected, bad: (chunks) => <strong className="text-red-700 dark:text-red-300">{chunks}</strong> })}
        {t("nothingYet")}
      </p>
      {preview.values.length > 0 && <h3 className="text-sm font-semibold">{t("wouldWrite")}</h3>}
      {preview.values.length > 0 && (
        <Table caption={t("caption")} dense>
          <TableHead>
            <Th>{t("kpi")}</Th>
            <Th>{t("period")}</Th>
            <Th align="right">{t("value")}</Th>
            <Th align="right">{t("stored")}</Th>
            <Th>{t("change")}</Th>
          </TableHead>
          <tbody>
            {preview.values.map((v) => (
              <Tr key={`${v.guid}|${v.date}`}>
                <Td>{v.kpi}</Td>
                <Td className="whitespace-nowrap">{fmt.date(v.date)}</Td>
                <Td align="right">{v.value === null ? "–" : fmt.full(v.value, "")}</Td>
                <Td align="right">{v.before === null ? "–" : fmt.full(v.before, "")}</Td>
                <Td className={`font-medium ${CHANGE_STYLE[v.change]}`}>{v.change === "new" ? t("new") : t("changed")}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      {preview.values.length < preview.new + preview.changed && (
        <p className="text-xs text-slate-600 dark:text-slate-400">{t("firstShown", { count: preview.values.length })}</p>
      )}
      <Notices notices={preview.notices} />
      <RejectedRows rejections={preview.rejections} total={preview.rowsRejected} />
    </div>
  );
}

/** Rows written as asked that may not mean what the source meant, one note per KPI. */
export function Notices({ notices }: { notices: Notice[] }) {
  const t = useTranslations("connectors.preview");
  const form = useTranslations("connectors.form");
  const fmt = useFormats();
  if (notices.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 text-sm text-amber-800 dark:text-amber-200" data-testid="connector-notices">
      {notices.map((n) => (
        <li key={n.guid} role="note">
          {t("insidePeriod", {
            rows: n.rows,
            kpi: n.kpi,
            interval: n.interval,
            date: fmt.date(n.date),
            start: fmt.date(n.periodStart),
            periodStart: form("offPeriods.periodStart"),
          })}
        </li>
      ))}
    </ul>
  );
}

/** Rejected rows, each with its reason and what it held. */
export function RejectedRows({ rejections, total }: { rejections: Rejection[]; total: number }) {
  const t = useTranslations("connectors.preview");
  if (rejections.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold">
        {t("rejectedTitle")}
        {total > rejections.length ? t("firstOf", { shown: rejections.length, total }) : ""}
      </h3>
      <Table caption={t("rejectedCaption", { total })} dense>
        <TableHead>
          <Th align="right">{t("row")}</Th>
          <Th>{t("reason")}</Th>
          <Th>{t("held")}</Th>
        </TableHead>
        <tbody>
          {rejections.map((r) => (
            <Tr key={r.row}>
              <Td align="right">{r.row}</Td>
              <Td className="text-red-700 dark:text-red-300">{r.reason}</Td>
              <Td className="font-mono text-xs break-all">
                {Object.entries(r.data)
                  .map(([k, v]) => `${k}: ${v === null ? "null" : String(v)}`)
                  .join(" · ")}
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
