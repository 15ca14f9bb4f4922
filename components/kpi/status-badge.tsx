import type { Status } from "@/lib/contract/kpis";
import { useFormats } from "@/lib/i18n/use-formats";

const STYLE: Record<Status, string> = {
  ON_TRACK: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  AT_RISK: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  OFF_TRACK: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  NONE: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};
export const STATUS_ICON: Record<Status, string> = { ON_TRACK: "●", AT_RISK: "▲", OFF_TRACK: "■", NONE: "○" };
export const STATUS_TONE: Record<Status, string> = { ON_TRACK: "#059669", AT_RISK: "#d97706", OFF_TRACK: "#dc2626", NONE: "#94a3b8" };

/** Colour plus a shape and a word, so the status never depends on colour alone; `why` explains it on hover. */
export function StatusBadge({
  status,
  score,
  thresholds,
  why,
}: {
  status: Status;
  score: number | null;
  thresholds?: { onTrack: number; atRisk: number };
  why?: string;
}) {
  const f = useFormats();
  return (
    <span title={why} className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STYLE[status]}`}>
      <span aria-hidden>{STATUS_ICON[status]}</span>
      {/* On a phone the shape and score carry it; the word stays for screen readers. */}
      <span className="sr-only sm:not-sr-only sm:whitespace-nowrap">{f.status(status)}</span>
      {score !== null && <span>{f.score(score, thresholds)}</span>}
      {why && <span className="sr-only">: {why}</span>}
    </span>
  );
}
