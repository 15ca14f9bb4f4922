import "server-only";
import { MAX_ROW_ID } from "@/lib/contract/constants";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Alert, AlertHistory, CreateAlert, DeliveryOutcome, UpdateAlert } from "@/lib/contract/alerts";
import type { Db } from "@/lib/db/client";
import type { ErrorDetail } from "@/lib/contract/common";
import { alertFirings, alerts, users, webhookAttempts, webhookEvents, webhooks } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { invalidRequest, notFound } from "../errors";
import { assertScorecard, scorecardKpis } from "./scorecards";
import { readersAmong } from "../webhooks/recipients";

type AlertRow = typeof alerts.$inferSelect;

type LastFiring = { firedAt: Date; delivery: DeliveryOutcome };

const toAlert = (row: AlertRow, last: LastFiring | undefined): Alert => ({
  id: row.id,
  name: row.name,
  kpiGuid: row.kpiGuid,
  condition: row.condition,
  threshold: row.threshold,
  webhookId: row.webhookId,
  emailUserIds: row.emailUserIds,
  active: row.active,
  lastFiredAt: last ? new Date(last.firedAt).toISOString() : null,
  lastDelivery: last?.delivery ?? null,
});

/** Each alert's last firing and what became of its messages (one outcome for all of them). */
async function lastFirings(db: Db, alertIds: number[]): Promise<Map<number, LastFiring>> {
  if (alertIds.length === 0) return new Map();
  const firings = await db
    .selectDistinctOn([alertFirings.alertId], { alertId: alertFirings.alertId, id: alertFirings.id, firedAt: alertFirings.firedAt })
    .from(alertFirings)
    .where(inArray(alertFirings.alertId, alertIds))
    .orderBy(alertFirings.alertId, desc(alertFirings.firedAt), desc(alertFirings.id));
  const events = firings.length
    ? await db
        .select({ firingId: webhookEvents.firingId, status: webhookEvents.status })
        .from(webhookEvents)
        .where(
          inArray(
            webhookEvents.firingId,
            firings.map((f) => f.id),
          ),
        )
    : [];
  const outcome = (statuses: string[]): DeliveryOutcome => {
    if (statuses.length === 0) return "NOT_SENT";
    if (statuses.includes("pending")) return "SENDING";
    const delivered = statuses.filter((s) => s === "succeeded").length;
    return delivered === statuses.length ? "DELIVERED" : delivered > 0 ? "PARTLY_DELIVERED" : "FAILED";
  };
  return new Map(firings.map((f) => [f.alertId, { firedAt: f.firedAt, delivery: outcome(events.filter((e) => e.firingId === f.id).map((e) => e.status)) }]));
}

type DocRef = { docId: number };
type AlertRef = { docId: number; id: number };

export const MAIL_UNAVAILABLE = "E-mail is not set up on this server: an administrator sets SMTP_URL and MAIL_FROM";

export async function listAlerts(ctx: Ctx, { docId }: DocRef): Promise<Alert[]> {
  await assertScorecard(ctx, docId);
  const rows = await ctx.deps.db.select().from(alerts).where(eq(alerts.scorecardId, docId)).orderBy(alerts.id);
  const last = await lastFirings(
    ctx.deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toAlert(r, last.get(r.id)));
}

/** The KPI must be the scorecard's, the webhook and the people the account's (400 otherwise). */
async function checkReferences(ctx: Ctx, docId: number, input: { kpiGuid?: string; webhookId?: number | null; emailUserIds?: number[] }) {
  const { deps, caller } = ctx;
  const details: ErrorDetail[] = [];
  if (input.kpiGuid !== undefined && !(await scorecardKpis(ctx, docId)).some((k) => k.guid === input.kpiGuid)) {
    details.push({ path: "kpiGuid", message: "No such KPI in this scorecard" });
  }
  if (input.webhookId !== undefined && input.webhookId !== null) {
    const [hook] = await deps.db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.id, input.webhookId), eq(webhooks.accountId, caller.accountId)));
    if (!hook) details.push({ path: "webhookId", message: "No such webhook" });
  }
  if (input.emailUserIds?.length) {
    if (!deps.config.mail) details.push({ path: "emailUserIds", message: MAIL_UNAVAILABLE });
    const found = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, input.emailUserIds), eq(users.accountId, caller.accountId), isNull(users.deactivatedAt)));
    const known = new Set(found.map((u) => u.id));
    const readers = await readersAmong(deps.db, docId, input.emailUserIds);
    input.emailUserIds.forEach((id, i) => {
      if (!known.has(id)) details.push({ path: `emailUserIds.${i}`, message: "No such active person in this account" });
      else if (!readers.has(id)) details.push({ path: `emailUserIds.${i}`, message: "This person may not read this scorecard: share it with them first" });
    });
  }
  if (details.length) throw invalidRequest(details[0]!.message, details);
}

export async function createAlert(ctx: Ctx, { docId, input }: DocRef & { input: CreateAlert }): Promise<Alert> {
  await assertScorecard(ctx, docId, "write");
  await checkReferences(ctx, docId, input);
  const [row] = await ctx.deps.db
    .insert(alerts)
    .values({
      scorecardId: docId,
      ...input,
      webhookId: input.webhookId ?? null,
      emailUserIds: [...new Set(input.emailUserIds ?? [])],
      threshold: input.condition === "VALUE_CHANGED" ? null : input.threshold,
    })
    .returning();
  return toAlert(row!, undefined);
}

/** An alert of a scorecard the caller may read (or write, for changes). */
async function ownAlert(ctx: Ctx, { docId, id }: AlertRef, access: "read" | "write" = "write") {
  await assertScorecard(ctx, docId, access);
  const [row] =
    id > MAX_ROW_ID
      ? []
      : await ctx.deps.db
          .select()
          .from(alerts)
          .where(and(eq(alerts.id, id), eq(alerts.scorecardId, docId)));
  if (!row) throw notFound("Alert");
  return row;
}

export async function updateAlert(ctx: Ctx, { docId, id, input }: AlertRef & { input: UpdateAlert }): Promise<Alert> {
  const current = await ownAlert(ctx, { docId, id });
  await checkReferences(ctx, docId, input);
  const next = { ...current, ...input };
  if (next.condition !== "VALUE_CHANGED" && (next.threshold === null || next.threshold === undefined)) {
    throw invalidRequest("This condition needs a threshold", [{ path: "threshold", message: "This condition needs a threshold" }]);
  }
  if (next.webhookId === null && next.emailUserIds.length === 0) {
    throw invalidRequest("Choose a webhook or at least one person to e-mail", [
      { path: "webhookId", message: "Choose a webhook or at least one person to e-mail" },
    ]);
  }
  // A changed condition starts from "not holding", so it fires as soon as it holds.
  const reset = input.condition !== undefined || input.threshold !== undefined || input.kpiGuid !== undefined || input.active === true;
  const [row] = await ctx.deps.db
    .update(alerts)
    .set({
      ...input,
      ...(input.emailUserIds ? { emailUserIds: [...new Set(input.emailUserIds)] } : {}),
      threshold: next.condition === "VALUE_CHANGED" ? null : next.threshold,
      ...(reset ? { lastState: false } : {}),
    })
    .where(eq(alerts.id, id))
    .returning();
  return toAlert(row!, (await lastFirings(ctx.deps.db, [id])).get(id));
}

export async function deleteAlert(ctx: Ctx, ref: AlertRef): Promise<void> {
  await ownAlert(ctx, ref);
  await ctx.deps.db.delete(alerts).where(eq(alerts.id, ref.id));
}

/** When the alert fired, what it saw, and what became of each message it sent. */
export async function alertHistory(ctx: Ctx, ref: AlertRef): Promise<AlertHistory["items"]> {
  await ownAlert(ctx, ref, "read");
  const { db } = ctx.deps;
  const firings = await db
    .select()
    .from(alertFirings)
    .where(eq(alertFirings.alertId, ref.id))
    .orderBy(desc(alertFirings.firedAt), desc(alertFirings.id))
    .limit(100);
  if (firings.length === 0) return [];
  const events = await db
    .select({
      id: webhookEvents.id,
      firingId: webhookEvents.firingId,
      status: webhookEvents.status,
      attempts: webhookEvents.attempts,
      webhookName: webhooks.name,
      email: users.email,
      lastError: sql<
        string | null
      >`(SELECT ${webhookAttempts.error} FROM ${webhookAttempts} WHERE ${webhookAttempts.eventId} = ${webhookEvents.id} ORDER BY ${webhookAttempts.attemptedAt} DESC, ${webhookAttempts.id} DESC LIMIT 1)`,
    })
    .from(webhookEvents)
    .leftJoin(webhooks, eq(webhooks.id, webhookEvents.webhookId))
    .leftJoin(users, eq(users.id, webhookEvents.emailUserId))
    .where(
      inArray(
        webhookEvents.firingId,
        firings.map((f) => f.id),
      ),
    )
    .orderBy(sql`${webhookEvents.emailUserId} NULLS FIRST`, users.email, webhookEvents.id);
  return firings.map((f) => ({
    id: f.id,
    firedAt: f.firedAt.toISOString(),
    date: f.date,
    value: f.value,
    previousValue: f.previousValue,
    score: f.score,
    status: f.status,
    deliveries: events
      .filter((e) => e.firingId === f.id)
      .map((e) => ({
        eventId: e.id,
        channel: e.email !== null ? ("email" as const) : ("webhook" as const),
        to: e.email ?? e.webhookName ?? "",
        status: e.status,
        attempts: e.attempts,
        lastError: e.status === "succeeded" ? null : e.lastError,
      })),
  }));
}
