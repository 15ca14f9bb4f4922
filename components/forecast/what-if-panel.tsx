"use client";

import { useState, type FormEvent } from "react";
import type { KpiNode, Period } from "@/lib/contract/kpis";
import { useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, inputClass, SelectField } from "@/components/ui/field";
import { FieldError, Notice } from "@/components/ui/notice";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import { useFormats } from "@/lib/i18n/use-formats";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { DateField } from "@/components/ui/date-input";

type Override = { guid: string; name: string } & ({ growth: number } | { date: string; value: number });

const allKpis = (node: KpiNode): KpiNode[] => [node, ...node.children.flatMap(allKpis)];
const entered = (node: KpiNode): KpiNode[] => [...(node.indicatorType === "INDICATOR" && !node.formula ? [node] : []), ...node.children.flatMap(entered)];

/**
 * What if: change some KPIs' values or growth this year and see every KPI and period that moves,
 * up to the root, beside the actual. Nothing is stored; Reset forgets it.
 */
export function WhatIfPanel({ docId, period, root }: { docId: number; period: Period; root: KpiNode }) {
  const fmt = useFormats();
  const t = useTranslations("whatIf");
  const errorText = useErrorText();
  const kpis = entered(root);
  const measureOf = new Map(allKpis(root).map((k) => [k.guid, k.measure]));
  const [overrides, setOverrides] = useState<Override[]>([]);
  const [error, setError] = useState<string | null>(null);
  const run = useWrite("whatIf", { onError: (e) => setError(errorText(e)), onSuccess: () => setError(null) });
  const year = new Date().getFullYear();

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const kpi = kpis.find((k) => k.guid === form.get("guid"));
    const amount = Number(String(form.get("amount")).replace(",", "."));
    if (!kpi || !Number.isFinite(amount)) return setError(t("chooseKpi"));
    const next: Override =
      form.get("kind") === "growth"
        ? { guid: kpi.guid, name: kpi.name, growth: amount / 100 }
        : { guid: kpi.guid, name: kpi.name, date: String(form.get("date")), value: amount };
    const all = [...overrides, next];
    setOverrides(all);
    run.mutate({ input: { docId }, body: { period, from: `${year}-01-01`, to: `${year}-12-31`, overrides: all.map(({ name: _name, ...o }) => o) } });
  }
  const reset = () => (setOverrides([]), run.reset(), setError(null));

  return (
    <Card id="what-if" title={t("title")}>
      <form onSubmit={add} className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end" aria-label={t("form")}>
        <SelectField id="what-if-kpi" label={t("kpi")} name="guid" className={inputClass}>
          {kpis.map((k) => (
            <option key={k.guid} value={k.guid}>
              {k.name}
            </option>
          ))}
        </SelectField>
        <SelectField id="what-if-kind" label={t("change")} name="kind" className={inputClass} defaultValue="growth">
          <option value="growth">{t("grows")}</option>
          <option value="value">{t("is")}</option>
        </SelectField>
        <Field label={t("by")} id="what-if-amount" name="amount" inputMode="decimal" defaultValue="5" />
        <DateField label={t("period")} id="what-if-date" name="date" defaultValue={`${year}-12-01`} />
        <Button type="submit" disabled={run.isPending}>
          {t("apply")}
        </Button>
      </form>
      {error && <FieldError>{error}</FieldError>}
      {overrides.length > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span>{t("changed")}</span>
          {overrides.map((o, i) => (
            <span key={i} className="rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
              {o.name}{" "}
              {"growth" in o
                ? t("growth", { percent: `${fmt.number(o.growth * 100, 1)} %` })
                : t("value", { value: fmt.number(o.value), period: fmt.period(o.date, period) })}
            </span>
          ))}
          <Button variant="secondary" onClick={reset}>
            {t("reset")}
          </Button>
        </div>
      )}
      {run.data && run.data.moved.length === 0 && (
        <Notice tone="empty" className="mt-3">
          {t("nothing")}
        </Notice>
      )}
      {run.data && run.data.verdicts.length > 0 && (
        <ul aria-label={t("verdicts")} className="mt-3 flex flex-col gap-1 text-sm">
          {run.data.verdicts.map((v) => {
            const measure = measureOf.get(v.guid) ?? "";
            const words = {
              name: v.name,
              value: fmt.estimate(v.whatIf, measure),
              period: fmt.period(v.start, period),
              status: fmt.status(v.status).toLowerCase(),
            };
            return (
              <li key={v.guid}>
                {v.target === null ? t("verdict", words) : t("verdictTarget", { ...words, target: fmt.estimate(v.target, measure) })}
                {/* The growth that meets the target, said only where the what-if falls short of it. */}
                {v.neededGrowth !== null && v.status !== "ON_TRACK" && t("needed", { percent: `${fmt.number(v.neededGrowth * 100, 1)} %` })}
              </li>
            );
          })}
        </ul>
      )}
      {run.data && run.data.moved.length > 0 && (
        <div className="mt-3">
          <Table caption={t("caption")} dense>
            <TableHead>
              <Th>{t("kpi")}</Th>
              <Th>{t("periodCol")}</Th>
              <Th align="right">{t("actual")}</Th>
              <Th align="right">{t("whatIf")}</Th>
              <Th>{t("status")}</Th>
            </TableHead>
            <tbody>
              {run.data.moved.map((m) => (
                <Tr key={`${m.guid}|${m.start}`}>
                  <Td>{m.name}</Td>
                  <Td className="whitespace-nowrap">{fmt.period(m.start, period)}</Td>
                  <Td align="right">{fmt.estimate(m.actual)}</Td>
                  <Td align="right" className="font-medium">
                    {fmt.estimate(m.whatIf)}
                  </Td>
                  <Td className="whitespace-nowrap">
                    {fmt.status(m.actualStatus)} → <strong>{fmt.status(m.whatIfStatus)}</strong>
                  </Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}
