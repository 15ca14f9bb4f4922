"use client";

import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert, AlertCondition, CreateAlert, type UpdateAlert } from "@/lib/contract/alerts";
import { BffOk } from "@/lib/contract/dashboard";
import type { KpiNode } from "@/lib/contract/kpis";
import { alertsQuery, bffFetch, errorText, queryKeys, treeQuery, webhooksQuery } from "@/lib/queries";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";

const CONDITION_LABEL: Record<AlertCondition, string> = {
  VALUE_ABOVE: "Value goes above",
  VALUE_BELOW: "Value goes below",
  PERFORMANCE_BELOW: "Performance drops below (0–1)",
  VALUE_CHANGED: "Value changes",
};

const flatten = (node: KpiNode, out: KpiNode[] = []): KpiNode[] => (out.push(node), node.children.forEach((c) => flatten(c, out)), out);

/** A scorecard's alerts: what triggers each, and the webhook it posts to. */
export function AlertManager({ docId }: { docId: number }) {
  const { data: alerts } = useSuspenseQuery(alertsQuery(docId));
  const { data: tree } = useSuspenseQuery(treeQuery(docId));
  const { data: hooks } = useSuspenseQuery(webhooksQuery());
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [condition, setCondition] = useState<AlertCondition>("VALUE_ABOVE");
  const kpis = flatten(tree.root).filter((k) => k.indicatorType === "INDICATOR");
  const kpiName = new Map(kpis.map((k) => [k.guid, k.name]));
  const hookName = new Map(hooks.items.map((h) => [h.id, h.name]));
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.alerts(docId) });
  const json = (method: string, body: unknown) => ({ method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  const create = useMutation({
    mutationFn: (input: CreateAlert) => bffFetch(Alert, `/api/scorecards/${docId}/alerts`, json("POST", input)),
    onSuccess: () => (setError(null), refresh()),
    onError: (e) => setError(errorText(e)),
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateAlert }) => bffFetch(Alert, `/api/scorecards/${docId}/alerts/${id}`, json("PATCH", input)),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => bffFetch(BffOk, `/api/scorecards/${docId}/alerts/${id}`, { method: "DELETE" }),
    onSuccess: refresh,
  });

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
    create.mutate(input.data, { onSuccess: () => formElement.reset() });
  }

  if (hooks.items.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
        Alerts post to a webhook. <Link href="/webhooks" className="text-blue-700 underline dark:text-blue-400">Create a webhook</Link> first.
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="new-alert" className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="new-alert" className="mb-3 font-semibold">New alert</h2>
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
        {error && <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">{error}</p>}
      </section>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-sm">
          <caption className="sr-only">Alerts of this scorecard</caption>
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">Alert</th>
              <th scope="col" className="px-3 py-2 font-medium">KPI</th>
              <th scope="col" className="px-3 py-2 font-medium">Condition</th>
              <th scope="col" className="px-3 py-2 font-medium">Webhook</th>
              <th scope="col" className="px-3 py-2 font-medium">Active</th>
              <th scope="col" className="px-3 py-2 font-medium"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {alerts.items.length === 0 && (
              <tr><td colSpan={6} className="px-3 py-6 text-center text-slate-600 dark:text-slate-400">No alerts yet.</td></tr>
            )}
            {alerts.items.map((a) => (
              <tr key={a.id} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="px-3 py-2 text-left font-medium">{a.name}</th>
                <td className="px-3 py-2">{kpiName.get(a.kpiGuid) ?? a.kpiGuid}</td>
                <td className="px-3 py-2">{CONDITION_LABEL[a.condition]}{a.threshold !== null ? ` ${a.threshold}` : ""}</td>
                <td className="px-3 py-2">{hookName.get(a.webhookId) ?? a.webhookId}</td>
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    checked={a.active}
                    aria-label={`${a.name} is active`}
                    onChange={(e) => update.mutate({ id: a.id, input: { active: e.target.checked } })}
                    className="h-4 w-4 accent-blue-700"
                  />
                </td>
                <td className="px-3 py-2 text-right">
                  <Button variant="ghost" onClick={() => remove.mutate(a.id)} aria-label={`Delete alert ${a.name}`}>Delete</Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
