import "server-only";
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { digestsSent, kpis, kpiValues, notificationSettings, remindersSent, scorecards, users } from "@/lib/db/schema";
import { formatsFor, localeOf, translatorFor } from "@/lib/i18n/server";
import { addDays, periodsBefore, periodStart } from "../domain/periods";
import { scoredAt } from "../domain/scored-at";
import { queueEmail, queueEvent } from "../webhooks/outbox";
import type { Message } from "./message";
import { startPolling } from "../polling";

export interface ReminderOptions {
  db: Db;
  now: Date;
  dashboardUrl: string;
  /** Whether e-mail can be sent; without it, reminders go to the account's reminder webhook. */
  mail: boolean;
}

const DEFAULT_REMINDER_DAYS = 3;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Owned KPIs that take entered values, with their account's reminder settings. */
async function ownedKpis(db: Db) {
  return db
    .select({
      kpi: kpis,
      scorecard: { id: scorecards.id, name: scorecards.name, accountId: scorecards.accountId },
      owner: { id: users.id, email: users.email, language: users.language },
      reminderDays: sql<
        number | null
      >`CASE WHEN ${notificationSettings.accountId} IS NULL THEN ${DEFAULT_REMINDER_DAYS} ELSE ${notificationSettings.reminderDays} END`,
      reminderWebhookId: notificationSettings.reminderWebhookId,
    })
    .from(kpis)
    .innerJoin(scorecards, eq(scorecards.id, kpis.scorecardId))
    .innerJoin(users, eq(users.id, kpis.ownerId))
    .leftJoin(notificationSettings, eq(notificationSettings.accountId, scorecards.accountId))
    .where(and(isNotNull(kpis.ownerId), eq(kpis.indicatorType, "INDICATOR"), isNull(kpis.formula), isNull(scorecards.deletedAt), isNull(users.deactivatedAt)));
}

type Owned = Awaited<ReturnType<typeof ownedKpis>>[number];

/** The KPI's last complete period when its value is overdue today (no value, and the grace days are over), else null. */
async function overduePeriod(db: Db | Tx, row: Owned, today: string): Promise<{ start: string; due: string } | null> {
  if (row.reminderDays === null) return null;
  const interval = row.kpi.updateInterval;
  const current = periodStart(today, interval);
  const start = periodsBefore(today, interval, 1);
  const due = addDays(current, row.reminderDays);
  if (today < due) return null;
  const [entered] = await db
    .select({ date: kpiValues.date })
    .from(kpiValues)
    .where(and(eq(kpiValues.kpiGuid, row.kpi.guid), gte(kpiValues.date, start), lt(kpiValues.date, current), isNotNull(kpiValues.value)))
    .limit(1);
  return entered ? null : { start, due };
}

/** The reminder in the owner's language (a reminder webhook gets it too: it is the owner's reminder). */
function reminderMessage(row: Owned, start: string, due: string, dashboardUrl: string): Message {
  const locale = localeOf(row.owner.language);
  const [f, t] = [formatsFor(locale), translatorFor(locale, "mail")];
  const period = f.period(start, row.kpi.updateInterval);
  return {
    title: t("reminder.title", { kpi: row.kpi.name, period }),
    facts: [
      [t("reminder.scorecard"), row.scorecard.name],
      [t("reminder.kpi"), row.kpi.name],
      [t("reminder.period"), period],
      [t("reminder.overdue"), f.date(due)],
      [t("reminder.owner"), row.owner.email],
    ],
    link: { label: t("reminder.enter"), url: `${dashboardUrl}/s/${row.scorecard.id}/values` },
  };
}

/**
 * Reminds each owned KPI's owner once per overdue period: by e-mail when the server sends mail,
 * else through the account's reminder webhook. The reminders_sent row and the message are
 * written in one transaction, and the row's primary key makes "once" hold across processes.
 */
export async function sendDueReminders({ db, now, dashboardUrl, mail }: ReminderOptions): Promise<number> {
  const today = iso(now);
  let sent = 0;
  for (const row of await ownedKpis(db)) {
    const overdue = await overduePeriod(db, row, today);
    if (!overdue) continue;
    const webhookId = mail ? null : row.reminderWebhookId;
    if (!mail && webhookId === null) continue;
    const queued = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(remindersSent)
        .values({ kpiGuid: row.kpi.guid, periodStart: overdue.start, sentAt: now })
        .onConflictDoNothing()
        .returning();
      if (claimed.length === 0) return false;
      const message = reminderMessage(row, overdue.start, overdue.due, dashboardUrl);
      if (webhookId === null) {
        await queueEmail(tx, row.owner.id, { type: "kpi.reminder", message }, now);
      } else {
        const data = {
          scorecard: row.scorecard,
          kpi: { guid: row.kpi.guid, name: row.kpi.name },
          periodStart: overdue.start,
          overdueSince: overdue.due,
          owner: row.owner,
        };
        await queueEvent(tx, webhookId, "kpi.reminder", data, now, { message });
      }
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/** The status of a KPI's newest value and of the one before it, when the newest was written since `since`. */
async function statusChange(db: Db, kpi: Owned["kpi"], since: Date) {
  const newest = await db
    .select({ date: kpiValues.date, value: kpiValues.value, updatedAt: kpiValues.updatedAt })
    .from(kpiValues)
    .where(and(eq(kpiValues.kpiGuid, kpi.guid), isNotNull(kpiValues.value)))
    .orderBy(desc(kpiValues.date))
    .limit(2);
  if (newest.length < 2 || newest[0]!.updatedAt < since) return null;
  const statusAt = async ({ date, value }: { date: string; value: number | null }) => (await scoredAt(db, kpi, date, value!)).status;
  const [now, before] = [await statusAt(newest[0]!), await statusAt(newest[1]!)];
  return now === before ? null : { from: before, to: now, value: newest[0]!.value, date: newest[0]!.date };
}

/**
 * Once a week (from Monday), each owner of KPIs gets one e-mail listing their overdue KPIs and
 * those whose status changed with a value written in the past week; nothing is sent when there
 * is nothing to say. The digests_sent row keeps it to one per user and week.
 */
export async function sendWeeklyDigests({ db, now, dashboardUrl, mail }: ReminderOptions): Promise<number> {
  if (!mail) return 0;
  const today = iso(now);
  const weekStart = periodStart(today, "WEEK");
  const since = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  const byOwner = new Map<number, Owned[]>();
  for (const row of await ownedKpis(db)) byOwner.set(row.owner.id, [...(byOwner.get(row.owner.id) ?? []), row]);
  // Owners who have this week's digest are dropped before their KPIs are read (a pass runs every few minutes).
  if (byOwner.size > 0) {
    const done = await db
      .select({ userId: digestsSent.userId })
      .from(digestsSent)
      .where(and(inArray(digestsSent.userId, [...byOwner.keys()]), eq(digestsSent.weekStart, weekStart)));
    for (const { userId } of done) byOwner.delete(userId);
  }
  let sent = 0;
  for (const [ownerId, rows] of byOwner) {
    const locale = localeOf(rows[0]!.owner.language);
    const [f, t] = [formatsFor(locale), translatorFor(locale, "mail")];
    const overdue: string[] = [];
    const changed: string[] = [];
    for (const row of rows) {
      const late = await overduePeriod(db, row, today);
      if (late) overdue.push(t("digest.late", { kpi: row.kpi.name, scorecard: row.scorecard.name, period: f.period(late.start, row.kpi.updateInterval) }));
      const change = await statusChange(db, row.kpi, since);
      if (change) {
        changed.push(
          t("digest.changed", {
            kpi: row.kpi.name,
            scorecard: row.scorecard.name,
            from: f.status(change.from),
            to: f.status(change.to),
            value: f.full(change.value, row.kpi.measure),
            date: f.date(change.date),
          }),
        );
      }
    }
    if (overdue.length === 0 && changed.length === 0) continue;
    const message: Message = {
      title: t("digest.title", { overdue: overdue.length, changed: changed.length }),
      facts: [[t("digest.weekOf"), f.date(weekStart)]],
      lines: [
        ...(overdue.length ? [t("digest.overdue"), ...overdue.map((l) => `• ${l}`)] : []),
        ...(changed.length ? [t("digest.changedStatus"), ...changed.map((l) => `• ${l}`)] : []),
      ],
      link: { label: t("digest.open"), url: dashboardUrl },
    };
    const queued = await db.transaction(async (tx) => {
      const claimed = await tx.insert(digestsSent).values({ userId: ownerId, weekStart, sentAt: now }).onConflictDoNothing().returning();
      if (claimed.length === 0) return false;
      await queueEmail(tx, ownerId, { type: "digest.weekly", message }, now);
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/** Checks for due reminders and digests every few minutes; started once per server process. */
export function startReminderScheduler(options: Omit<ReminderOptions, "now"> & { everyMs?: number }) {
  return startPolling(
    "reminders",
    async () => {
      const now = new Date();
      await sendDueReminders({ ...options, now });
      await sendWeeklyDigests({ ...options, now });
    },
    options.everyMs ?? 10 * 60_000,
  );
}
