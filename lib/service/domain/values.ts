import "server-only";
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { ErrorDetail } from "@/lib/contract/common";
import { outsideValidRange } from "@/lib/contract/constants";
import { VALUE_FIELDS, type ValueField, type ValueRecord, type ValuesAtDate, type WrittenValue } from "@/lib/contract/values";
import { withRetry } from "@/lib/db/retry";
import { kpiValues } from "@/lib/db/schema";
import type { Ctx, Deps } from "../context";
import { conflict, invalidRequest, notFound } from "../errors";
import { alertsAround } from "./alert-evaluation";
import { seriesFor } from "./grouped";
import { performance, progress } from "./performance";
import { periodsBetween, periodStart } from "./periods";
import { scoreOf, statusOf } from "./scoring";
import type { Access } from "./access";
import { beginChange } from "./change-context";
import { lockedItemsConflict, lockedThrough } from "./locks";
import { scorecardKpis, type StoredKpi } from "./scorecards";
import { isCalculated } from "./series";
import { latestEntries, type LatestRow } from "./value-queries";
import { writeValues, type StoredRecord, type WriteItem } from "./value-writes";

type KpiAt = { docId: number; guid: string; date: string };

/** The KPI of the scorecard, or 404 (403 when writing a scorecard the caller may only read). */
async function kpiOf(ctx: Ctx, docId: number, guid: string, needed: Access = "read"): Promise<StoredKpi> {
  const kpi = (await scorecardKpis(ctx, docId, needed)).find((k) => k.guid === guid);
  if (!kpi) throw notFound("KPI");
  return kpi;
}

/** Values in effect at `date` for each KPI in `guids` (in that order). */
export async function valuesAt(deps: Deps, defs: StoredKpi[], guids: string[], date: string): Promise<(ValuesAtDate & { guid: string })[]> {
  const byGuid = new Map(defs.map((d) => [d.guid, d]));
  const wanted = guids.map((g) => byGuid.get(g)!);
  const entered = wanted.filter((k) => !isCalculated(k));
  const latest = await latestEntries(
    deps.db,
    entered.map((k) => k.guid),
    date,
    true,
  );

  const calculated = new Map<string, ValuesAtDate>();
  for (const interval of new Set(wanted.filter(isCalculated).map((k) => k.updateInterval))) {
    const spans = periodsBetween(date, date, interval)!;
    const kpis = wanted.filter((k) => isCalculated(k) && k.updateInterval === interval);
    for (const series of await seriesFor(deps, { defs, wanted: kpis.map((k) => k.guid), spans, period: interval })) {
      const p = series.points[0]!;
      const kpi = byGuid.get(series.guid)!;
      calculated.set(series.guid, {
        date,
        value: p.value,
        valueDate: p.value === null ? null : p.start,
        ...scaleAt(kpi, undefined),
        performance: p.performance,
        progress: p.progress,
        score: p.score,
        status: p.status,
      });
    }
  }

  return wanted.map((kpi) => {
    const known = calculated.get(kpi.guid);
    if (known) return { guid: kpi.guid, ...known };
    const entry = latest.get(kpi.guid);
    // Without inheritance a value counts only inside the KPI's own period holding `date`.
    const inPeriod = entry?.value_date && (kpi.inheritance || entry.value_date >= periodStart(date, kpi.updateInterval));
    const value = inPeriod ? entry!.value : null;
    const scale = scaleAt(kpi, entry);
    const numbers = { min: scale.min, max: scale.max, target: scale.target, baseline: scale.baseline };
    const score = scoreOf(value, numbers, kpi);
    return {
      guid: kpi.guid,
      date,
      value,
      valueDate: inPeriod ? entry!.value_date : null,
      ...scale,
      performance: performance(value, kpi.optimization, numbers),
      progress: progress(value, numbers),
      score,
      status: statusOf(score, kpi),
    };
  });
}

function scaleAt(kpi: StoredKpi, entry: LatestRow | undefined) {
  const pick = (f: "target" | "baseline" | "min" | "max") => (entry && entry[f] !== null ? { v: entry[f], d: entry[`${f}_date`] } : { v: kpi[f], d: null });
  const [t, b, mn, mx] = [pick("target"), pick("baseline"), pick("min"), pick("max")];
  return { target: t.v, targetDate: t.d, baseline: b.v, baselineDate: b.d, min: mn.v, minDate: mn.d, max: mx.v, maxDate: mx.d };
}

export async function valueAt(ctx: Ctx, { docId, guid, date }: KpiAt) {
  const defs = await scorecardKpis(ctx, docId);
  const kpi = defs.find((k) => k.guid === guid);
  if (!kpi) throw notFound("KPI");
  const [{ guid: _guid, ...values }] = (await valuesAt(ctx.deps, defs, [guid], date)) as [ValuesAtDate & { guid: string }];
  return { ...values, item: itemOf(kpi) };
}

/** Batch read: every GUID must be a KPI of the scorecard (400 naming each bad one otherwise). */
export async function batchValuesAt(ctx: Ctx, { docId, guids, date }: { docId: number; guids: string[] | "all"; date: string }) {
  const defs = await scorecardKpis(ctx, docId);
  const known = new Set(defs.map((d) => d.guid));
  const list = guids === "all" ? defs.map((d) => d.guid) : guids;
  const bad = list.flatMap((g, i) => (known.has(g) ? [] : [{ path: `guids.${i}`, message: "No such KPI in this scorecard" }]));
  if (bad.length) throw invalidRequest(`${bad.length} GUID(s) are not KPIs of this scorecard`, bad);
  return valuesAt(ctx.deps, defs, list, date);
}

export async function listValues(ctx: Ctx, { docId, guid, from, to }: { docId: number; guid: string; from?: string; to?: string }): Promise<ValueRecord[]> {
  await kpiOf(ctx, docId, guid);
  const rows = await ctx.deps.db
    .select()
    .from(kpiValues)
    .where(and(eq(kpiValues.kpiGuid, guid), from ? gte(kpiValues.date, from) : undefined, to ? lte(kpiValues.date, to) : undefined))
    .orderBy(asc(kpiValues.date));
  return rows.map(({ kpiGuid: _k, updatedAt: _u, namedFields: _n, ...record }) => record);
}

export async function deleteValue(ctx: Ctx, { docId, guid, date }: KpiAt): Promise<void> {
  await kpiOf(ctx, docId, guid, "write");
  const { deps } = ctx;
  await withRetry(() =>
    deps.db.transaction(async (tx) => {
      const watch = await alertsAround(tx, [guid], deps.config.dashboardUrl);
      await beginChange(tx, ctx, docId);
      await tx.delete(kpiValues).where(and(eq(kpiValues.kpiGuid, guid), eq(kpiValues.date, date)));
      await watch.after(deps.now());
    }),
  );
}

/**
 * Items whose KPI is not a writable KPI of the scorecard (400 unknown, 409 calculated), or whose
 * value lies outside the KPI's valid range (400, with the range).
 */
export function badWriteItems(defs: StoredKpi[], items: { guid: string; value?: number | null }[], path: (i: number) => string) {
  const byGuid = new Map(defs.map((d) => [d.guid, d]));
  const unknown: ErrorDetail[] = [];
  const calculated: ErrorDetail[] = [];
  items.forEach((item, i) => {
    const kpi = byGuid.get(item.guid);
    const outside = kpi && outsideValidRange(item.value, kpi);
    if (!kpi) unknown.push({ path: `${path(i)}.guid`, message: "No such KPI in this scorecard" });
    else if (isCalculated(kpi)) calculated.push({ path: `${path(i)}.guid`, message: "This KPI is calculated; its values cannot be written" });
    else if (outside) unknown.push({ path: [path(i), "value"].filter(Boolean).join("."), message: outside });
  });
  return { unknown, calculated };
}

export interface BatchWrite {
  docId: number;
  items: WriteItem[];
  /** How an item is named in error details (`items.3` or `3`; a field's name follows). */
  path: (index: number) => string;
}

/** Validates and writes a batch for a scorecard: 400 for unknown KPIs, 409 for calculated ones. */
export async function writeBatch(ctx: Ctx, { docId, items, path }: BatchWrite) {
  const defs = await scorecardKpis(ctx, docId, "write");
  const { unknown, calculated } = badWriteItems(defs, items, path);
  if (unknown.length)
    throw invalidRequest(`${unknown.length} item(s) name no KPI of this scorecard or a value outside its valid range; nothing was written`, [
      ...unknown,
      ...calculated,
    ]);
  if (calculated.length) throw conflict(`${calculated.length} item(s) name calculated KPIs; nothing was written`, calculated);
  try {
    return await writeValues(ctx, docId, defs, items, path);
  } catch (error) {
    // The database refuses a locked date (migration 0019), naming the date: each item on or before it is named.
    const until = lockedThrough(error);
    throw until === null ? error : lockedItemsConflict(until, items, path);
  }
}

/** The KPI as the vendor's `item`. */
export const itemOf = (kpi: StoredKpi) => ({
  guid: kpi.guid,
  name: kpi.name,
  measure: kpi.measure,
  indicatorType: kpi.indicatorType,
  updateInterval: kpi.updateInterval,
});

/** The single write: 404 for an unknown KPI, 409 for a calculated one. */
export async function writeOne(ctx: Ctx, { docId, item }: { docId: number; item: WriteItem }): Promise<WrittenValue> {
  const defs = await scorecardKpis(ctx, docId, "write");
  const kpi = defs.find((k) => k.guid === item.guid);
  if (!kpi) throw notFound("KPI");
  if (isCalculated(kpi)) throw conflict("This KPI is calculated; its values cannot be written");
  const outside = outsideValidRange(item.value, kpi);
  if (outside) throw invalidRequest(outside, [{ path: "value", message: outside }]);
  const [{ guid: _g, ...record }] = (await writeValues(ctx, docId, defs, [item], () => "")) as [StoredRecord];
  const dateOf = (f: ValueField) => (record[f] === null ? null : record.date);
  return {
    ...record,
    valueDate: dateOf("value"),
    targetDate: dateOf("target"),
    baselineDate: dateOf("baseline"),
    minDate: dateOf("min"),
    maxDate: dateOf("max"),
    scoreDate: dateOf("score"),
    item: itemOf(kpi),
  };
}

/** The record entered at exactly `date` (every field null when there is none). */
export async function recordAt(ctx: Ctx, { docId, guid, date }: KpiAt): Promise<ValueRecord> {
  await kpiOf(ctx, docId, guid);
  const [row] = await ctx.deps.db
    .select()
    .from(kpiValues)
    .where(and(eq(kpiValues.kpiGuid, guid), eq(kpiValues.date, date)));
  if (!row) return { date, value: null, target: null, baseline: null, min: null, max: null, score: null };
  const { kpiGuid: _k, updatedAt: _u, namedFields: _n, ...record } = row;
  return record;
}

/** Clears one field of the record at `date` (the record goes when nothing is left in it). */
export async function deleteField(ctx: Ctx, { docId, guid, date, field }: KpiAt & { field: Exclude<ValueField, "value"> }): Promise<void> {
  await kpiOf(ctx, docId, guid, "write");
  const { deps } = ctx;
  const column = kpiValues[field];
  await withRetry(() =>
    deps.db.transaction(async (tx) => {
      const at = and(eq(kpiValues.kpiGuid, guid), eq(kpiValues.date, date));
      await beginChange(tx, ctx, docId);
      await tx
        .update(kpiValues)
        .set({ [field]: null, updatedAt: deps.now() })
        .where(and(at, sql`${column} IS NOT NULL`));
      await tx.delete(kpiValues).where(and(at, ...VALUE_FIELDS.map((f) => sql`${kpiValues[f]} IS NULL`)));
    }),
  );
}

const MAX_RECORDS = 50_000;

/** Every KPI's records holding `field`, by KPI and date (one query). */
export async function batchRecords(ctx: Ctx, { docId, field, from, to }: { docId: number; field: ValueField; from?: string; to?: string }) {
  const guids = (await scorecardKpis(ctx, docId)).map((k) => k.guid);
  const rows = await ctx.deps.db
    .select()
    .from(kpiValues)
    .where(
      and(
        inArray(kpiValues.kpiGuid, guids),
        sql`${kpiValues[field]} IS NOT NULL`,
        from ? gte(kpiValues.date, from) : undefined,
        to ? lte(kpiValues.date, to) : undefined,
      ),
    )
    .orderBy(asc(kpiValues.kpiGuid), asc(kpiValues.date))
    .limit(MAX_RECORDS + 1);
  if (rows.length > MAX_RECORDS)
    throw invalidRequest(`More than ${MAX_RECORDS} records: read a narrower range`, [{ path: "from", message: "Narrow the range" }]);
  return rows.map(({ kpiGuid, updatedAt: _u, namedFields: _n, ...record }) => ({ guid: kpiGuid, ...record }));
}
