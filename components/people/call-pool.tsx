"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { readQuery } from "@/lib/bff/queries";
import { useFormats } from "@/lib/i18n/use-formats";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";

/** The account's pooled hourly calls (spent by programs, never by the dashboard), what spent them and when they reset. */
export function CallPool() {
  const t = useTranslations("apiKeys.pool");
  const f = useFormats();
  const { data } = useSuspenseQuery({ ...readQuery("callSpending", {}), refetchInterval: 60_000 });
  const left = Math.max(0, data.allowedCount - data.usedCount);
  return (
    <Card id="call-pool" title={t("title")}>
      <p className="text-sm" role="status">
        {t.rich("summary", {
          used: data.usedCount,
          allowed: data.allowedCount,
          left,
          at: f.time(data.resetAt),
          b: (chunks) => <strong className="font-semibold">{chunks}</strong>,
        })}
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t("who")}</p>
      <div className="mt-3">
        {data.spenders.length === 0 ? (
          <Notice tone="empty">{t("none")}</Notice>
        ) : (
          <Table caption={t("caption")} dense>
            <TableHead>
              <Th>{t("spender")}</Th>
              <Th>{t("kind")}</Th>
              <Th>{t("person")}</Th>
              <Th align="right">{t("used")}</Th>
            </TableHead>
            <tbody>
              {data.spenders.map((s, i) => (
                <Tr key={`${s.kind}-${s.name}-${i}`}>
                  <Td>{s.name}</Td>
                  <Td>{t(`kinds.${s.kind}`)}</Td>
                  <Td>{s.userEmail ?? "–"}</Td>
                  <Td align="right">{f.number(s.used)}</Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </Card>
  );
}
