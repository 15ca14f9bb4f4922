import "server-only";
import type { Db } from "@/lib/db/client";
import { performance, type Scale } from "./performance";
import type { StoredKpi } from "./scorecards";
import { scoreOf, statusOf } from "./scoring";
import { latestEntries } from "./value-queries";

/**
 * A single value scored as of its date: against the target, baseline, min and max in force
 * then (the newest entered on or before it, else the KPI's own). Alerts, required notes and the
 * weekly digest judge one value this way.
 */
export async function scoredAt(db: Db, kpi: StoredKpi, date: string, value: number) {
  const scale = (await latestEntries(db, [kpi.guid], date, true)).get(kpi.guid);
  return scoredWith(
    kpi,
    { min: scale?.min ?? kpi.min, max: scale?.max ?? kpi.max, target: scale?.target ?? kpi.target, baseline: scale?.baseline ?? kpi.baseline },
    value,
  );
}

/** A value scored against scale figures already known (many values of one write: one read of the scales). */
export function scoredWith(kpi: StoredKpi, inForce: Scale, value: number) {
  const score = scoreOf(value, inForce, kpi);
  return { inForce, performance: performance(value, kpi.optimization, inForce), score, status: statusOf(score, kpi) };
}
