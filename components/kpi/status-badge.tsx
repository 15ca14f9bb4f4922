import { STATUS_LABEL, type Status } from "@/lib/format";

const STYLE: Record<Status, string> = {
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  bad: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  none: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};
const ICON: Record<Status, string> = { good: "●", warning: "▲", bad: "■", none: "○" };

/** Colour plus a shape and a word, so the status never depends on colour alone. */
export function StatusBadge({ status, performance }: { status: Status; performance: number | null }) {
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STYLE[status]}`}>
      <span aria-hidden>{ICON[status]}</span>
      {STATUS_LABEL[status]}
      {performance !== null && <span>{Math.round(performance * 100)} %</span>}
    </span>
  );
}
