"use client";

import { useTranslations } from "next-intl";
import type { Point } from "@/lib/contract/grouped";
import { useFormats } from "@/lib/i18n/use-formats";

/** A point as drawn: its value on the solid line when complete, on the dashed "so far" line otherwise. */
export type Row = Point & {
  /** The target and baseline as drawn: none in the running period, whose figures are its share so far. */
  targetLine: number | null;
  baselineLine: number | null;
  label: string;
  done: number | null;
  soFar: number | null;
  notes: string[];
  expected: number | null;
  band: [number, number] | null;
};

/** A complete period's value, drawn by where it comes from: entered, inherited or calculated. */
export function SourceDot({ cx, cy, payload }: { cx?: number; cy?: number; payload?: Row }) {
  if (cx === undefined || cy === undefined || !payload || payload.done === null) return null;
  if (payload.source === "INHERITED") return <circle cx={cx} cy={cy} r={4} fill="var(--chart-bg)" stroke="var(--chart-value)" strokeWidth={2} />;
  if (payload.source === "CALCULATED")
    return <rect x={cx - 4} y={cy - 4} width={8} height={8} transform={`rotate(45 ${cx} ${cy})`} fill="var(--chart-value)" />;
  return <circle cx={cx} cy={cy} r={4} fill="var(--chart-value)" />;
}

/** The running period: a hollow dashed ring. */
export function SoFarDot({ cx, cy, payload }: { cx?: number; cy?: number; payload?: Row }) {
  if (cx === undefined || cy === undefined || !payload || payload.complete || payload.value === null) return null;
  return <circle cx={cx} cy={cy} r={5} fill="var(--chart-bg)" stroke="var(--chart-value)" strokeWidth={2} strokeDasharray="2 2" />;
}

export function ChartTooltip({
  active,
  payload,
  measure,
  thresholds,
}: {
  active?: boolean;
  payload?: { payload: Row }[];
  measure: string;
  thresholds?: { onTrack: number; atRisk: number };
}) {
  const t = useTranslations("chart");
  const f = useFormats();
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white p-3 text-xs shadow-md dark:border-slate-700 dark:bg-slate-900">
      <p className="font-semibold">
        {row.label}
        {!row.complete && t("soFar")}
      </p>
      <p className="text-slate-500 dark:text-slate-400">
        {row.start} – {row.end}
      </p>
      <p className="mt-1">{t.rich("value", { value: f.value(row.value, measure), b: (chunks) => <strong>{chunks}</strong> })}</p>
      {row.expected !== null && row.band && (
        <p>
          {t.rich("forecastTip", {
            value: f.estimate(row.expected, measure),
            low: f.estimate(row.band[0], measure),
            high: f.estimate(row.band[1], measure),
            b: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      )}
      {row.target !== null && <p>{t("targetTip", { value: f.value(row.target, measure) })}</p>}
      {row.baseline !== null && <p>{t("baselineTip", { value: f.value(row.baseline, measure) })}</p>}
      <p>{t("statusTip", { status: f.status(row.status), score: f.score(row.score, thresholds) })}</p>
      <p className="text-slate-500 dark:text-slate-400">
        {t(`source.${row.source}`)} · {f.full(row.value, measure)}
      </p>
      {row.notes.map((text, i) => (
        <p key={i} className="mt-1 max-w-64 border-l-2 border-amber-400 pl-2 text-slate-700 dark:text-slate-300">
          ✎ {text}
        </p>
      ))}
    </div>
  );
}
