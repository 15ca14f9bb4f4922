import "server-only";
import { csvField } from "@/lib/csv-field";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { CreatedFeed, Feed } from "@/lib/contract/feeds";
import { MAX_ROW_ID, type Period } from "@/lib/contract/constants";
import { feeds, scorecards, users } from "@/lib/db/schema";
import type { Ctx, Deps } from "../context";
import { dashboardBase } from "../context";
import { notFound } from "../errors";
import { requireAccess } from "./access";
import { groupedValues } from "./grouped";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

async function feedAnswers(ctx: Ctx, where: ReturnType<typeof and>): Promise<Feed[]> {
  const rows = await ctx.deps.db
    .select({ id: feeds.id, docId: feeds.scorecardId, scorecard: scorecards.name, createdBy: users.email, createdAt: feeds.createdAt })
    .from(feeds)
    .innerJoin(scorecards, eq(scorecards.id, feeds.scorecardId))
    .innerJoin(users, eq(users.id, feeds.createdBy))
    .where(where)
    .orderBy(desc(feeds.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** A link to a scorecard the caller may read; its token is shown once. */
export async function createFeed(ctx: Ctx, { docId }: { docId: number }): Promise<CreatedFeed> {
  await requireAccess(ctx, docId, "read");
  const token = `gfd_${randomBytes(24).toString("base64url")}`;
  const [row] = await ctx.deps.db
    .insert(feeds)
    .values({ accountId: ctx.caller.accountId, scorecardId: docId, createdBy: ctx.caller.userId, tokenHash: hashOf(token), createdAt: ctx.deps.now() })
    .returning();
  const [answer] = await feedAnswers(ctx, and(eq(feeds.id, row!.id)));
  return { ...answer!, url: `${dashboardBase(ctx.deps)}/rest/feeds/${token}` };
}

/** Live links: the caller's own, or every one of the account for an admin. */
const visible = (ctx: Ctx) =>
  and(eq(feeds.accountId, ctx.caller.accountId), isNull(feeds.revokedAt), ctx.caller.role === "admin" ? undefined : eq(feeds.createdBy, ctx.caller.userId));

export const listFeeds = (ctx: Ctx) => feedAnswers(ctx, visible(ctx));

export async function revokeFeed(ctx: Ctx, { id }: { id: number }): Promise<void> {
  const revoked =
    id > MAX_ROW_ID
      ? []
      : await ctx.deps.db
          .update(feeds)
          .set({ revokedAt: ctx.deps.now() })
          .where(and(eq(feeds.id, id), visible(ctx)))
          .returning();
  if (revoked.length === 0) throw notFound("Spreadsheet link");
}

/** The live link a token opens, read with its creator's access (404 once the creator is deactivated). */
export async function feedByToken(deps: Deps, token: string): Promise<{ ctx: Ctx; docId: number; feedId: number } | null> {
  const [row] = await deps.db
    .select({ docId: feeds.scorecardId, feedId: feeds.id, user: users })
    .from(feeds)
    .innerJoin(users, eq(users.id, feeds.createdBy))
    .where(and(eq(feeds.tokenHash, hashOf(token)), isNull(feeds.revokedAt), isNull(users.deactivatedAt)));
  if (!row) return null;
  const { user } = row;
  return {
    docId: row.docId,
    feedId: row.feedId,
    ctx: {
      deps,
      caller: { accountId: user.accountId, userId: user.id, email: user.email, role: user.role, tokenId: 0, tokenKind: "session", countedUsers: 1 },
    },
  };
}

/** The scorecard's grouped figures as CSV: one row per KPI and period, in the scorecard's order. */
export async function feedCsv(ctx: Ctx, docId: number, { period = "MONTH", from, to }: { period?: Period; from?: string; to?: string }): Promise<string> {
  const year = Number(ctx.deps.now().toISOString().slice(0, 4));
  const grouped = await groupedValues(ctx, { docId, period, startDate: from ?? `${year - 2}-01-01`, endDate: to ?? `${year}-12-31` });
  const lines = [["KPI", "GUID", "Period start", "Value", "Target", "Score", "Status"].join(",")];
  for (const series of grouped.items) {
    for (const p of series.points) lines.push([series.name, series.guid, p.start, p.value, p.target, p.score, p.status].map(csvField).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
