import "server-only";
import { MAX_ROW_ID } from "@/lib/contract/constants";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CreateNote, Note, NotificationSettings, UpdateNotificationSettings } from "@/lib/contract/notes";
import { kpiNotes, notificationSettings, webhooks } from "@/lib/db/schema";
import type { Db } from "@/lib/db/client";
import { preparedRows, uuidArray } from "@/lib/db/query";
import type { Ctx } from "../context";
import { forbidden, invalidRequest, notFound } from "../errors";
import { MAIL_UNAVAILABLE } from "./alerts";
import { scorecardKpis } from "./scorecards";

const toNote = (row: typeof kpiNotes.$inferSelect, authorEmail: string | null): Note => ({
  id: row.id,
  kpiGuid: row.kpiGuid,
  date: row.date,
  text: row.text,
  authorId: row.authorId,
  authorEmail,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Notes of these KPIs dated within [from, to], by date (no access check: the caller has made it).
 * One prepared text for every list and range (every grouped read asks for its notes).
 */
export async function notesOf(db: Db, guids: string[], from?: string, to?: string): Promise<Note[]> {
  if (guids.length === 0) return [];
  return preparedRows<Note>(db, notesQuery(sql`n.kpi_guid = ANY(${uuidArray(guids)})`, from, to));
}

/** `notesOf` every KPI of a scorecard (no access check either). */
export async function scorecardNotes(db: Db, docId: number, from?: string, to?: string): Promise<Note[]> {
  return preparedRows<Note>(db, notesQuery(sql`n.kpi_guid IN (SELECT k.guid FROM kpis k WHERE k.scorecard_id = ${docId})`, from, to));
}

const notesQuery = (ofKpis: SQL, from?: string, to?: string) =>
  sql`SELECT n.id, n.kpi_guid::text AS "kpiGuid", to_char(n.date, 'YYYY-MM-DD') AS date, n.text, n.author_id AS "authorId",
        u.email AS "authorEmail", to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
      FROM kpi_notes n LEFT JOIN users u ON u.id = n.author_id
      WHERE ${ofKpis}
        AND n.date >= coalesce(${from ?? null}::date, '-infinity') AND n.date <= coalesce(${to ?? null}::date, 'infinity')
      ORDER BY n.date, n.id`;

export async function listNotes(ctx: Ctx, { docId, from, to, kpiGuid }: { docId: number; from?: string; to?: string; kpiGuid?: string }): Promise<Note[]> {
  const guids = (await scorecardKpis(ctx, docId)).map((k) => k.guid).filter((g) => kpiGuid === undefined || g === kpiGuid);
  return notesOf(ctx.deps.db, guids, from, to);
}

export async function createNote(ctx: Ctx, { docId, guid, input }: { docId: number; guid: string; input: CreateNote }): Promise<Note> {
  if (!(await scorecardKpis(ctx, docId)).some((k) => k.guid === guid)) throw notFound("KPI");
  const [row] = await ctx.deps.db
    .insert(kpiNotes)
    .values({ kpiGuid: guid, date: input.date, text: input.text, authorId: ctx.caller.userId, createdAt: ctx.deps.now() })
    .returning();
  return toNote(row!, ctx.caller.email);
}

export async function deleteNote(ctx: Ctx, { docId, id }: { docId: number; id: number }): Promise<void> {
  const guids = (await scorecardKpis(ctx, docId)).map((k) => k.guid);
  const [row] =
    id > MAX_ROW_ID || guids.length === 0
      ? []
      : await ctx.deps.db
          .select()
          .from(kpiNotes)
          .where(and(eq(kpiNotes.id, id), inArray(kpiNotes.kpiGuid, guids)));
  if (!row) throw notFound("Note");
  if (row.authorId !== ctx.caller.userId && ctx.caller.role !== "admin") throw forbidden("Only the note's author or an admin may delete it");
  await ctx.deps.db.delete(kpiNotes).where(eq(kpiNotes.id, id));
}

export async function getNotificationSettings({ deps, caller }: Ctx): Promise<NotificationSettings> {
  const [row] = await deps.db.select().from(notificationSettings).where(eq(notificationSettings.accountId, caller.accountId));
  return {
    emailAvailable: Boolean(deps.config.mail),
    emailUnavailableReason: deps.config.mail ? null : MAIL_UNAVAILABLE,
    reminderDays: row ? row.reminderDays : 3,
    reminderWebhookId: row?.reminderWebhookId ?? null,
  };
}

export async function updateNotificationSettings(ctx: Ctx, input: UpdateNotificationSettings): Promise<NotificationSettings> {
  const { deps, caller } = ctx;
  if (input.reminderWebhookId !== undefined && input.reminderWebhookId !== null) {
    const [hook] = await deps.db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.id, input.reminderWebhookId), eq(webhooks.accountId, caller.accountId)));
    if (!hook) throw invalidRequest("No such webhook", [{ path: "reminderWebhookId", message: "No such webhook" }]);
  }
  await deps.db
    .insert(notificationSettings)
    .values({ accountId: caller.accountId, ...input })
    .onConflictDoUpdate({
      target: notificationSettings.accountId,
      set: input.reminderDays === undefined && input.reminderWebhookId === undefined ? { accountId: caller.accountId } : input,
    });
  return getNotificationSettings(ctx);
}
