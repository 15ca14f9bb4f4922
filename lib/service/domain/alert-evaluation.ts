import "server-only";
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { preparedStatement, queryRows, uuidArray } from "@/lib/db/query";
import { alertFirings, alerts, kpis, scorecards, users, webhooks } from "@/lib/db/schema";
import type { Language } from "@/lib/contract/preferences";
import { alertMessage } from "../notifications/alert-message";
import { queueEmail, queueEvent } from "../webhooks/outbox";
import { scoredAt } from "./scored-at";

type Latest = Map<string, { date: string; value: number }>;

async function latestValues(tx: Tx, guids: string[]): Promise<Latest> {
  const rows = await queryRows<{ guid: string; date: string; value: number }>(
    tx,
    sql`SELECT DISTINCT ON (kpi_guid) kpi_guid::text AS guid, to_char(date, 'YYYY-MM-DD') AS date, value
        FROM kpi_values WHERE kpi_guid IN (${sql.join(
          guids.map((g) => sql`${g}::uuid`),
          sql`, `,
        )}) AND value IS NOT NULL
        ORDER BY kpi_guid, date DESC`,
  );
  return new Map(rows.map((r) => [r.guid, { date: r.date, value: r.value }]));
}

// The KPIs as one uuid[] expression: the same text (prepared once per connection) whatever their number.
const activeOn = (guids: SQL) => sql`${alerts.kpiGuid} = ANY(${guids}) AND ${alerts.active}`;
// A forecast alert is checked on its own schedule (forecast/alerts.ts), never by a write or a document check.
const onValues = sql`${alerts.condition} <> 'FORECAST_BELOW_TARGET'`;
const ANY_ACTIVE = preparedStatement<{ guids: string[] }>((p) => sql`SELECT 1 FROM ${alerts} WHERE ${activeOn(uuidArray(p.guids))} LIMIT 1`);

/** Whether any of these KPIs has an active alert, which its writes must then evaluate (alertsAround). */
export async function anyActiveAlert(db: Db | Tx, guids: string[]): Promise<boolean> {
  if (guids.length === 0) return false;
  const rows = await ANY_ACTIVE(db, { guids });
  return rows.length > 0;
}

/**
 * Alerts, evaluated in the write's own transaction (PERFORMANCE_BELOW reads the newest value's
 * score against the targets in force at its date): call this ahead of the write and `after`
 * once it is done. An alert looks at its KPI's newest value; it fires when its condition becomes
 * true (VALUE_CHANGED: whenever that value changes), and its event is queued in the same
 * transaction, so a rolled-back write sends nothing and a committed one is not lost.
 */
export async function alertsAround(tx: Tx, guids: string[], dashboardUrl = DEFAULT_DASHBOARD) {
  const active = guids.length
    ? await tx
        .select({ alert: alerts, webhookDisabled: webhooks.disabledAt, webhookLanguage: webhooks.language })
        .from(alerts)
        .leftJoin(webhooks, eq(webhooks.id, alerts.webhookId))
        .where(and(activeOn(uuidArray(guids)), onValues))
    : [];
  if (active.length === 0) return { after: async () => 0 };
  const watched = [...new Set(active.map((a) => a.alert.kpiGuid))];
  const before = await latestValues(tx, watched);

  return {
    async after(now: Date): Promise<number> {
      const current = await latestValues(tx, watched);
      let fired = 0;
      for (const entry of active) {
        const was = before.get(entry.alert.kpiGuid);
        const is = current.get(entry.alert.kpiGuid);
        if (!is || (was && was.date === is.date && was.value === is.value)) continue;
        if (await evaluate(tx, entry, was, is, now, "write", dashboardUrl)) fired++;
      }
      return fired;
    },
  };
}

export interface FiredAlert {
  alertId: number;
  name: string;
  kpiGuid: string;
  condition: string;
  date: string;
  value: number;
  status: string;
}

/**
 * Checks every active alert of a scorecard against its KPI's newest value now (the document
 * check): an alert whose condition holds and did not at its last evaluation fires, as after a
 * write. VALUE_CHANGED alerts wait for a change, so a check never fires them.
 */
export async function checkScorecardAlerts(
  tx: Tx,
  scorecardId: number,
  now: Date,
  dashboardUrl = DEFAULT_DASHBOARD,
): Promise<{ checked: number; fired: FiredAlert[] }> {
  const active = await tx
    .select({ alert: alerts, webhookDisabled: webhooks.disabledAt, webhookLanguage: webhooks.language })
    .from(alerts)
    .leftJoin(webhooks, eq(webhooks.id, alerts.webhookId))
    .where(and(eq(alerts.scorecardId, scorecardId), eq(alerts.active, true), onValues))
    .orderBy(alerts.id);
  const current = active.length ? await latestValues(tx, [...new Set(active.map((a) => a.alert.kpiGuid))]) : new Map();
  const fired: FiredAlert[] = [];
  for (const entry of active) {
    const is = current.get(entry.alert.kpiGuid);
    if (!is) continue;
    const event = await evaluate(tx, entry, undefined, is, now, "check", dashboardUrl);
    if (event) fired.push(event);
  }
  return { checked: active.length, fired };
}

const DEFAULT_DASHBOARD = "http://localhost:3000";

type Watched = { alert: typeof alerts.$inferSelect; webhookDisabled: Date | null; webhookLanguage: Language | null };
type Reading = { date: string; value: number };

/**
 * Updates the alert's state; when it fires, records the firing and queues one message per
 * channel (its webhook, each chosen user's e-mail). Returns what fired, or null.
 */
async function evaluate(
  tx: Tx,
  { alert, webhookDisabled, webhookLanguage }: Watched,
  was: Reading | undefined,
  is: Reading,
  now: Date,
  cause: "write" | "check",
  dashboardUrl: string,
  held?: boolean,
): Promise<FiredAlert | null> {
  const [kpi] = await tx.select().from(kpis).where(eq(kpis.guid, alert.kpiGuid));
  const { inForce, performance: perf, score, status } = await scoredAt(tx, kpi!, is.date, is.value);
  const holds = held ?? conditionHolds(alert.condition, alert.threshold, is.value, score);
  const fires = alert.condition === "VALUE_CHANGED" ? cause === "write" && was?.value !== is.value : holds && !alert.lastState;
  if (holds !== alert.lastState) await tx.update(alerts).set({ lastState: holds }).where(eq(alerts.id, alert.id));
  if (!fires) return null;
  const [card] = await tx
    .select({ id: scorecards.id, name: scorecards.name, translations: scorecards.translations })
    .from(scorecards)
    .where(eq(scorecards.id, alert.scorecardId));
  const [firing] = await tx
    .insert(alertFirings)
    .values({ alertId: alert.id, firedAt: now, date: is.date, value: is.value, previousValue: was?.value ?? null, score, status })
    .returning({ id: alertFirings.id });
  const fired = { alert, scorecard: card!, kpi: kpi!, date: is.date, value: is.value, target: inForce.target, score, status, dashboardUrl };
  const message = alertMessage(fired);
  const out = { type: "alert.triggered", message, firingId: firing!.id };
  if (alert.webhookId !== null && !webhookDisabled) {
    const spoken = webhookLanguage ? { ...out, message: alertMessage(fired, webhookLanguage) } : out;
    await queueEvent(
      tx,
      alert.webhookId,
      out.type,
      {
        alert: {
          id: alert.id,
          name: alert.name,
          kpiGuid: alert.kpiGuid,
          condition: alert.condition,
          threshold: alert.threshold,
          webhookId: alert.webhookId,
          emailUserIds: alert.emailUserIds,
          active: alert.active,
        },
        scorecard: { id: card!.id, name: card!.name },
        kpi: { guid: kpi!.guid, name: kpi!.name, measure: kpi!.measure },
        date: is.date,
        value: is.value,
        previousValue: was?.value ?? null,
        target: inForce.target,
        performance: perf,
        score,
        status,
        url: message.link?.url ?? null,
      },
      now,
      spoken,
    );
  }
  if (alert.emailUserIds.length) {
    const recipients = await tx
      .select({ id: users.id, language: users.language })
      .from(users)
      .innerJoin(scorecards, eq(scorecards.accountId, users.accountId))
      .where(and(eq(scorecards.id, alert.scorecardId), inArray(users.id, alert.emailUserIds), isNull(users.deactivatedAt)));
    for (const user of recipients) await queueEmail(tx, user.id, user.language ? { ...out, message: alertMessage(fired, user.language) } : out, now);
  }
  return { alertId: alert.id, name: alert.name, kpiGuid: alert.kpiGuid, condition: alert.condition, date: is.date, value: is.value, status };
}

/**
 * A forecast alert against its KPI's projection (`reading`: its value for the horizon's period; null
 * when there is none) and whether its projected score is below the threshold. The alert's row is
 * locked first, so two processes checking at once fire it once.
 */
export async function evaluateProjection(
  tx: Tx,
  alertId: number,
  reading: Reading | null,
  holds: boolean,
  now: Date,
  dashboardUrl = DEFAULT_DASHBOARD,
): Promise<FiredAlert | null> {
  const [row] = await tx
    .select({ alert: alerts, webhookDisabled: webhooks.disabledAt, webhookLanguage: webhooks.language })
    .from(alerts)
    .leftJoin(webhooks, eq(webhooks.id, alerts.webhookId))
    .where(eq(alerts.id, alertId))
    .for("update", { of: alerts });
  if (!row?.alert.active) return null;
  if (!reading) {
    if (row.alert.lastState) await tx.update(alerts).set({ lastState: false }).where(eq(alerts.id, alertId));
    return null;
  }
  return evaluate(tx, row, undefined, reading, now, "check", dashboardUrl, holds);
}

function conditionHolds(condition: string, threshold: number | null, value: number, score: number | null): boolean {
  switch (condition) {
    case "VALUE_ABOVE":
      return threshold !== null && value > threshold;
    case "VALUE_BELOW":
      return threshold !== null && value < threshold;
    case "PERFORMANCE_BELOW":
      return threshold !== null && score !== null && score < threshold;
    default:
      return true;
  }
}
