import "server-only";
import { asc, inArray } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Scorecard } from "@/lib/contract/scorecards";
import { perDatabase } from "@/lib/db/per-database";
import { kpis } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { seriesFor } from "./grouped";
import { fingerprints } from "./grouped-cache";
import { periodsBetween } from "./periods";

const iso = (d: Date) => d.toISOString().slice(0, 10);

type Health = Scorecard["health"];

// Each root's health for a month, with the fingerprint it was computed from (today and the data
// version of every KPI the root reads, as the grouped series cache keeps them): a list re-read
// computes only the scorecards that changed since.
const healthCacheOf = perDatabase(() => new LRUCache<string, { fingerprint: string; health: Health }>({ max: 100_000 }));

/**
 * Each scorecard's score and status in the last complete month, from its root's grouped series.
 * The cards are the caller's list, already read under its access: their KPIs are read in one
 * query and the roots that changed since they were last computed are computed together
 * (formulas and containers never cross scorecards), so the list costs the same few queries
 * however many scorecards it holds.
 */
export async function withHealth(ctx: Ctx, cards: Scorecard[]): Promise<Scorecard[]> {
  if (cards.length === 0) return cards;
  const { db } = ctx.deps;
  const now = ctx.deps.now();
  const lastMonth = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  const defs = await db
    .select()
    .from(kpis)
    .where(
      inArray(
        kpis.scorecardId,
        cards.map((c) => c.id),
      ),
    )
    .orderBy(asc(kpis.scorecardId), asc(kpis.position));
  const roots = new Map(defs.filter((k) => k.parentGuid === null).map((k) => [k.scorecardId, k.guid]));
  const fingerprint = fingerprints(db, defs, iso(now));
  const cache = healthCacheOf(db);
  const keyOf = (root: string) => `${root} ${lastMonth}`;
  const changed = [...roots].filter(([, root]) => cache.get(keyOf(root))?.fingerprint !== fingerprint.get(root));
  if (changed.length > 0) {
    const ids = new Set(changed.map(([id]) => id));
    const wanted = changed.map(([, root]) => root);
    const series = await seriesFor(ctx.deps, {
      defs: defs.filter((k) => ids.has(k.scorecardId)),
      wanted,
      spans: periodsBetween(lastMonth, iso(now), "MONTH")!,
      period: "MONTH",
    });
    const byGuid = new Map(series.map((s) => [s.guid, s]));
    for (const root of wanted) {
      const point = byGuid.get(root)?.points.findLast((p) => p.complete);
      cache.set(keyOf(root), { fingerprint: fingerprint.get(root)!, health: point ? { month: point.start, score: point.score, status: point.status } : null });
    }
  }
  return cards.map((card) => {
    const root = roots.get(card.id);
    return { ...card, health: root ? (cache.get(keyOf(root))?.health ?? null) : null };
  });
}
