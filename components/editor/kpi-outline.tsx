"use client";

import type { KpiNode } from "@/lib/contract/kpis";
import { Button } from "@/components/ui/button";
import { moves, type Row } from "./kpi-tree";
import { useTranslations } from "next-intl";

type Place = { parentGuid: string; position: number };

const iconButton =
  "inline-flex h-7 min-w-7 items-center justify-center rounded px-1.5 text-sm text-slate-600 hover:bg-slate-200 disabled:opacity-30 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-700";

/**
 * The scorecard's KPIs as an outline. Each row selects its KPI for editing and moves it with
 * buttons (up, down, out of its container, into the container above): every move works from
 * the keyboard, no dragging needed.
 */
export function KpiOutline({
  rows,
  selected,
  busy,
  onSelect,
  onMove,
  onAdd,
}: {
  rows: Row[];
  selected: string | null;
  busy: boolean;
  onSelect: (guid: string) => void;
  onMove: (node: KpiNode, place: Place) => void;
  onAdd: (parent: KpiNode, type: "INDICATOR" | "CONTAINER") => void;
}) {
  const t = useTranslations("editor.tree");
  return (
    <ul
      aria-label={t("outline")}
      className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {rows.map((row) => {
        const { node, depth } = row;
        const can = moves(row, rows);
        const move = (label: string, glyph: string, place: Place | null) => (
          <button
            type="button"
            className={iconButton}
            aria-label={t("moveLabel", { move: label, name: node.name })}
            title={label}
            disabled={busy || !place}
            onClick={() => place && onMove(node, place)}
          >
            {glyph}
          </button>
        );
        const isContainer = node.indicatorType === "CONTAINER";
        return (
          <li key={node.guid} className={`flex flex-wrap items-center gap-2 px-3 py-2 ${selected === node.guid ? "bg-blue-50 dark:bg-blue-950" : ""}`}>
            <span style={{ paddingLeft: `${depth * 1.25}rem` }} className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2">
              <button
                type="button"
                aria-current={selected === node.guid ? "true" : undefined}
                onClick={() => onSelect(node.guid)}
                className={`text-left text-sm hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 ${isContainer ? "font-semibold" : ""}`}
              >
                {node.name}
              </button>
              <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">
                {node.parentGuid === null
                  ? t("kindScorecard")
                  : isContainer
                    ? t("kindContainer")
                    : node.formula
                      ? t("kindFormula")
                      : node.measure || t("kindKpi")}
              </span>
            </span>
            <span className="flex shrink-0 items-center gap-0.5">
              {row.parent && (
                <>
                  {move(t("moveUp"), "↑", can.up)}
                  {move(t("moveDown"), "↓", can.down)}
                  {move(t("moveOut"), "←", can.out)}
                  {move(t("moveInto"), "→", can.into)}
                </>
              )}
              {isContainer && (
                <>
                  <Button
                    variant="ghost"
                    className="px-2 py-0.5 text-xs"
                    aria-label={t("addKpiTo", { name: node.name })}
                    disabled={busy}
                    onClick={() => onAdd(node, "INDICATOR")}
                  >
                    {t("addKpi")}
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-0.5 text-xs"
                    aria-label={t("addContainerTo", { name: node.name })}
                    disabled={busy}
                    onClick={() => onAdd(node, "CONTAINER")}
                  >
                    {t("addContainer")}
                  </Button>
                </>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
