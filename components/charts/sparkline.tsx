/** A tiny trend line as plain SVG (31 of these on a page need no chart library); gaps stay gaps. */
export function Sparkline({ values, tone, width = 112, height = 32 }: { values: (number | null)[]; tone: string; width?: number; height?: number }) {
  const numbers = values.filter((v): v is number => v !== null);
  if (numbers.length === 0) return <svg width={width} height={height} aria-hidden />;
  const min = Math.min(...numbers);
  const span = Math.max(...numbers) - min || 1;
  const x = (i: number) => (values.length === 1 ? width / 2 : 2 + (i * (width - 4)) / (values.length - 1));
  const y = (v: number) => height - 2 - ((v - min) / span) * (height - 4);
  // One path segment per run of consecutive values.
  const path = values
    .map((v, i) => (v === null ? "" : `${i > 0 && values[i - 1] !== null ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`))
    .join("");
  const single = numbers.length === 1 ? values.findIndex((v) => v !== null) : -1;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden className="sparkline">
      <path d={path} fill="none" stroke={tone} strokeWidth={1.5} strokeLinejoin="round" />
      {single >= 0 && <circle cx={x(single)} cy={y(numbers[0]!)} r={2} fill={tone} />}
    </svg>
  );
}
