import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Initiative } from "@/lib/contract/initiatives";
import { VALUE_FIELDS } from "@/lib/contract/values";
import type { KpiFile, ScorecardFile } from "@/lib/contract/scorecard-file";
import { kpiValues, mapLinks, scorecards } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { initiativesOf } from "./initiatives";
import { scorecardKpis, type StoredKpi } from "./scorecards";

/** Drops undefined and null optional fields so the file holds only what was set. */
type Defined<T> = { [K in keyof T]?: Exclude<T[K], null | undefined> };
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as Defined<T>;
const groupBy = <T>(list: T[], key: (t: T) => string) => {
  const out = new Map<string, T[]>();
  for (const item of list) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
};

function initiativeFile(i: Initiative) {
  return defined({
    guid: i.guid,
    name: i.name,
    status: i.status,
    initiativeType: i.initiativeType,
    description: i.description || undefined,
    currency: i.currency || undefined,
    durationUnit: i.durationUnit ?? undefined,
    intervalStart: i.intervalStart ?? undefined,
    intervalEnd: i.intervalEnd ?? undefined,
    showOnMap: i.showOnMap,
    budget: i.budget ?? undefined,
    actualBudget: i.actualBudget ?? undefined,
    duration: i.duration ?? undefined,
    responsible: i.responsible.length ? i.responsible : undefined,
    translations: i.translations,
  });
}

/**
 * The scorecard in the file format the CLI imports: every KPI under the root with its GUID (so
 * formulas keep their `[guid]` references), settings as stored, values, initiatives and arrows.
 */
export async function downloadDocument(ctx: Ctx, { docId }: { docId: number }): Promise<ScorecardFile> {
  const tree = await scorecardKpis(ctx, docId);
  const guids = tree.map((k) => k.guid);
  const [[card], values, plans, links] = await Promise.all([
    ctx.deps.db.select().from(scorecards).where(eq(scorecards.id, docId)),
    ctx.deps.db.select().from(kpiValues).where(inArray(kpiValues.kpiGuid, guids)).orderBy(asc(kpiValues.kpiGuid), asc(kpiValues.date)),
    initiativesOf(ctx.deps.db, guids),
    ctx.deps.db.select().from(mapLinks).where(eq(mapLinks.scorecardId, docId)).orderBy(asc(mapLinks.fromGuid), asc(mapLinks.toGuid)),
  ]);
  const valuesOf = groupBy(values, (v) => v.kpiGuid);
  const plansOf = groupBy(plans, (p) => p.alignedKpiGuid);
  const toFile = (k: StoredKpi): KpiFile => ({
    ...defined({
      guid: k.guid,
      name: k.name,
      description: k.description || undefined,
      type: k.indicatorType,
      measure: k.measure || undefined,
      updateInterval: k.updateInterval,
      grouping: k.grouping,
      inheritance: k.inheritance,
      optimization: k.optimization,
      formula: k.formula,
      weight: k.weight,
      min: k.min,
      max: k.max,
      target: k.target,
      baseline: k.baseline,
      thresholds: k.onTrackThreshold !== null && k.atRiskThreshold !== null ? { onTrack: k.onTrackThreshold, atRisk: k.atRiskThreshold } : undefined,
      scoreCap: k.scoreCap,
      translations: k.translations ?? undefined,
    }),
    name: k.name,
    children: tree.filter((c) => c.parentGuid === k.guid).map(toFile),
    values: (valuesOf.get(k.guid) ?? []).map((v) => ({ date: v.date, ...defined(Object.fromEntries(VALUE_FIELDS.map((f) => [f, v[f]]))) })),
    initiatives: (plansOf.get(k.guid) ?? []).map(initiativeFile) as KpiFile["initiatives"],
  });
  const root = tree.find((k) => k.parentGuid === null)!;
  return {
    name: card!.name,
    description: card!.description,
    ...(card!.translations ? { translations: card!.translations } : {}),
    ...(card!.icon ? { icon: card!.icon } : {}),
    kpis: tree.filter((k) => k.parentGuid === root.guid).map(toFile),
    ...(links.length ? { links: links.map((l) => ({ from: l.fromGuid, to: l.toGuid })) } : {}),
  };
}
