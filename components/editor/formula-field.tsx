"use client";

import { useMemo } from "react";
import { evaluate, formulaProblems, parseFormula } from "@/lib/contract/formula";
import { inputClass, selectClass, Labelled } from "@/components/ui/field";
import { formulaWithGuids, type Row } from "./kpi-tree";
import { useTranslations } from "next-intl";
import { useFormats } from "@/lib/i18n/use-formats";

/**
 * A formula typed with KPI names in brackets ([Revenue] - [Costs]). As it is typed it is checked
 * the way the service checks it (syntax, unknown KPI, cycle) and computed for the last complete
 * month from `lastValues`; a list inserts a KPI's name.
 */
export function FormulaField({
  id,
  guid,
  value,
  onChange,
  rows,
  lastValues,
  lastMonth,
}: {
  id: string;
  guid: string;
  value: string;
  onChange: (text: string) => void;
  rows: Row[];
  lastValues: Map<string, number | null>;
  lastMonth: string;
}) {
  const t = useTranslations("editor.formula");
  const fmt = useFormats();
  const check = useMemo(() => {
    if (!value.trim()) return { problems: [] as string[], preview: null as number | null };
    const { formula, ambiguous } = formulaWithGuids(value, rows);
    const problems = [
      ...ambiguous.map((name) => t("ambiguous", { name })),
      // A syntax error's own words (where the formula goes wrong) are the contract's, in English.
      ...formulaProblems(
        rows.map((r) => ({ guid: r.node.guid, formula: r.node.guid === guid ? null : r.node.formula })),
        guid,
        formula,
      ).map((p) =>
        p.kind === "unknown"
          ? t("unknown", { name: p.message.replace(/^No KPI \[(.*)\] in this scorecard$/, "$1") })
          : fmt.locale === "en"
            ? p.message
            : t(p.kind),
      ),
    ];
    const preview = problems.length ? null : evaluate(parseFormula(formula), (g) => lastValues.get(g) ?? null);
    return { problems, preview };
  }, [value, rows, guid, lastValues, t, fmt.locale]);

  const others = rows.filter((r) => r.node.guid !== guid && r.node.indicatorType === "INDICATOR");
  const describedBy = `${id}-help`;
  return (
    <Labelled id={id} label={t("label")} className="sm:col-span-2">
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          className={`${inputClass} min-w-0 flex-1 font-mono`}
          value={value}
          placeholder={t("placeholder")}
          aria-invalid={check.problems.length > 0}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
          spellCheck={false}
        />
        <select
          aria-label={t("insert")}
          className={selectClass}
          value=""
          onChange={(e) => e.target.value && onChange(`${value}${value && !/[\s(+\-*/]$/.test(value) ? " " : ""}[${e.target.value}]`)}
        >
          <option value="">{t("insertOption")}</option>
          {others.map((r) => (
            <option key={r.node.guid} value={r.node.name}>
              {r.node.name}
            </option>
          ))}
        </select>
      </div>
      <p
        id={describedBy}
        role="status"
        className={`text-sm ${check.problems.length ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-400"}`}
      >
        {check.problems.length
          ? check.problems.join(". ")
          : value.trim()
            ? check.preview === null
              ? t("noResult", { month: lastMonth })
              : t("result", { month: lastMonth, value: fmt.number(check.preview, 4) })
            : t("help")}
      </p>
    </Labelled>
  );
}
