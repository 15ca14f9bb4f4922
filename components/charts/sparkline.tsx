import type { Point } from "@/lib/contract/grouped";

/**
 * A tiny trend line as plain SVG (31 of these on a page need no chart library); gaps stay gaps.
 * The period still running is drawn dashed and hollow: it is not finished.
 */
export function Sparkline({ points, tone, width = 112, height = 32 }: { points: Point[]; tone: string; width?: number; height?: number }) {
  const values = points.map((p) => p.value);
  const numbers = values.filter((v): v is number => v !== null);
  if (numbers.length === 0) return <svg width={width} height={height} aria-hidden />;
  const min = Math.min(...numbers);
  const span = Math.max(...numbers) - min || 1;
  const x = (i: number) => (values.length === 1 ? width / 2 : 3 + (i * (width - 6)) / (values.length - 1));
  const y = (v: number) => height - 3 - ((v - min) / span) * (height - 6);
  const done = points.findIndex((p) => !p.complete);
  const last = done === -1 ? values.length : done;
  // One path segment per run of consecutive complete values.
  const path = values
    .slice(0, last)
    .map((v, i) => (v === null ? "" : `${i > 0 && values[i - 1] !== null ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`))
    .join("");
  const running = done >= 0 ? values[done] : null;
  const before = done > 0 ? values[done - 1] : null;
  const single = numbers.length === 1 && running === null ? values.findIndex((v) => v !== null) : -1;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden className="sparkline">
      <path d={path} fill="none" stroke={tone} strokeWidth={1.5} strokeLinejoin="round" />
      {running !== null && running !== undefined && (
        <>
          {before !== null && before !== undefined && (
            <line x1={x(done - 1)} y1={y(before)} x2={x(done)} y2={y(running)} stroke={tone} strokeWidth={1.5} strokeDasharray="2 2" />
          )}
          <circle cx={x(done)} cy={y(running)} r={2.5} fill="none" stroke={tone} strokeWidth={1.2} />
        </>
      )}
      {single >= 0 && <circle cx={x(single)} cy={y(numbers[0]!)} r={2} fill={tone} />}
    </svg>
  );
}
