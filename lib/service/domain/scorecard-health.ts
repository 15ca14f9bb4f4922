import "server-only";
import { asc, inArray, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Scorecard } from "@/lib/contract/scorecards";
import { perDatabase } from "@/lib/db/per-database";
import { kpis } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { seriesFor } from "./grouped";
import { periodsBetween } from "./periods";

const iso = (d: Date) => d.toISOString().slice(0, 10);

type Health = Scorecard["health"];

// Each scorecard's health for a month, with the state it was computed from (today and the data
// version of each of its KPIs, in order: a root's series reads only its own scorecard's KPIs, and
// no two states in a database share a version): a list re-read computes only the scorecards that
// changed since.
const healthCacheOf = perDatabase(() => new LRUCache<string, { state: string; health: Health }>({ max: 100_000 }));

/**
 * Each scorecard's score and status in the last complete month, from its root's grouped series.
 * The cards are the caller's list, already read under its access. One grouped query names each
 * scorecard's root and state; only the scorecards whose state changed read their KPIs and are
 * computed (together: formulas and containers never cross scorecards), so a re-read of the list
 * costs one small row per scorecard.
 */
export async function withHealth(ctx: Ctx, cards: Scorecard[]): Promise<Scorecard[]> {
  if (cards.length === 0) return cards;
  const { db } = ctx.deps;
  const now = ctx.deps.now();
  const lastMonth = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  const ids = cards.map((c) => c.id);
  const states = await db
    .select({
      scorecardId: kpis.scorecardId,
      root: sql<string | null>`(array_agg(${kpis.guid}::text) FILTER (WHERE ${kpis.parentGuid} IS NULL))[1]`,
      versions: sql<string>`string_agg(${kpis.dataVersion}::text, ',' ORDER BY ${kpis.position}, ${kpis.guid})`,
    })
    .from(kpis)
    .where(inArray(kpis.scorecardId, ids))
    .groupBy(kpis.scorecardId);
  const cache = healthCacheOf(db);
  const keyOf = (scorecardId: number) => `${scorecardId} ${lastMonth}`;
  const stateOf = new Map(states.map((s) => [s.scorecardId, `${iso(now)} ${s.root} ${s.versions}`]));
  const changed = states.filter((s) => s.root !== null && cache.get(keyOf(s.scorecardId))?.state !== stateOf.get(s.scorecardId));
  if (changed.length > 0) {
    const defs = await db
      .select()
      .from(kpis)
      .where(
        inArray(
          kpis.scorecardId,
          changed.map((s) => s.scorecardId),
        ),
      )
      .orderBy(asc(kpis.scorecardId), asc(kpis.position));
    const series = await seriesFor(ctx.deps, {
      defs,
      wanted: changed.map((s) => s.root!),
      spans: periodsBetween(lastMonth, iso(now), "MONTH")!,
      period: "MONTH",
    });
    const byGuid = new Map(series.map((s) => [s.guid, s]));
    for (const { scorecardId, root } of changed) {
      const point = byGuid.get(root!)?.points.findLast((p) => p.complete);
      cache.set(keyOf(scorecardId), {
        state: stateOf.get(scorecardId)!,
        health: point ? { month: point.start, score: point.score, status: point.status } : null,
      });
    }
  }
  return cards.map((card) => ({ ...card, health: stateOf.has(card.id) ? (cache.get(keyOf(card.id))?.health ?? null) : null }));
}
