// The contract's fixed lists and defaults as plain values: the zod schemas build on them, and
// client code on pages without forms reads them here, so zod stays out of those pages' bundles.

export const PERIODS = ["DAY", "WEEK", "MONTH", "QUARTER", "HALF_YEAR", "YEAR"] as const;
export type Period = (typeof PERIODS)[number];
export const isPeriod = (value: unknown): value is Period => PERIODS.includes(value as Period);

export const STATUSES = ["ON_TRACK", "AT_RISK", "OFF_TRACK", "NONE"] as const;
export type Status = (typeof STATUSES)[number];

/** A KPI's thresholds and cap when it sets none (see the contract's "Scores and statuses"). */
export const SCORING_DEFAULTS = { onTrack: 1, atRisk: 0.7, cap: 1 } as const;

export const INITIATIVE_STATUSES = ["NOT_STARTED", "IN_PROGRESS", "ON_HOLD", "COMPLETED", "CANCELLED"] as const;
export type InitiativeStatus = (typeof INITIATIVE_STATUSES)[number];

export const INITIATIVE_STATUS_NAMES: Record<InitiativeStatus, string> = {
  NOT_STARTED: "Not started",
  IN_PROGRESS: "In progress",
  ON_HOLD: "On hold",
  COMPLETED: "Completed",
  CANCELLED: "Cancelled",
};

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written yyyy-MM-dd (2023-02-30 is false). */
export function isCalendarDate(text: string): boolean {
  if (!DATE_SHAPE.test(text)) return false;
  // Arithmetic, not Date: a 5000-item batch checks 5000 dates (proleptic Gregorian, as Date is).
  const y = Number(text.slice(0, 4));
  const m = Number(text.slice(5, 7));
  const d = Number(text.slice(8, 10));
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31);
}
