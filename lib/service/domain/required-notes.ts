import "server-only";
import { and, gte, inArray, lte } from "drizzle-orm";
import type { ErrorDetail } from "@/lib/contract/common";
import type { Tx } from "@/lib/db/client";
import { kpiNotes } from "@/lib/db/schema";
import { formatsFor } from "@/lib/i18n/server";
import { invalidRequest } from "../errors";
import { addDays, LAST_DATE, nextPeriodStart, periodStart } from "./periods";
import { inForce } from "./scales";
import { scoredWith } from "./scored-at";
import type { StoredKpi } from "./scorecards";
import { scaleChanges } from "./value-queries";

// English until recipients' languages reach these messages.
const f = formatsFor("en");

type Written = { guid: string; date: string; value: number | null };

/**
 * For KPIs that require it, a value that leaves the KPI off track needs a note in its period
 * (the KPI's update interval). Runs in the write's transaction after the upsert, so the score
 * uses the targets the same write may have set; a refusal rolls the whole write back. `defs` are
 * the scorecard's KPIs as the write loaded them; with a strict KPI among the written, two queries
 * whatever the size of the write (its scale records, its notes), and none without.
 */
export async function requireNotesWhereOffTrack(tx: Tx, defs: StoredKpi[], written: Written[], pathOf: (w: Written) => string): Promise<void> {
  const valued = written.filter((w) => w.value !== null);
  const writtenGuids = new Set(valued.map((w) => w.guid));
  const strict = defs.filter((k) => k.noteRequiredOffTrack && writtenGuids.has(k.guid));
  if (strict.length === 0) return;
  const byGuid = new Map(strict.map((k) => [k.guid, k]));
  const checked = valued.filter((w) => byGuid.has(w.guid)).sort((a, b) => (a.guid === b.guid ? (a.date < b.date ? -1 : 1) : a.guid < b.guid ? -1 : 1));
  const periodOf = (w: Written) => {
    const interval = byGuid.get(w.guid)!.updateInterval;
    const start = periodStart(w.date, interval);
    const next = nextPeriodStart(start, interval);
    return { start, end: next === null ? LAST_DATE : addDays(next, -1) };
  };
  const guids = [...byGuid.keys()];
  const periods = new Map(checked.map((w) => [w, periodOf(w)]));
  const [changes, notes] = await Promise.all([
    scaleChanges(
      tx,
      guids,
      "0001-01-01",
      checked
        .map((w) => w.date)
        .sort()
        .at(-1)!,
    ),
    tx
      .select({ kpiGuid: kpiNotes.kpiGuid, date: kpiNotes.date })
      .from(kpiNotes)
      .where(
        and(
          inArray(kpiNotes.kpiGuid, guids),
          gte(kpiNotes.date, [...periods.values()].map((p) => p.start).sort()[0]!),
          lte(
            kpiNotes.date,
            [...periods.values()]
              .map((p) => p.end)
              .sort()
              .at(-1)!,
          ),
        ),
      ),
  ]);

  const offTrack = new Set<Written>();
  for (const [guid, kpi] of byGuid) {
    // Dates ascend within a KPI, so one walk through its scale records serves all its values.
    const { at } = inForce(
      kpi,
      changes.filter((c) => c.guid === guid),
      {},
    );
    const noted = notes.filter((n) => n.kpiGuid === guid).map((n) => n.date);
    for (const w of checked.filter((c) => c.guid === guid)) {
      if (scoredWith(kpi, at(w.date), w.value!).status !== "OFF_TRACK") continue;
      const { start, end } = periods.get(w)!;
      if (!noted.some((d) => d >= start && d <= end)) offTrack.add(w);
    }
  }
  const problems: ErrorDetail[] = valued
    .filter((w) => offTrack.has(w))
    .map((w) => ({
      path: pathOf(w),
      message: `${byGuid.get(w.guid)!.name} would be off track in ${f.period(periods.get(w)!.start, byGuid.get(w.guid)!.updateInterval)}: add a note saying why, then save`,
    }));
  if (problems.length) throw invalidRequest(problems[0]!.message, problems);
}
