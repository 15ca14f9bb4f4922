/** One row as a source gave it: column or field names to values. */
export type SourceRow = Record<string, unknown>;

/** What a run may take from a source. */
export interface Limits {
  /** One query's, or one HTTP read's, bound. */
  timeoutMs: number;
  /** A whole run's bound: a backfill of many periods stops at it. */
  runMs: number;
  maxRows: number;
  maxBytes: number;
}

export const DEFAULT_LIMITS: Limits = { timeoutMs: 30_000, runMs: 300_000, maxRows: 200_000, maxBytes: 20 * 1024 * 1024 };
