import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { MapLinks, StrategyMap } from "@/lib/contract/maps";
import { initiatives, mapLinks } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { invalidRequest, notFound } from "../errors";
import { groupedOf } from "./grouped";
import { touchScorecard } from "./scorecard-changes";
import { scorecardKpis, type StoredKpi } from "./scorecards";

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The scorecard's strategy map, drawn from its tree: the root's child containers are the
 * perspectives (bands, top to bottom), their children the objectives (left to right), each
 * measured by itself or by a container's indicators; arrows are stored. Each objective's score
 * and status are its latest complete month holding a value in the last 12, as the scorecard
 * page's Month view shows them.
 */
export async function strategyMaps(ctx: Ctx, { docId }: { docId: number }): Promise<StrategyMap[]> {
  const tree = await scorecardKpis(ctx, docId);
  const root = tree.find((k) => k.parentGuid === null);
  if (!root) throw notFound("Scorecard");
  const childrenOf = (guid: string) => tree.filter((k) => k.parentGuid === guid);
  const indicatorsUnder = (kpi: StoredKpi): string[] => (kpi.indicatorType === "INDICATOR" ? [kpi.guid] : childrenOf(kpi.guid).flatMap(indicatorsUnder));
  const perspectives = childrenOf(root.guid).filter((k) => k.indicatorType === "CONTAINER");
  const objectives = perspectives.flatMap((p) => childrenOf(p.guid));

  const now = ctx.deps.now();
  // As the scorecard page's Month view: the last 12 months, the latest complete one holding a value.
  const since = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)));
  const [grouped, shown, links] = await Promise.all([
    objectives.length
      ? groupedOf(ctx.deps, tree, { period: "MONTH", startDate: since, endDate: iso(now), guids: objectives.map((o) => o.guid) })
      : { items: [] },
    ctx.deps.db
      .select({ guid: initiatives.guid, kpiGuid: initiatives.kpiGuid })
      .from(initiatives)
      .where(
        and(
          inArray(
            initiatives.kpiGuid,
            tree.map((k) => k.guid),
          ),
          eq(initiatives.showOnMap, true),
        ),
      ),
    ctx.deps.db.select({ fromGuid: mapLinks.fromGuid, toGuid: mapLinks.toGuid }).from(mapLinks).where(eq(mapLinks.scorecardId, docId)),
  ]);
  const pointOf = new Map(grouped.items.map((s) => [s.guid, s.points.findLast((p) => p.complete && p.value !== null)]));
  return [
    {
      id: docId,
      name: root.name,
      perspectives: perspectives.map((p) => ({
        guid: p.guid,
        name: p.name,
        objectives: childrenOf(p.guid).map((o, column) => {
          const kpiGuids = indicatorsUnder(o);
          const point = pointOf.get(o.guid);
          return {
            guid: o.guid,
            name: o.name,
            column,
            kpiGuids,
            initiativeGuids: shown.filter((i) => kpiGuids.includes(i.kpiGuid) || i.kpiGuid === o.guid).map((i) => i.guid),
            month: point?.start ?? null,
            score: point?.score ?? null,
            status: point?.status ?? "NONE",
          };
        }),
      })),
      links: links.filter((l) => objectives.some((o) => o.guid === l.fromGuid) && objectives.some((o) => o.guid === l.toGuid)),
    },
  ];
}

/** Replaces the map's arrows; each must join two objectives of the map. */
export async function setMapLinks(ctx: Ctx, { docId, input }: { docId: number; input: MapLinks }): Promise<StrategyMap> {
  const tree = await scorecardKpis(ctx, docId, "write");
  const root = tree.find((k) => k.parentGuid === null)!;
  const perspectives = new Set(tree.filter((k) => k.parentGuid === root.guid && k.indicatorType === "CONTAINER").map((k) => k.guid));
  const objectives = new Set(tree.filter((k) => k.parentGuid && perspectives.has(k.parentGuid)).map((k) => k.guid));
  const bad = input.links.flatMap((l, i) => [
    ...(objectives.has(l.fromGuid) ? [] : [{ path: `links.${i}.fromGuid`, message: "Not an objective of this map" }]),
    ...(objectives.has(l.toGuid) ? [] : [{ path: `links.${i}.toGuid`, message: "Not an objective of this map" }]),
    ...(l.fromGuid === l.toGuid ? [{ path: `links.${i}.toGuid`, message: "An arrow joins two objectives" }] : []),
  ]);
  if (bad.length) throw invalidRequest("Every arrow joins two objectives (children of a perspective); nothing was changed", bad);
  const unique = [...new Map(input.links.map((l) => [`${l.fromGuid}|${l.toGuid}`, l])).values()];
  await ctx.deps.db.transaction(async (tx) => {
    await tx.delete(mapLinks).where(eq(mapLinks.scorecardId, docId));
    if (unique.length) await tx.insert(mapLinks).values(unique.map((l) => ({ scorecardId: docId, ...l })));
    await touchScorecard(tx, docId, ctx.deps.now());
  });
  return (await strategyMaps(ctx, { docId }))[0]!;
}
