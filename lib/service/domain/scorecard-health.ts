import "server-only";
import type { Scorecard } from "@/lib/contract/scorecards";
import type { Ctx } from "../context";
import { groupedOf } from "./grouped";
import { scorecardKpis } from "./scorecards";

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Each scorecard's score and status in the last complete month, from its root's grouped series. */
export async function withHealth(ctx: Ctx, cards: Scorecard[]): Promise<Scorecard[]> {
  const now = ctx.deps.now();
  const lastMonth = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  return Promise.all(
    cards.map(async (card) => {
      const defs = await scorecardKpis(ctx, card.id);
      const root = defs.find((k) => k.parentGuid === null);
      if (!root) return { ...card, health: null };
      const grouped = await groupedOf(ctx.deps, defs, { period: "MONTH", startDate: lastMonth, endDate: iso(now), guids: [root.guid] });
      const point = grouped.items[0]?.points.findLast((p) => p.complete);
      return { ...card, health: point ? { month: point.start, score: point.score, status: point.status } : null };
    }),
  );
}
