"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { AlertCondition, CreateAlert } from "@/lib/contract/alerts";
import type { KpiNode } from "@/lib/contract/kpis";
import { errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, inputClass } from "@/components/ui/field";
import { FieldError, Notice } from "@/components/ui/notice";
import { RowHeader, Table, TableHead, Td, Th, Tr } from "@/components/ui/table";

const CONDITION_LABEL: Record<AlertCondition, string> = {
  VALUE_ABOVE: "Value goes above",
  VALUE_BELOW: "Value goes below",
  PERFORMANCE_BELOW: "Performance drops below (0–1)",
  VALUE_CHANGED: "Value changes",
};

const flatten = (node: KpiNode, out: KpiNode[] = []): KpiNode[] => (out.push(node), node.children.forEach((c) => flatten(c, out)), out);

/** A scorecard's alerts: what triggers each, and the webhook it posts to. */
export function AlertManager({ docId }: { docId: number }) {
  const { data: alerts } = useSuspenseQuery(readQuery("alerts", { docId }));
  const { data: tree } = useSuspenseQuery(readQuery("tree", { docId }));
  const { data: hooks } = useSuspenseQuery(readQuery("webhooks", {}));
  const [error, setError] = useState<string | null>(null);
  const [condition, setCondition] = useState<AlertCondition>("VALUE_ABOVE");
  const kpis = flatten(tree.root).filter((k) => k.indicatorType === "INDICATOR");
  const kpiName = new Map(kpis.map((k) => [k.guid, k.name]));
  const hookName = new Map(hooks.items.map((h) => [h.id, h.name]));
  const create = useWrite("createAlert", { onSuccess: () => setError(null), onError: (e) => setError(errorText(e)) });
  const update = useWrite("updateAlert");
  const remove = useWrite("deleteAlert");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const threshold = String(form.get("threshold") ?? "").trim();
    const input = CreateAlert.safeParse({
      name: form.get("name"),
      kpiGuid: form.get("kpiGuid"),
      condition,
      threshold: condition === "VALUE_CHANGED" || threshold === "" ? undefined : Number(threshold.replace(",", ".")),
      webhookId: Number(form.get("webhookId")),
    });
    if (!input.success) return setError(input.error.issues.map((i) => i.message).join("; "));
    const formElement = event.currentTarget;
    create.mutate({ input: { docId }, body: input.data }, { onSuccess: () => formElement.reset() });
  }

  if (hooks.items.length === 0) {
    return (
      <Notice tone="empty">
        Alerts post to a webhook. <Link href="/webhooks" className="text-blue-700 underline dark:text-blue-400">Create a webhook</Link> first.
      </Notice>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <Card id="new-alert" title="New alert">
        <form onSubmit={submit} className="grid gap-3 md:grid-cols-3" noValidate>
          <Field label="Name" id="alert-name" name="name" required />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="alert-kpi" className="text-sm font-medium text-slate-700 dark:text-slate-200">KPI</label>
            <select id="alert-kpi" name="kpiGuid" className={inputClass}>
              {kpis.map((k) => <option key={k.guid} value={k.guid}>{k.name}</option>)}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="alert-condition" className="text-sm font-medium text-slate-700 dark:text-slate-200">When</label>
            <select id="alert-condition" value={condition} onChange={(e) => setCondition(e.target.value as AlertCondition)} className={inputClass}>
              {AlertCondition.options.map((c) => <option key={c} value={c}>{CONDITION_LABEL[c]}</option>)}
            </select>
          </div>
          {condition !== "VALUE_CHANGED" && <Field label="Threshold" id="alert-threshold" name="threshold" inputMode="decimal" required />}
          <div className="flex flex-col gap-1.5">
            <label htmlFor="alert-webhook" className="text-sm font-medium text-slate-700 dark:text-slate-200">Post to webhook</label>
            <select id="alert-webhook" name="webhookId" className={inputClass}>
              {hooks.items.map((h) => <option key={h.id} value={h.id}>{h.name}</option>)}
            </select>
          </div>
          <div className="flex items-end">
            <Button type="submit" disabled={create.isPending}>Create alert</Button>
          </div>
        </form>
        {error && <FieldError>{error}</FieldError>}
      </Card>
      <Table caption="Alerts of this scorecard">
        <TableHead>
          <Th>Alert</Th>
          <Th>KPI</Th>
          <Th>Condition</Th>
          <Th>Webhook</Th>
          <Th>Active</Th>
          <Th><span className="sr-only">Actions</span></Th>
        </TableHead>
        <tbody>
          {alerts.items.length === 0 && (
            <tr><td colSpan={6} className="px-3 py-6 text-center text-slate-600 dark:text-slate-400">No alerts yet.</td></tr>
          )}
          {alerts.items.map((a) => (
            <Tr key={a.id}>
              <RowHeader>{a.name}</RowHeader>
              <Td>{kpiName.get(a.kpiGuid) ?? a.kpiGuid}</Td>
              <Td>{CONDITION_LABEL[a.condition]}{a.threshold !== null ? ` ${a.threshold}` : ""}</Td>
              <Td>{a.webhookId === null ? "–" : hookName.get(a.webhookId) ?? a.webhookId}</Td>
              <Td>
                <input
                  type="checkbox"
                  checked={a.active}
                  aria-label={`${a.name} is active`}
                  onChange={(e) => update.mutate({ input: { docId, id: a.id }, body: { active: e.target.checked } })}
                  className="h-4 w-4 accent-blue-700"
                />
              </Td>
              <Td className="text-right">
                <Button variant="ghost" onClick={() => remove.mutate({ input: { docId, id: a.id } })} aria-label={`Delete alert ${a.name}`}>Delete</Button>
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
