import "server-only";
import { asc, inArray } from "drizzle-orm";
import type { Scorecard } from "@/lib/contract/scorecards";
import { kpis } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { seriesFor } from "./grouped";
import { periodsBetween } from "./periods";

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Each scorecard's score and status in the last complete month, from its root's grouped series.
 * The cards are the caller's list, already read under its access: their KPIs are read in one
 * query and every root's series computed together (formulas and containers never cross
 * scorecards), so the list costs the same few queries however many scorecards it holds.
 */
export async function withHealth(ctx: Ctx, cards: Scorecard[]): Promise<Scorecard[]> {
  if (cards.length === 0) return cards;
  const now = ctx.deps.now();
  const lastMonth = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  const defs = await ctx.deps.db.select().from(kpis).where(inArray(kpis.scorecardId, cards.map((c) => c.id))).orderBy(asc(kpis.scorecardId), asc(kpis.position));
  const roots = new Map(defs.filter((k) => k.parentGuid === null).map((k) => [k.scorecardId, k.guid]));
  const series = roots.size ? await seriesFor(ctx.deps, { defs, wanted: [...roots.values()], spans: periodsBetween(lastMonth, iso(now), "MONTH")!, period: "MONTH" }) : [];
  const byGuid = new Map(series.map((s) => [s.guid, s]));
  return cards.map((card) => {
    const root = roots.get(card.id);
    const point = root ? byGuid.get(root)?.points.findLast((p) => p.complete) : undefined;
    return { ...card, health: point ? { month: point.start, score: point.score, status: point.status } : null };
  });
}
