import "server-only";
import { randomUUID } from "node:crypto";
import type { Tx } from "./client";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { initiatives, kpis, kpiValues, mapLinks, scorecards, users } from "./schema";
import type { KpiFile, ScorecardFile } from "@/lib/contract/scorecard-file";
import { keptTranslations } from "@/lib/contract/translations";

const INSERT_CHUNK = 1000;

export interface ImportOptions {
  /** The owning user; by default the account's first admin. */
  ownerId?: number;
  /** What every user of the account may do with it (default: nothing beyond owner and admins). */
  accountAccess?: "none" | "read" | "write";
}

/**
 * Writes a scorecard, its KPI tree under a root container named after it, and any values.
 * Run it inside a transaction so that a failed import leaves nothing behind.
 */
export async function importScorecard(tx: Tx, accountId: number, file: ScorecardFile, options: ImportOptions = {}): Promise<number> {
  const firstAdmin = tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, "admin")))
    .orderBy(asc(users.id))
    .limit(1);
  const [card] = await tx
    .insert(scorecards)
    .values({
      accountId,
      name: file.name,
      description: file.description ?? "",
      translations: keptTranslations(file.translations),
      icon: file.icon ?? "",
      ownerId: options.ownerId ?? sql`(${firstAdmin})`,
      accountAccess: options.accountAccess ?? "none",
    })
    .returning({ id: scorecards.id });
  const scorecardId = card!.id;

  // A file's GUIDs are kept unless the database already has them (a scorecard imported again
  // as a copy): those KPIs get new ones, and the formulas and arrows naming them follow.
  const wanted: string[] = [];
  const collect = (list: KpiFile[]) => list.forEach((k) => (k.guid && wanted.push(k.guid.toLowerCase()), collect(k.children ?? [])));
  collect(file.kpis);
  const taken = new Set(wanted.length ? (await tx.select({ guid: kpis.guid }).from(kpis).where(inArray(kpis.guid, wanted))).map((r) => r.guid) : []);

  const guidById = new Map<string, string>();
  const planned: { kpi: KpiFile; guid: string; parentGuid: string | null }[] = [];
  const rootGuid = randomUUID();
  const plan = (list: KpiFile[], parentGuid: string) => {
    for (const kpi of list) {
      const own = kpi.guid?.toLowerCase();
      const guid = own && !taken.has(own) ? own : randomUUID();
      if (kpi.id) guidById.set(kpi.id, guid);
      if (own) guidById.set(own, guid);
      planned.push({ kpi, guid, parentGuid });
      plan(kpi.children ?? [], guid);
    }
  };
  plan(file.kpis, rootGuid);

  const resolveFormula = (formula: string | null | undefined) =>
    formula
      ? formula.replace(/\[([^\]]+)\]/g, (whole, ref: string) => {
          const guid = guidById.get(ref) ?? guidById.get(ref.trim().toLowerCase());
          return guid ? `[${guid}]` : whole;
        })
      : null;

  await tx.insert(kpis).values([
    {
      guid: rootGuid,
      scorecardId,
      parentGuid: null,
      position: 0,
      name: file.name,
      description: file.description ?? "",
      translations: keptTranslations(file.translations),
      indicatorType: "CONTAINER",
      updateInterval: "MONTH",
      optimization: "MAXIMIZE",
    },
    ...planned.map(({ kpi, guid, parentGuid }, i) => ({
      guid,
      scorecardId,
      parentGuid,
      position: i + 1,
      name: kpi.name,
      description: kpi.description ?? "",
      translations: keptTranslations(kpi.translations),
      indicatorType: kpi.type ?? (kpi.children?.length ? "CONTAINER" : "INDICATOR"),
      measure: kpi.measure ?? "",
      updateInterval: kpi.updateInterval ?? "MONTH",
      grouping: kpi.grouping ?? "AVERAGE",
      inheritance: kpi.inheritance ?? false,
      optimization: kpi.optimization ?? "MAXIMIZE",
      formula: resolveFormula(kpi.formula),
      weight: kpi.weight ?? 1,
      min: kpi.min ?? null,
      max: kpi.max ?? null,
      target: kpi.target ?? null,
      baseline: kpi.baseline ?? null,
      onTrackThreshold: kpi.thresholds?.onTrack ?? null,
      atRiskThreshold: kpi.thresholds?.atRisk ?? null,
      scoreCap: kpi.scoreCap ?? null,
    })),
  ] as (typeof kpis.$inferInsert)[]);

  const values = planned.flatMap(({ kpi, guid }) => (kpi.values ?? []).map((v) => ({ ...v, kpiGuid: guid })));
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    await tx.insert(kpiValues).values(values.slice(i, i + INSERT_CHUNK));
  }
  const planGuids = planned.flatMap(({ kpi }) => (kpi.initiatives ?? []).flatMap((i) => (i.guid ? [i.guid.toLowerCase()] : [])));
  const takenPlans = new Set(
    planGuids.length ? (await tx.select({ guid: initiatives.guid }).from(initiatives).where(inArray(initiatives.guid, planGuids))).map((r) => r.guid) : [],
  );
  const plans = planned.flatMap(({ kpi, guid }) =>
    (kpi.initiatives ?? []).map(({ guid: own, responsible, description, currency, durationUnit, intervalStart, intervalEnd, translations, ...rest }) => ({
      ...rest,
      translations: keptTranslations(translations),
      guid: own && !takenPlans.has(own.toLowerCase()) ? own.toLowerCase() : randomUUID(),
      kpiGuid: guid,
      description: description ?? "",
      currency: currency ?? "",
      durationUnit: durationUnit ?? "",
      intervalStart: intervalStart ?? null,
      intervalEnd: intervalEnd ?? null,
      responsible: JSON.stringify(responsible ?? []),
    })),
  );
  if (plans.length) await tx.insert(initiatives).values(plans);
  const guidOf = (ref: string) => guidById.get(ref) ?? guidById.get(ref.toLowerCase()) ?? null;
  const links = (file.links ?? []).flatMap((l) => {
    const [fromGuid, toGuid] = [guidOf(l.from), guidOf(l.to)];
    return fromGuid && toGuid ? [{ scorecardId, fromGuid, toGuid }] : [];
  });
  if (links.length) await tx.insert(mapLinks).values(links).onConflictDoNothing();
  return scorecardId;
}
