import "server-only";
import { csvField } from "@/lib/csv-field";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { ActivityEvent, ActivityPage, ActivityQuery } from "@/lib/contract/activity";
import { activityEvents } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { invalidRequest } from "../errors";

const MAX_EXPORT = 50_000;

function filters(ctx: Ctx, q: Omit<ActivityQuery, "limit" | "before"> & { before?: number }) {
  return and(
    eq(activityEvents.accountId, ctx.caller.accountId),
    q.person === undefined ? undefined : eq(activityEvents.userId, q.person),
    q.scorecard === undefined ? undefined : eq(activityEvents.scorecardId, q.scorecard),
    q.kind === undefined ? undefined : eq(activityEvents.kind, q.kind),
    q.from === undefined ? undefined : gte(activityEvents.at, new Date(`${q.from}T00:00:00Z`)),
    // The day after `to` in SQL: after 9999-12-31 comes a year JavaScript writes as +010000.
    q.to === undefined ? undefined : sql`${activityEvents.at} < ((${q.to}::date + 1)::timestamp AT TIME ZONE 'UTC')`,
    q.before === undefined ? undefined : lt(activityEvents.id, q.before),
  );
}

const toEvent = (row: typeof activityEvents.$inferSelect): ActivityEvent => ({
  id: row.id,
  at: row.at.toISOString(),
  userId: row.userId,
  email: row.email,
  apiKey: row.apiKeyName,
  via: row.via,
  kind: row.kind as ActivityEvent["kind"],
  action: row.action,
  scorecardId: row.scorecardId,
  details: row.details as Record<string, unknown>,
});

/** The account's activity, newest first, one page (admins; the role gate checks). */
export async function listActivity(ctx: Ctx, q: ActivityQuery): Promise<ActivityPage> {
  const rows = await ctx.deps.db
    .select()
    .from(activityEvents)
    .where(filters(ctx, q))
    .orderBy(desc(activityEvents.id))
    .limit(q.limit + 1);
  const items = rows.slice(0, q.limit).map(toEvent);
  return { items, next: rows.length > q.limit ? items.at(-1)!.id : null };
}

/** The filtered activity as CSV, newest first (at most 50,000 events). */
export async function activityCsv(ctx: Ctx, q: Omit<ActivityQuery, "limit" | "before">): Promise<string> {
  const [{ n }] = (await ctx.deps.db.select({ n: sql<number>`count(*)::int` }).from(activityEvents).where(filters(ctx, q))) as [{ n: number }];
  if (n > MAX_EXPORT) throw invalidRequest(`${n} events match: at most ${MAX_EXPORT} are exported at once; narrow the days or filters`);
  const rows = await ctx.deps.db.select().from(activityEvents).where(filters(ctx, q)).orderBy(desc(activityEvents.id));
  const header = ["id", "at", "email", "api_key", "via", "kind", "action", "scorecard_id", "details"];
  const lines = rows.map(toEvent).map((e) => [e.id, e.at, e.email, e.apiKey, e.via, e.kind, e.action, e.scorecardId, e.details].map(csvField).join(","));
  return `${[header.join(","), ...lines].join("\r\n")}\r\n`;
}
