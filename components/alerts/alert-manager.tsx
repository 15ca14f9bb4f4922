"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Fragment, useState } from "react";
import { PageLink } from "@/components/ui/page-link";
import type { DeliveryOutcome } from "@/lib/contract/alerts";
import type { KpiNode } from "@/lib/contract/kpis";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { useFormats } from "@/lib/i18n/use-formats";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { RowHeader, Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { AlertForm } from "./alert-form";
import { AlertHistory } from "./alert-history";

const flatten = (node: KpiNode, out: KpiNode[] = []): KpiNode[] => (out.push(node), node.children.forEach((c) => flatten(c, out)), out);

/** What became of the last firing's messages, beside its time: a firing nobody received must not read as done. */
const OUTCOME_TONE: Record<DeliveryOutcome, string> = {
  DELIVERED: "text-emerald-800 dark:text-emerald-300",
  PARTLY_DELIVERED: "text-amber-800 dark:text-amber-300",
  FAILED: "text-red-700 dark:text-red-300",
  SENDING: "text-slate-600 dark:text-slate-400",
  NOT_SENT: "text-red-700 dark:text-red-300",
};

/** A scorecard's alerts: what triggers each, where it goes, when it fired. */
export function AlertManager({ docId }: { docId: number }) {
  const fmt = useFormats();
  const t = useTranslations("alerts");
  const when = (iso: string | null) => (iso ? fmt.dateTime(iso) : t("never"));
  const { data: alerts } = useSuspenseQuery(readQuery("alerts", { docId }));
  const { data: tree } = useSuspenseQuery(readQuery("tree", { docId }));
  const { data: hooks } = useSuspenseQuery(readQuery("webhooks", {}));
  const { data: users } = useSuspenseQuery(readQuery("users", {}));
  const { data: settings } = useSuspenseQuery(readQuery("notificationSettings", {}));
  const [open, setOpen] = useState<{ id: number; what: "edit" | "history" } | null>(null);
  const update = useWrite("updateAlert");
  const remove = useWrite("deleteAlert");
  const kpis = flatten(tree.root).filter((k) => k.indicatorType === "INDICATOR");
  const kpiOf = new Map(kpis.map((k) => [k.guid, k]));
  const hookName = new Map(hooks.items.map((h) => [h.id, h.name]));
  const people = users.items.filter((u) => u.active);
  const emailOf = new Map(users.items.map((u) => [u.id, u.email]));
  const emailUnavailable = settings.emailAvailable ? null : t("mailUnavailable");
  const formProps = { docId, kpis, hooks: hooks.items, people, emailUnavailable };

  if (hooks.items.length === 0 && emailUnavailable) {
    return (
      <Notice tone="empty">
        {t.rich("noWebhook", {
          reason: emailUnavailable,
          link: (chunks) => (
            <PageLink href="/webhooks" className="text-blue-700 underline dark:text-blue-400">
              {chunks}
            </PageLink>
          ),
        })}
      </Notice>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <Card id="new-alert" title={t("new")}>
        <AlertForm key={alerts.items.length} {...formProps} onDone={() => undefined} />
      </Card>
      <Table caption={t("caption")}>
        <TableHead>
          <Th>{t("alert")}</Th>
          <Th>{t("kpi")}</Th>
          <Th>{t("condition")}</Th>
          <Th>{t("sendsTo")}</Th>
          <Th>{t("lastFired")}</Th>
          <Th>{t("active")}</Th>
          <Th>
            <span className="sr-only">{t("actions")}</span>
          </Th>
        </TableHead>
        <tbody>
          {alerts.items.length === 0 && (
            <tr>
              <td colSpan={7} className="px-3 py-6 text-center text-slate-600 dark:text-slate-400">
                {t("none")}
              </td>
            </tr>
          )}
          {alerts.items.map((a) => {
            const kpi = kpiOf.get(a.kpiGuid);
            const targets = [
              ...(a.webhookId === null ? [] : [hookName.get(a.webhookId) ?? t("aWebhook")]),
              ...a.emailUserIds.map((id) => emailOf.get(id) ?? t("formerUser")),
            ];
            const toggle = (what: "edit" | "history") => setOpen(open?.id === a.id && open.what === what ? null : { id: a.id, what });
            return (
              <Fragment key={a.id}>
                <Tr>
                  <RowHeader>{a.name}</RowHeader>
                  <Td>{kpi?.name ?? t("deletedKpi")}</Td>
                  <Td className="whitespace-nowrap">{fmt.condition(a.condition, a.threshold, kpi?.measure ?? "")}</Td>
                  <Td>{targets.join(", ")}</Td>
                  <Td className="whitespace-nowrap">
                    {when(a.lastFiredAt)}
                    {a.lastDelivery && <span className={`block text-xs ${OUTCOME_TONE[a.lastDelivery]}`}>{t(`outcome.${a.lastDelivery}`)}</span>}
                  </Td>
                  <Td>
                    <input
                      type="checkbox"
                      checked={a.active}
                      aria-label={t("isActive", { name: a.name })}
                      onChange={(e) => update.mutate({ input: { docId, id: a.id }, body: { active: e.target.checked } })}
                      className="h-4 w-4 accent-blue-700"
                    />
                  </Td>
                  <Td className="whitespace-nowrap text-right">
                    <Button
                      variant="ghost"
                      aria-expanded={open?.id === a.id && open.what === "edit"}
                      onClick={() => toggle("edit")}
                      aria-label={t("editName", { name: a.name })}
                    >
                      {t("edit")}
                    </Button>
                    <Button
                      variant="ghost"
                      aria-expanded={open?.id === a.id && open.what === "history"}
                      onClick={() => toggle("history")}
                      aria-label={t("historyName", { name: a.name })}
                    >
                      {t("history")}
                    </Button>
                    <Button
                      variant="ghost"
                      onClick={() => window.confirm(t("confirmDelete", { name: a.name })) && remove.mutate({ input: { docId, id: a.id } })}
                      aria-label={t("deleteName", { name: a.name })}
                    >
                      {t("delete")}
                    </Button>
                  </Td>
                </Tr>
                {open?.id === a.id && (
                  <tr>
                    <td colSpan={7} className="bg-slate-50 px-3 py-3 dark:bg-slate-800/40">
                      {open.what === "edit" ? (
                        <AlertForm {...formProps} alert={a} onDone={() => setOpen(null)} />
                      ) : (
                        <AlertHistory docId={docId} alert={a} measure={kpi?.measure ?? ""} thresholds={kpi?.thresholds} />
                      )}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
