import "server-only";
import { sql } from "drizzle-orm";
import { personCalls } from "@/lib/db/schema";
import { queryRows } from "@/lib/db/query";
import type { Deps } from "../context";
import { ApiError } from "../errors";
import { operations } from "@/lib/cli/operations.mjs";

/** The per-person window: a person's dashboard requests are counted in fixed ten-minute windows. */
const PERSON_WINDOW_SECONDS = 600;
/** 3000 in ten minutes is five a second, sustained: far above a person clicking (a page view makes a handful), well below a runaway loop. */
const PERSON_RATE_DEFAULT = 3000;

/**
 * Counts one of a person's dashboard requests in their window (one atomic upsert, exact across
 * processes); past the per-person rate it is refused with 429 and not counted. The account's
 * pooled hourly calls are not touched: they are for programs.
 */
export async function spendPersonCall(deps: Deps, userId: number): Promise<void> {
  const now = deps.now().toISOString();
  const limit = deps.config.personRatePerWindow ?? PERSON_RATE_DEFAULT;
  const expired = sql`p.window_start <= ${now}::timestamptz - make_interval(secs => ${PERSON_WINDOW_SECONDS})`;
  const [row] = await queryRows<{ counted: number; windowStartMs: number }>(
    deps.db,
    sql`WITH counted AS (
        INSERT INTO ${personCalls} AS p (user_id, window_start, used) VALUES (${userId}, ${now}::timestamptz, 1)
        ON CONFLICT (user_id) DO UPDATE SET
          window_start = CASE WHEN ${expired} THEN excluded.window_start ELSE p.window_start END,
          used = CASE WHEN ${expired} THEN 1 ELSE p.used + 1 END
        WHERE ${expired} OR p.used < ${limit}
        RETURNING user_id)
      SELECT (SELECT count(*) FROM counted)::int AS counted,
        (extract(epoch FROM (SELECT window_start FROM ${personCalls} WHERE user_id = ${userId})) * 1000)::float8 AS "windowStartMs"`,
  );
  operations.personRequests.inc({ outcome: row!.counted > 0 ? "served" : "refused" });
  if (row!.counted > 0) return;
  const retryAfter = Math.max(1, Math.ceil((row!.windowStartMs + PERSON_WINDOW_SECONDS * 1000 - deps.now().getTime()) / 1000));
  throw new ApiError(
    429,
    "rate_limited",
    `More than ${limit} requests in ${PERSON_WINDOW_SECONDS / 60} minutes from this person's dashboard (a tab refreshing itself?); try again in ${retryAfter} s`,
    [],
    { "Retry-After": String(retryAfter) },
  );
}
