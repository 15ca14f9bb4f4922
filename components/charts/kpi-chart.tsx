"use client";

import { useTranslations } from "next-intl";
import { Area, CartesianGrid, ComposedChart, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ForecastPoint } from "@/lib/contract/forecast";
import type { Point } from "@/lib/contract/grouped";
import type { Period } from "@/lib/contract/kpis";
import { useFormats } from "@/lib/i18n/use-formats";
import { ChartTooltip, SoFarDot, SourceDot } from "./chart-marks";
import { chartRows } from "./chart-rows";

export interface KpiChartProps {
  name: string;
  measure: string;
  period: Period;
  points: Point[];
  container?: boolean;
  height?: number;
  /** Notes per period start: drawn as a marked line at their period, read in the tooltip. */
  notes?: Map<string, string[]>;
  /** The KPI's status thresholds: its scores are rounded against them. */
  thresholds?: { onTrack: number; atRisk: number };
  /** Its forecast: a dashed line from the last complete value, in its 80 % band. */
  forecast?: ForecastPoint[];
}

/** A KPI's grouped values with the target and baseline of each period; presentational only. */
export function KpiChart({ name, measure, period, points, container = false, height = 280, notes, thresholds, forecast = [] }: KpiChartProps) {
  const t = useTranslations("chart");
  const fm = useFormats();
  const data = chartRows(points, forecast, (start) => fm.period(start, period), notes);
  const firstRunning = points.findIndex((p) => !p.complete && p.value !== null);
  const ahead = forecast.some((f) => f.value !== null);
  const noted = data.filter((row) => row.notes.length > 0);
  const periodWord = fm.periodName(period);
  // What the chart shows, in words: each period's value against its target.
  const summary =
    data
      .filter((row) => row.value !== null)
      .map((row) =>
        t("summaryItem", {
          period: row.label,
          value: fm.full(row.value, measure),
          hasTarget: String(!container && row.target !== null),
          target: fm.full(row.target, measure),
          complete: String(row.complete),
        }),
      )
      .join("; ") || t("noValues");
  // Wide enough for the longest label the axis can show (its ticks lie between the extremes drawn).
  const drawnFigures = [
    ...points.flatMap((p) => [p.value, container ? null : p.target, container ? null : p.baseline]),
    ...forecast.flatMap((f) => [f.low, f.high]),
  ].filter((v): v is number => v !== null);
  const longestLabel = Math.max(3, ...drawnFigures.flatMap((v) => [fm.value(v).length, fm.value(-Math.abs(v)).length]));
  const axisWidth = Math.min(120, 16 + longestLabel * 7);
  const has = (f: (p: Point) => boolean) => points.some(f);
  const drawn = {
    entered: has((p) => p.source === "ENTERED"),
    inherited: has((p) => p.source === "INHERITED"),
    calculated: has((p) => p.source === "CALCULATED"),
    soFar: firstRunning >= 0,
    target: !container && has((p) => p.target !== null),
    baseline: !container && has((p) => p.baseline !== null),
    forecast: ahead,
  };
  return (
    <figure className="flex flex-col gap-2" aria-label={t("figure", { name, period: periodWord })}>
      <div style={{ height }} className="[--chart-bg:#fff] [--chart-value:#1d4ed8] dark:[--chart-bg:#0f172a] dark:[--chart-value:#60a5fa]">
        <ResponsiveContainer width="100%" height="100%">
          {/* The chart's keyboard layer (arrow keys walk the points) is named, and its text alternative is the summary below. */}
          <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }} title={t("title", { name, period: periodWord })} desc={summary}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.12} />
            <XAxis dataKey="label" tick={{ fontSize: 11, fill: "currentColor" }} tickLine={false} minTickGap={16} />
            <YAxis tick={{ fontSize: 11, fill: "currentColor" }} tickLine={false} width={axisWidth} tickFormatter={(v: number) => fm.value(v)} />
            <Tooltip content={<ChartTooltip measure={measure} thresholds={thresholds} />} />
            {noted.map((row) => (
              <ReferenceLine
                key={row.start}
                x={row.label}
                stroke="#d97706"
                strokeDasharray="2 2"
                label={{ value: "✎", position: "insideTopRight", fill: "#b45309", fontSize: 13 }}
              />
            ))}
            {drawn.forecast && (
              <Area dataKey="band" fill="var(--chart-value)" fillOpacity={0.12} stroke="none" isAnimationActive={false} name={t("series.interval")} />
            )}
            {drawn.forecast && (
              <Line
                dataKey="expected"
                stroke="var(--chart-value)"
                strokeOpacity={0.7}
                strokeWidth={2}
                strokeDasharray="6 3"
                dot={false}
                isAnimationActive={false}
                connectNulls
                name={t("series.forecast")}
              />
            )}
            {drawn.baseline && (
              <Line
                dataKey="baselineLine"
                stroke="#a855f7"
                strokeDasharray="2 4"
                strokeWidth={1.5}
                dot={false}
                isAnimationActive={false}
                name={t("series.baseline")}
              />
            )}
            {drawn.target && (
              <Line
                dataKey="targetLine"
                stroke="#16a34a"
                strokeDasharray="6 4"
                strokeWidth={1.5}
                dot={false}
                isAnimationActive={false}
                name={t("series.target")}
              />
            )}
            <Line
              dataKey="done"
              stroke="var(--chart-value)"
              strokeWidth={2}
              dot={<SourceDot />}
              activeDot={{ r: 6 }}
              isAnimationActive={false}
              connectNulls={false}
              name={t("series.value")}
            />
            {drawn.soFar && (
              <Line
                dataKey="soFar"
                stroke="var(--chart-value)"
                strokeWidth={2}
                strokeDasharray="3 3"
                dot={<SoFarDot />}
                isAnimationActive={false}
                connectNulls
                name={t("series.soFar")}
              />
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <p className="sr-only">{summary}</p>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        {drawn.entered && (
          <span>
            <span aria-hidden className="text-blue-700 dark:text-blue-400">
              ━ ●
            </span>{" "}
            {t("legend.entered")}
          </span>
        )}
        {drawn.inherited && (
          <span>
            <span aria-hidden className="text-blue-700 dark:text-blue-400">
              ○
            </span>{" "}
            {t("legend.inherited")}
          </span>
        )}
        {drawn.calculated && (
          <span>
            <span aria-hidden className="text-blue-700 dark:text-blue-400">
              ◆
            </span>{" "}
            {container ? t("legend.parts") : t("legend.calculated")}
          </span>
        )}
        {drawn.soFar && (
          <span>
            <span aria-hidden className="text-blue-700 dark:text-blue-400">
              ┄ ◌
            </span>{" "}
            {t("legend.soFar")}
          </span>
        )}
        {drawn.forecast && (
          <span>
            <span aria-hidden className="text-blue-700 dark:text-blue-400">
              ╍╍ ▒
            </span>{" "}
            {t("legend.forecast")}
          </span>
        )}
        {drawn.target && (
          <span>
            <span aria-hidden className="text-green-600">
              ╌╌
            </span>{" "}
            {t("legend.target")}
          </span>
        )}
        {drawn.baseline && (
          <span>
            <span aria-hidden className="text-purple-500">
              ┈┈
            </span>{" "}
            {t("legend.baseline")}
          </span>
        )}
        {noted.length > 0 && (
          <span>
            <span aria-hidden className="text-amber-700 dark:text-amber-400">
              ┆✎
            </span>{" "}
            {t("legend.note", { periods: noted.map((row) => row.label).join(", ") })}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
