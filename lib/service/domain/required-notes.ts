import "server-only";
import { and, eq, gte, inArray, lt, lte } from "drizzle-orm";
import type { ErrorDetail } from "@/lib/contract/common";
import type { Tx } from "@/lib/db/client";
import { kpiNotes, kpis } from "@/lib/db/schema";
import { periodLabel } from "@/lib/format";
import { invalidRequest } from "../errors";
import { nextPeriodStart, periodStart } from "./periods";
import { scoredAt } from "./scored-at";

type Written = { guid: string; date: string; value: number | null };

/**
 * For KPIs that require it, a value that leaves the KPI off track needs a note in its period
 * (the KPI's update interval). Runs in the write's transaction after the upsert, so the score
 * uses the targets the same write may have set; a refusal rolls the whole write back.
 */
export async function requireNotesWhereOffTrack(tx: Tx, written: Written[], pathOf: (w: Written) => string): Promise<void> {
  const valued = written.filter((w) => w.value !== null);
  if (valued.length === 0) return;
  const strict = await tx
    .select()
    .from(kpis)
    .where(and(inArray(kpis.guid, [...new Set(valued.map((w) => w.guid))]), eq(kpis.noteRequiredOffTrack, true)));
  if (strict.length === 0) return;
  const byGuid = new Map(strict.map((k) => [k.guid, k]));
  const problems: ErrorDetail[] = [];
  for (const w of valued) {
    const kpi = byGuid.get(w.guid);
    if (!kpi) continue;
    if ((await scoredAt(tx, kpi, w.date, w.value!)).status !== "OFF_TRACK") continue;
    const start = periodStart(w.date, kpi.updateInterval);
    const end = nextPeriodStart(start, kpi.updateInterval);
    const [note] = await tx
      .select({ id: kpiNotes.id })
      .from(kpiNotes)
      .where(and(eq(kpiNotes.kpiGuid, kpi.guid), gte(kpiNotes.date, start), end ? lt(kpiNotes.date, end) : lte(kpiNotes.date, "9999-12-31")))
      .limit(1);
    if (!note) {
      problems.push({ path: pathOf(w), message: `${kpi.name} would be off track in ${periodLabel(start, kpi.updateInterval)}: add a note saying why, then save` });
    }
  }
  if (problems.length) throw invalidRequest(problems[0]!.message, problems);
}
