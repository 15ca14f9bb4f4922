// PostgreSQL aborts one of two transactions that deadlock (40P01) and, at stricter isolation
// levels, one that cannot be serialized (40001). Both are safe to run again from the start.
const RETRYABLE = new Set(["40P01", "40001"]);

/** True when the error (or one it wraps: drizzle wraps the driver's) is a deadlock or serialization failure. */
export function isRetryable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (RETRYABLE.has((e as { code?: unknown }).code as string)) return true;
  }
  return false;
}

/** Runs a transaction, and runs it again (up to `attempts` times, with jitter) when PostgreSQL aborted it for a deadlock. */
export async function withRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}
