// The contract's fixed lists and defaults as plain values: the zod schemas build on them, and
// client code on pages without forms reads them here, so zod stays out of those pages' bundles.

export const PERIODS = ["DAY", "WEEK", "MONTH", "QUARTER", "HALF_YEAR", "YEAR"] as const;
export type Period = (typeof PERIODS)[number];
export const isPeriod = (value: unknown): value is Period => PERIODS.includes(value as Period);

export const STATUSES = ["ON_TRACK", "AT_RISK", "OFF_TRACK", "NONE"] as const;

/** A KPI's thresholds and cap when it sets none (see the contract's "Scores and statuses"). */
/**
 * The largest magnitude of a KPI figure: no business figure reaches 1e15 (a quadrillion), so a
 * larger one is a slip (a unit error, a pasted ID, 1e23 from a shifted cell), refused with the
 * reason. Sums of a year of daily figures stay far inside a double.
 */
/** Database row IDs are PostgreSQL integers: a larger number names no row. */
export const MAX_ROW_ID = 2_147_483_647;

export const MAX_MAGNITUDE = 1e15;
export const MAGNITUDE_MESSAGE = "Beyond any business figure: at most 1,000,000,000,000,000 (1e15) either way";

/** Why a value lies outside a KPI's declared range, or null when it does not (or there is none). */
export function outsideValidRange(value: number | null | undefined, range: { validMin: number | null; validMax: number | null }): string | null {
  if (value === null || value === undefined) return null;
  const { validMin: min, validMax: max } = range;
  if ((min === null || value >= min) && (max === null || value <= max)) return null;
  const bounds = min !== null && max !== null ? `from ${min} to ${max}` : min !== null ? `${min} or more` : `${max} or less`;
  return `Outside this KPI's valid range: its values are ${bounds}`;
}

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
