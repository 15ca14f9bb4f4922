import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Period } from "@/lib/contract/kpis";
import { alerts, kpis, scorecards } from "@/lib/db/schema";
import type { Deps } from "../context";
import { evaluateProjection, type FiredAlert } from "../domain/alert-evaluation";
import { startPolling } from "../polling";
import { forecastScorecard } from "./scorecard";

/**
 * Checks the active FORECAST_BELOW_TARGET alerts (every scorecard's, or one's): each KPI's
 * projected score at the end of the year (by the KPI's own update interval) against the
 * threshold. An alert fires when that becomes true, once, until it recovers, through the same
 * outbox as the other alerts. Returns how many were checked and those that fired.
 */
export async function checkForecastAlerts(deps: Deps, scorecardId?: number): Promise<{ checked: number; fired: FiredAlert[] }> {
  const rows = await deps.db
    .select({
      id: alerts.id,
      threshold: alerts.threshold,
      guid: kpis.guid,
      interval: kpis.updateInterval,
      docId: scorecards.id,
      accountId: scorecards.accountId,
    })
    .from(alerts)
    .innerJoin(kpis, eq(kpis.guid, alerts.kpiGuid))
    .innerJoin(scorecards, eq(scorecards.id, alerts.scorecardId))
    .where(
      and(
        eq(alerts.active, true),
        eq(alerts.condition, "FORECAST_BELOW_TARGET"),
        isNull(scorecards.deletedAt),
        scorecardId === undefined ? undefined : eq(scorecards.id, scorecardId),
      ),
    )
    .orderBy(alerts.id);
  const groups = new Map<string, typeof rows>();
  for (const row of rows) groups.set(`${row.docId}|${row.interval}`, [...(groups.get(`${row.docId}|${row.interval}`) ?? []), row]);
  const fired: FiredAlert[] = [];
  for (const group of groups.values()) {
    const { docId, accountId, interval } = group[0]!;
    // Read as the account's system: every one of its scorecards, nothing of another account's.
    const ctx = { deps, caller: { accountId, userId: 0, email: "", role: "admin" as const, tokenId: 0, tokenKind: "session" as const, countedUsers: 1 } };
    const forecast = await forecastScorecard(ctx, { docId, period: interval as Period, guids: [...new Set(group.map((r) => r.guid))] });
    for (const row of group) {
      const projection = forecast.items.find((i) => i.guid === row.guid)?.projection ?? null;
      const reading = projection && projection.value !== null ? { date: projection.start, value: projection.value } : null;
      const holds = projection !== null && projection.score !== null && row.threshold !== null && projection.score < row.threshold;
      const now = deps.now();
      const firing = await deps.db.transaction((tx) => evaluateProjection(tx, row.id, reading, holds, now, deps.config.dashboardUrl));
      if (firing) fired.push(firing);
    }
  }
  return { checked: rows.length, fired };
}

/** Checks the forecast alerts every 15 minutes; started once per server process. */
export const startForecastAlerts = (deps: Deps) => startPolling("forecast alerts", () => checkForecastAlerts(deps), 15 * 60_000);
