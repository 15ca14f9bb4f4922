import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { alertFirings, alerts, users, webhookAttempts, webhookEvents, webhooks } from "@/lib/db/schema";
import { queryRows } from "@/lib/db/query";
import { type MailConfig, sendMail } from "../notifications/mail";
import { sendEvent, webhookReach, type SendResult } from "./send";
import { readersAmong } from "./recipients";
import { startPolling } from "../polling";

/** Waits after each failed attempt (API.md), multiplied by WEBHOOK_RETRY_SCALE. */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
const LEASE_SECONDS = 60;
const BATCH = 10;

export interface WorkerOptions {
  db: Db;
  allowPrivate: boolean;
  retryScale: number;
  pollMs?: number;
  /** How long a claimed attempt is reserved; an attempt cut short is retried after it. */
  leaseSeconds?: number;
  now?: () => Date;
  /** Where e-mails go out; without it they fail (and are retried) with a plain reason. */
  mail?: MailConfig | null;
}

interface Claimed {
  id: string;
  webhook_id: number | null;
  email_user_id: number | null;
  firing_id: number | null;
  payload: string;
  attempts: number;
  next_attempt_at: Date | string;
  created_at: Date | string;
}

/**
 * Claims due events with FOR UPDATE SKIP LOCKED and a lease: each attempt is taken by one
 * worker even with several processes on one database, and an attempt cut short by a crash is
 * taken again when its lease runs out (at least once; receivers deduplicate on webhook-id).
 */
async function claim(db: Db, now: Date, leaseSeconds: number): Promise<Claimed[]> {
  const at = now.toISOString();
  return queryRows<Claimed>(
    db,
    sql`UPDATE webhook_events SET locked_until = ${at}::timestamptz + make_interval(secs => ${leaseSeconds})
        WHERE id IN (
          SELECT id FROM webhook_events
          WHERE status = 'pending' AND next_attempt_at <= ${at}::timestamptz AND (locked_until IS NULL OR locked_until < ${at}::timestamptz)
          ORDER BY next_attempt_at, created_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, webhook_id, email_user_id, firing_id, payload, attempts, next_attempt_at, created_at`,
  );
}

type Outcome = { result: SendResult; webhookId: number | null } | { cancel: string | null };

/** Whether an alert's e-mail may still go to its person: one who may no longer read the scorecard gets no figures from it. */
async function mayReceive(db: Db, event: Claimed, userId: number): Promise<boolean> {
  if (event.firing_id === null) return true;
  const [alert] = await db
    .select({ scorecardId: alerts.scorecardId })
    .from(alertFirings)
    .innerJoin(alerts, eq(alerts.id, alertFirings.alertId))
    .where(eq(alertFirings.id, event.firing_id));
  return alert !== undefined && (await readersAmong(db, alert.scorecardId, [userId])).has(userId);
}

/** Sends to the event's webhook, or e-mails its user; cancels, with the reason, when there is no one to send to any more. */
async function send(options: WorkerOptions, event: Claimed, now: Date): Promise<Outcome> {
  const { db } = options;
  if (event.email_user_id !== null) {
    const [user] = await db.select().from(users).where(eq(users.id, event.email_user_id));
    if (!user || user.deactivatedAt) return { cancel: null };
    if (!(await mayReceive(db, event, user.id))) return { cancel: `Not sent: ${user.email} may no longer read this scorecard` };
    if (!options.mail)
      return { webhookId: null, result: { status: null, retryAfterSeconds: null, error: "E-mail is not set up on this server (SMTP_URL and MAIL_FROM)" } };
    return { webhookId: null, result: await sendMail(options.mail, user.email, event.id, JSON.parse(event.payload)) };
  }
  const [hook] = event.webhook_id === null ? [] : await db.select().from(webhooks).where(eq(webhooks.id, event.webhook_id));
  if (!hook || hook.disabledAt) return { cancel: null };
  return { webhookId: hook.id, result: await sendEvent(hook.url, hook.secret, event.id, event.payload, { reach: webhookReach(options.allowPrivate), now }) };
}

async function attempt(options: WorkerOptions, event: Claimed, now: Date): Promise<void> {
  const { db } = options;
  const outcome = await send(options, event, now);
  if ("cancel" in outcome) {
    await db.transaction(async (tx) => {
      if (outcome.cancel)
        await tx
          .insert(webhookAttempts)
          .values({ eventId: event.id, webhookId: null, status: "failed", responseStatus: null, error: outcome.cancel, attemptedAt: now, nextAttemptAt: null });
      await tx.update(webhookEvents).set({ status: "cancelled", lockedUntil: null }).where(eq(webhookEvents.id, event.id));
    });
    return;
  }
  const { result, webhookId } = outcome;
  const isMail = event.email_user_id !== null;
  const ok = isMail ? result.status === 250 : result.status !== null && result.status >= 200 && result.status < 300;
  // 410 Gone from a webhook, or a permanent SMTP refusal (5xx) of the address: no point retrying.
  const gone = isMail ? result.status !== null && result.status >= 500 : result.status === 410;
  const attempts = event.attempts + 1;
  const wait = RETRY_SCHEDULE_SECONDS[attempts - 1];
  const retryAt = ok || gone || wait === undefined ? null : new Date(now.getTime() + Math.max(wait * options.retryScale, result.retryAfterSeconds ?? 0) * 1000);
  const status = ok ? "succeeded" : gone ? (isMail ? "failed" : "cancelled") : retryAt ? "pending" : "failed";
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      eventId: event.id,
      webhookId,
      status: ok ? "succeeded" : "failed",
      responseStatus: result.status,
      error: result.error ?? (ok ? null : result.status && result.status >= 300 && result.status < 400 ? "Redirects are not followed" : null),
      attemptedAt: now,
      nextAttemptAt: retryAt,
    });
    await tx
      .update(webhookEvents)
      .set({ status, attempts, nextAttemptAt: retryAt ?? now, lockedUntil: null })
      .where(eq(webhookEvents.id, event.id));
    if (gone && webhookId !== null) {
      await tx.update(webhooks).set({ disabledAt: now }).where(eq(webhooks.id, webhookId));
      await tx
        .update(webhookEvents)
        .set({ status: "cancelled" })
        .where(and(eq(webhookEvents.webhookId, webhookId), eq(webhookEvents.status, "pending")));
    }
  });
}

/** One pass: claims what is due and attempts it. Returns how many attempts were made. */
export async function deliverDue(options: WorkerOptions): Promise<number> {
  const now = options.now ?? (() => new Date());
  const claimed = await claim(options.db, now(), options.leaseSeconds ?? LEASE_SECONDS);
  // Each webhook gets its events in order; different webhooks are served in parallel.
  const byWebhook = new Map<string, Claimed[]>();
  const order = (e: Claimed) => `${new Date(e.next_attempt_at).toISOString()}|${new Date(e.created_at).toISOString()}|${e.id}`;
  for (const event of [...claimed].sort((a, b) => order(a).localeCompare(order(b)))) {
    const channel = event.webhook_id !== null ? `w${event.webhook_id}` : `u${event.email_user_id}`;
    byWebhook.set(channel, [...(byWebhook.get(channel) ?? []), event]);
  }
  await Promise.all(
    [...byWebhook.values()].map(async (events) => {
      for (const event of events) await attempt(options, event, now());
    }),
  );
  return claimed.length;
}

/** Polls for due deliveries until stopped; started once per server process. */
export function startWebhookWorker(options: WorkerOptions) {
  return startPolling("webhooks", () => deliverDue(options), options.pollMs ?? Math.max(50, Math.min(1000, 1000 * options.retryScale)));
}
