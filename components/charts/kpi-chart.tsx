"use client";

import { Area, CartesianGrid, ComposedChart, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Point, PointSource } from "@/lib/contract/grouped";
import type { Period } from "@/lib/contract/kpis";
import { exactValue, formatValue, periodLabel } from "@/lib/format";

export interface KpiChartProps {
  name: string;
  measure: string;
  period: Period;
  points: Point[];
  baseline: number | null;
  min: number | null;
  max: number | null;
  height?: number;
}

const SOURCE_LABEL: Record<PointSource, string> = {
  ENTERED: "Entered",
  INHERITED: "Inherited from an earlier period",
  CALCULATED: "Calculated",
  NONE: "No value",
};

type Row = Point & { label: string; band: [number, number] | null };

function SourceDot({ cx, cy, payload }: { cx?: number; cy?: number; payload?: Row }) {
  if (cx === undefined || cy === undefined || !payload || payload.value === null) return null;
  if (payload.source === "INHERITED") return <circle cx={cx} cy={cy} r={4} fill="var(--chart-bg)" stroke="var(--chart-value)" strokeWidth={2} />;
  if (payload.source === "CALCULATED") return <rect x={cx - 4} y={cy - 4} width={8} height={8} transform={`rotate(45 ${cx} ${cy})`} fill="var(--chart-value)" />;
  return <circle cx={cx} cy={cy} r={4} fill="var(--chart-value)" />;
}

function ChartTooltip({ active, payload, measure }: { active?: boolean; payload?: { payload: Row }[]; measure: string }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white p-3 text-xs shadow-md dark:border-slate-700 dark:bg-slate-900">
      <p className="font-semibold">{row.label}</p>
      <p className="text-slate-500 dark:text-slate-400">
        {row.start} – {row.end}
      </p>
      <p className="mt-1">
        Value: <strong>{exactValue(row.value)}</strong> {measure}
      </p>
      <p>Target: {exactValue(row.target)}</p>
      <p>Performance: {row.performance === null ? "–" : `${(row.performance * 100).toFixed(1)} %`}</p>
      <p className="text-slate-500 dark:text-slate-400">{SOURCE_LABEL[row.source]}</p>
    </div>
  );
}

/** A KPI's grouped values with target, baseline and the min–max band; presentational only. */
export function KpiChart({ name, measure, period, points, baseline, min, max, height = 280 }: KpiChartProps) {
  const data: Row[] = points.map((p) => ({
    ...p,
    label: periodLabel(p.start, period),
    band: min !== null && max !== null ? [min, max] : null,
  }));
  return (
    <figure className="flex flex-col gap-2" aria-label={`Chart of ${name} by ${period.toLowerCase()}`}>
      <div style={{ height }} className="[--chart-bg:#fff] [--chart-value:#1d4ed8] dark:[--chart-bg:#0f172a] dark:[--chart-value:#60a5fa]">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.12} />
            <XAxis dataKey="label" tick={{ fontSize: 11, fill: "currentColor" }} tickLine={false} minTickGap={16} />
            <YAxis tick={{ fontSize: 11, fill: "currentColor" }} tickLine={false} width={64} tickFormatter={(v: number) => formatValue(v)} />
            <Tooltip content={<ChartTooltip measure={measure} />} />
            <Area dataKey="band" stroke="none" fill="#94a3b8" fillOpacity={0.15} isAnimationActive={false} name="Min–max" />
            {baseline !== null && <ReferenceLine y={baseline} stroke="#a855f7" strokeDasharray="2 4" strokeWidth={1.5} />}
            <Line dataKey="target" stroke="#16a34a" strokeDasharray="6 4" strokeWidth={1.5} dot={false} isAnimationActive={false} name="Target" />
            <Line
              dataKey="value"
              stroke="var(--chart-value)"
              strokeWidth={2}
              dot={<SourceDot />}
              activeDot={{ r: 6 }}
              isAnimationActive={false}
              connectNulls={false}
              name="Value"
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <span><span aria-hidden className="text-blue-700 dark:text-blue-400">━ ●</span> Value (entered)</span>
        <span><span aria-hidden className="text-blue-700 dark:text-blue-400">○</span> Inherited</span>
        <span><span aria-hidden className="text-blue-700 dark:text-blue-400">◆</span> Calculated</span>
        <span><span aria-hidden className="text-green-600">╌╌</span> Target</span>
        {baseline !== null && <span><span aria-hidden className="text-purple-500">┈┈</span> Baseline {formatValue(baseline, measure)}</span>}
        {min !== null && max !== null && <span><span aria-hidden className="text-slate-400">▇</span> Range {formatValue(min, measure)} – {formatValue(max, measure)}</span>}
      </figcaption>
    </figure>
  );
}
