"use client";

import { Line, LineChart, ResponsiveContainer, YAxis } from "recharts";

/** A tiny trend line; the numbers themselves are shown next to it. */
export function Sparkline({ values, tone }: { values: (number | null)[]; tone: string }) {
  const data = values.map((value, i) => ({ i, value }));
  return (
    <div className="h-8 w-28" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 2, right: 2, bottom: 2, left: 2 }} accessibilityLayer={false}>
          <YAxis hide domain={["dataMin", "dataMax"]} />
          <Line type="linear" dataKey="value" stroke={tone} strokeWidth={1.5} dot={false} isAnimationActive={false} connectNulls />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
