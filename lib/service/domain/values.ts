import "server-only";
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { ErrorDetail } from "@/lib/contract/common";
import { VALUE_FIELDS, type ValueField, type ValueRecord, type ValuesAtDate } from "@/lib/contract/values";
import type { Tx } from "@/lib/db/client";
import { kpiValues, scorecards } from "@/lib/db/schema";
import type { Ctx, Deps } from "../context";
import { conflict, invalidRequest, notFound } from "../errors";
import { alertsAround } from "./alert-evaluation";
import { seriesFor } from "./grouped";
import { performance, progress } from "./performance";
import { periodsBetween, periodStart } from "./periods";
import { scorecardKpis, type StoredKpi } from "./scorecards";
import { isCalculated } from "./series";
import { latestEntries, type LatestRow } from "./value-queries";

export type ValueFields = Partial<Record<ValueField, number | null>>;
export interface WriteItem extends ValueFields {
  guid: string;
  date: string;
}
type StoredRecord = ValueRecord & { guid: string };
type KpiAt = { docId: number; guid: string; date: string };

const toRecord = (row: typeof kpiValues.$inferSelect): StoredRecord => ({
  guid: row.kpiGuid,
  date: row.date,
  value: row.value,
  target: row.target,
  baseline: row.baseline,
  min: row.min,
  max: row.max,
});

/** The KPI of the scorecard, or 404. */
async function kpiOf(ctx: Ctx, docId: number, guid: string): Promise<StoredKpi> {
  const kpi = (await scorecardKpis(ctx, docId)).find((k) => k.guid === guid);
  if (!kpi) throw notFound("KPI");
  return kpi;
}

/** Values in effect at `date` for each KPI in `guids` (in that order). */
export async function valuesAt(deps: Deps, defs: StoredKpi[], guids: string[], date: string): Promise<(ValuesAtDate & { guid: string })[]> {
  const byGuid = new Map(defs.map((d) => [d.guid, d]));
  const wanted = guids.map((g) => byGuid.get(g)!);
  const entered = wanted.filter((k) => !isCalculated(k));
  const latest = await latestEntries(deps.db, entered.map((k) => k.guid), date, true);

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
    return {
      guid: kpi.guid,
      date,
      value,
      valueDate: inPeriod ? entry!.value_date : null,
      ...scale,
      performance: performance(value, kpi.optimization, numbers),
      progress: progress(value, numbers),
    };
  });
}

function scaleAt(kpi: StoredKpi, entry: LatestRow | undefined) {
  const pick = (f: "target" | "baseline" | "min" | "max") =>
    entry && entry[f] !== null ? { v: entry[f], d: entry[`${f}_date`] } : { v: kpi[f], d: null };
  const [t, b, mn, mx] = [pick("target"), pick("baseline"), pick("min"), pick("max")];
  return { target: t.v, targetDate: t.d, baseline: b.v, baselineDate: b.d, min: mn.v, minDate: mn.d, max: mx.v, maxDate: mx.d };
}

export async function valueAt(ctx: Ctx, { docId, guid, date }: KpiAt): Promise<ValuesAtDate> {
  const defs = await scorecardKpis(ctx, docId);
  if (!defs.some((k) => k.guid === guid)) throw notFound("KPI");
  const [{ guid: _guid, ...values }] = (await valuesAt(ctx.deps, defs, [guid], date)) as [ValuesAtDate & { guid: string }];
  return values;
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
  return rows.map(({ kpiGuid: _k, updatedAt: _u, ...record }) => record);
}

export async function deleteValue(ctx: Ctx, { docId, guid, date }: KpiAt): Promise<void> {
  await kpiOf(ctx, docId, guid);
  const { deps } = ctx;
  await deps.db.transaction(async (tx) => {
    const watch = await alertsAround(tx, [guid]);
    await tx.delete(kpiValues).where(and(eq(kpiValues.kpiGuid, guid), eq(kpiValues.date, date)));
    await tx.update(scorecards).set({ updatedAt: deps.now() }).where(eq(scorecards.id, docId));
    await watch.after(deps.now());
  });
}

/** Items whose KPI is not a writable KPI of the scorecard, as 400/409 details. */
export function badWriteItems(defs: StoredKpi[], items: { guid: string }[], path: (i: number) => string) {
  const byGuid = new Map(defs.map((d) => [d.guid, d]));
  const unknown: ErrorDetail[] = [];
  const calculated: ErrorDetail[] = [];
  items.forEach((item, i) => {
    const kpi = byGuid.get(item.guid);
    if (!kpi) unknown.push({ path: path(i), message: "No such KPI in this scorecard" });
    else if (isCalculated(kpi)) calculated.push({ path: path(i), message: "This KPI is calculated; its values cannot be written" });
  });
  return { unknown, calculated };
}

const INSERT_CHUNK = 1000;

/**
 * Writes all items in one transaction (all or nothing). Each item sets only the fields it names;
 * items for the same KPI and date are merged in order. Returns each distinct record as stored.
 */
export async function writeValues(deps: Deps, docId: number, items: WriteItem[]): Promise<StoredRecord[]> {
  const merged = new Map<string, WriteItem>();
  for (const item of items) {
    const key = `${item.guid}|${item.date}`;
    merged.set(key, { ...merged.get(key), ...item });
  }
  // One multi-row upsert per combination of named fields, so unnamed fields keep their value.
  const groups = new Map<string, WriteItem[]>();
  for (const item of merged.values()) {
    const named = VALUE_FIELDS.filter((f) => item[f] !== undefined).join(",");
    groups.set(named, [...(groups.get(named) ?? []), item]);
  }
  const stored = new Map<string, StoredRecord>();
  await deps.db.transaction(async (tx) => {
    const watch = await alertsAround(tx, [...new Set(items.map((i) => i.guid))]);
    for (const [named, group] of groups) {
      const fields = named.split(",") as ValueField[];
      for (let i = 0; i < group.length; i += INSERT_CHUNK) {
        const rows = await upsert(tx, fields, group.slice(i, i + INSERT_CHUNK), deps.now());
        for (const row of rows) stored.set(`${row.kpiGuid}|${row.date}`, toRecord(row));
      }
    }
    await tx.update(scorecards).set({ updatedAt: deps.now() }).where(eq(scorecards.id, docId));
    await watch.after(deps.now());
  });
  return [...merged.keys()].map((key) => stored.get(key)!);
}

function upsert(tx: Tx, fields: ValueField[], items: WriteItem[], now: Date) {
  const set = Object.fromEntries([
    ...fields.map((f) => [f, sql.raw(`excluded."${f}"`)]),
    ["updatedAt", now],
  ]);
  return tx
    .insert(kpiValues)
    .values(items.map((item) => ({ kpiGuid: item.guid, date: item.date, updatedAt: now, ...Object.fromEntries(fields.map((f) => [f, item[f]])) })))
    .onConflictDoUpdate({ target: [kpiValues.kpiGuid, kpiValues.date], set })
    .returning();
}

export interface BatchWrite {
  docId: number;
  items: WriteItem[];
  /** How an item's index is named in error details (`items.3.guid` or `3.guid`). */
  path: (index: number) => string;
}

/** Validates and writes a batch for a scorecard: 400 for unknown KPIs, 409 for calculated ones. */
export async function writeBatch(ctx: Ctx, { docId, items, path }: BatchWrite) {
  const defs = await scorecardKpis(ctx, docId);
  const { unknown, calculated } = badWriteItems(defs, items, path);
  if (unknown.length) throw invalidRequest(`${unknown.length} item(s) name no KPI of this scorecard; nothing was written`, [...unknown, ...calculated]);
  if (calculated.length) throw conflict(`${calculated.length} item(s) name calculated KPIs; nothing was written`, calculated);
  return writeValues(ctx.deps, docId, items);
}

/** The single write: 404 for an unknown KPI, 409 for a calculated one. */
export async function writeOne(ctx: Ctx, { docId, item }: { docId: number; item: WriteItem }): Promise<ValueRecord> {
  const kpi = await kpiOf(ctx, docId, item.guid);
  if (isCalculated(kpi)) throw conflict("This KPI is calculated; its values cannot be written");
  const [{ guid: _g, ...record }] = (await writeValues(ctx.deps, docId, [item])) as [StoredRecord];
  return record;
}
