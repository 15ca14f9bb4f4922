import "server-only";
import type { GroupedValues, Series } from "@/lib/contract/grouped";
import type { Period } from "@/lib/contract/kpis";
import type { Note } from "@/lib/contract/notes";
import type { Ctx, Deps } from "../context";
import { invalidRequest, notFound } from "../errors";
import type { Scale } from "./performance";
import { addDays, LAST_DATE, nextPeriodStart, periodsBefore, periodsBetween, periodStart, MAX_PERIODS, type PeriodSpan } from "./periods";
import type { ScaleChange } from "./scales";
import { JsonText } from "../json-body";
import { fingerprints, keepSeries, keptSeries, lastSeries, toKeep, type KeptSeries, type SeriesSlot } from "./grouped-cache";
import { scorecardKpis, type StoredKpi } from "./scorecards";
import { notesOf, scorecardNotes } from "./notes";
import { validDocId } from "./access";
import { computeSeries, dependencies, dependencyWalker, isCalculated, type Bucket, type KpiDef, type Prior, type SeriesCore } from "./series";
import { aggregateBuckets, firstValueDate, latestEntries, scaleChanges } from "./value-queries";

export function spansOrThrow(from: string, to: string, period: Period): PeriodSpan[] {
  if (from > to) throw invalidRequest("startDate is after endDate", [{ path: "endDate", message: "Must not be before startDate" }]);
  const spans = periodsBetween(from, to, period);
  if (!spans) {
    throw invalidRequest(`The range holds more than ${MAX_PERIODS} periods of ${period}`, [{ path: "endDate", message: `At most ${MAX_PERIODS} periods` }]);
  }
  return spans;
}

export interface SeriesRequest {
  /** Every KPI of the scorecard (formulas and containers may reach any of them). */
  defs: KpiDef[];
  wanted: string[];
  spans: PeriodSpan[];
  period: Period;
  /** Series of other KPIs over the same spans, computed before from the same data: read, not computed. */
  kept?: Map<string, SeriesCore>;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

type BucketSource = typeof aggregateBuckets;

/**
 * Series for the wanted KPIs over the spans: four SQL queries whatever the number of KPIs.
 * `readBuckets` is the rollups (days: the values); tests pass the raw-value computation.
 */
export async function seriesFor(
  deps: Deps,
  { defs, wanted, spans, period, kept = new Map() }: SeriesRequest,
  readBuckets: BucketSource = aggregateBuckets,
): Promise<Series[]> {
  const byGuid = new Map(defs.map((d) => [d.guid, d]));
  const entered = dependencyWalker(defs)(wanted, (g) => kept.has(g)).filter((g) => !kept.has(g) && !isCalculated(byGuid.get(g)!));
  const first = spans[0]!.start;
  const last = spans[spans.length - 1]!.end;
  // Scales are read over the update periods the range touches, whole: from the start of the
  // first to the end of the last (a day's target is its month's, entered up to the month's end).
  let scalesFrom = first;
  let scalesTo = last;
  for (const g of entered) {
    const interval = byGuid.get(g)!.updateInterval;
    const start = periodStart(first, interval);
    const end = nextPeriodStart(periodStart(last, interval), interval);
    if (start < scalesFrom) scalesFrom = start;
    if (end === null) scalesTo = LAST_DATE;
    else if (addDays(end, -1) > scalesTo) scalesTo = addDays(end, -1);
  }
  const enteredKpis = entered.map((guid) => ({ guid, grouping: byGuid.get(guid)!.grouping }));
  const [rows, latest, scalePrior, changes] = await Promise.all([
    readBuckets(deps.db, enteredKpis, period, first, last),
    latestEntries(deps.db, entered, first, false),
    scalesFrom === first ? null : latestEntries(deps.db, entered, scalesFrom, false),
    scaleChanges(deps.db, entered, scalesFrom, scalesTo),
  ]);
  // Rows name their period by its first day's number: the span it starts.
  const spanOf = new Map(spans.map((span, i) => [Date.parse(span.start) / DAY_MS, i]));
  const perKpi = entered.map(() => new Array<Bucket | undefined>(spans.length));
  for (const r of rows) {
    const agg = enteredKpis[r.kpi]!.grouping === "AVERAGE" && r.agg !== null ? r.agg / r.count : r.agg;
    perKpi[r.kpi]![spanOf.get(r.day)!] = { agg, last: r.last };
  }
  const buckets = new Map(entered.map((guid, i) => [guid, perKpi[i]!]));
  const prior = new Map<string, Prior>([...latest].map(([g, l]) => [g, { value: l.value }]));
  const scales = new Map<string, { prior: Partial<Scale>; changes: ScaleChange[] }>();
  for (const [g, l] of scalePrior ?? latest) scales.set(g, { prior: { target: l.target, baseline: l.baseline, min: l.min, max: l.max }, changes: [] });
  for (const c of changes) scales.get(c.guid)?.changes.push(c);
  return computeSeries({ kpis: defs, spans, period, today: isoDay(deps.now()), buckets, prior, scales, kept }, wanted);
}

export interface GroupedRequest {
  docId: number;
  period: Period;
  startDate: string;
  endDate: string;
  /** Only these KPIs (default: every KPI of the scorecard). */
  guids?: string[];
}

/** Grouped values without notes (public links; the API's answers add them, see groupedAnswer). */
export async function groupedValues(ctx: Ctx, request: GroupedRequest): Promise<GroupedValues> {
  return groupedOf(ctx.deps, await scorecardKpis(ctx, request.docId), request);
}

/** Notes by their KPI's GUID, in the order given. */
function byKpi(notes: Note[]): Map<string, Note[]> {
  const grouped = new Map<string, Note[]>();
  for (const note of notes) {
    const own = grouped.get(note.kpiGuid);
    if (own) own.push(note);
    else grouped.set(note.kpiGuid, [note]);
  }
  return grouped;
}

/** Series with their KPIs' notes as their last property, as the grouped read answers them. */
export function seriesWithNotes<S extends { guid: string }>(items: S[], notes: Note[]): (S & { notes: Note[] })[] {
  const ofKpi = byKpi(notes);
  return items.map((series) => ({ ...series, notes: ofKpi.get(series.guid) ?? [] }));
}

/** Grouped values of KPIs already read (with the caller's access checked): no query for them again. */
export async function groupedOf(deps: Deps, defs: KpiDef[], request: Omit<GroupedRequest, "docId">): Promise<GroupedValues> {
  const { period, startDate, endDate } = request;
  const spans = spansOrThrow(startDate, endDate, period);
  const items = await seriesFor(deps, { defs, wanted: wantedOrThrow(defs, request), spans, period });
  return { start: startDate, end: endDate, period, items };
}

/**
 * The KPIs a read asks for (default: every one), or a 404 for the first that is not there. With a
 * range, a bad range is the first error (400).
 */
function wantedOrThrow(defs: KpiDef[], { guids, ...range }: Partial<Omit<GroupedRequest, "docId">>): string[] {
  if (!guids) return defs.map((d) => d.guid);
  const known = new Set(defs.map((d) => d.guid));
  const missing = guids.find((g) => !known.has(g));
  if (missing) {
    if (range.period) spansOrThrow(range.startDate!, range.endDate!, range.period);
    throw notFound(`KPI ${missing}`);
  }
  return guids;
}

/**
 * The API's grouped read, written as JSON: what `groupedValues` answers (or, for `one` KPI, that
 * answer with its series as `item`), its series from grouped-cache.ts and its notes read anew.
 */
export async function groupedAnswer(ctx: Ctx, request: GroupedRequest & { one?: boolean }): Promise<JsonText> {
  const { docId, guids, startDate, endDate } = request;
  // The notes are read beside the KPIs (a round trip less), and answered only once that read has
  // checked the caller's access.
  const db = ctx.deps.db;
  const notes = !validDocId(docId)
    ? Promise.resolve([])
    : readAhead(guids ? notesOf(db, guids, startDate, endDate) : scorecardNotes(db, docId, startDate, endDate));
  const defs = await scorecardKpis(ctx, docId);
  return answerText(ctx.deps, defs, wantedOrThrow(defs, request), request, notes);
}

/** `groupedAnswer` over the KPIs' whole history: from their first value's period to today's, at most 1000 periods. */
export async function groupedAllTimeAnswer(
  ctx: Ctx,
  { docId, period, guids, one }: Omit<GroupedRequest, "startDate" | "endDate"> & { one?: boolean },
): Promise<JsonText> {
  const defs = await scorecardKpis(ctx, docId);
  const byGuid = new Map(defs.map((d) => [d.guid, d]));
  const wanted = wantedOrThrow(defs, { guids });
  const today = isoDay(ctx.deps.now());
  const entered = dependencies(defs, wanted).filter((g) => !isCalculated(byGuid.get(g)!));
  const first = (await firstValueDate(ctx.deps.db, entered)) ?? today;
  const earliest = periodsBefore(today, period, MAX_PERIODS - 1);
  const startDate = periodStart(first < earliest ? earliest : first > today ? today : first, period);
  return answerText(
    ctx.deps,
    defs,
    wanted,
    { docId, period, startDate, endDate: today, guids, one },
    readAhead(notesOf(ctx.deps.db, wanted, startDate, today)),
  );
}

/** A read started before checks that may throw: its own failure then goes unreported, not unhandled. */
function readAhead<T>(read: Promise<T>): Promise<T> {
  read.catch(() => {});
  return read;
}

async function answerText(
  deps: Deps,
  defs: StoredKpi[],
  wanted: string[],
  request: GroupedRequest & { one?: boolean },
  notes: Promise<Note[]>,
): Promise<JsonText> {
  const { period, startDate, endDate, one } = request;
  const [series, notesOfKpis] = await Promise.all([keptOrComputed(deps, defs, wanted, request), notes.then(byKpi)]);
  // The answer's properties in the order of the objects `groupedValues` answers (the tests compare bytes).
  const head = { start: startDate, end: endDate, period };
  const pieces: Buffer[] = [Buffer.from(`${JSON.stringify(head).slice(0, -1)},${one ? `"item":` : `"items":[`}`)];
  series.forEach(({ json }, i) => {
    // Each series' JSON ends with its closing brace: its notes go in before it, as its last property.
    const notes = `,"notes":${JSON.stringify(notesOfKpis.get(wanted[i]!) ?? [])}}${i < series.length - 1 ? "," : ""}`;
    pieces.push(json.subarray(0, -1), Buffer.from(notes));
  });
  pieces.push(Buffer.from(one ? "}" : "]}"));
  return new JsonText(pieces);
}

/**
 * The wanted series, kept (grouped-cache.ts) or computed and kept. A series is what it was while
 * every KPI it reads keeps its data version; those computed read the kept series they depend on.
 * Everything is looked up and the new series marked as being computed before the first await, so
 * a call only ever waits for series that calls before it began.
 */
function keptOrComputed(deps: Deps, defs: StoredKpi[], wanted: string[], { period, startDate, endDate }: GroupedRequest): Promise<KeptSeries[]> {
  const fingerprint = fingerprints(deps.db, defs, isoDay(deps.now()));
  const slotOf = (guid: string): SeriesSlot => ({ key: `${guid} ${period} ${startDate} ${endDate}`, fingerprint: fingerprint.get(guid)! });
  const series = new Map<string, Promise<KeptSeries>>();
  for (const guid of wanted) {
    const kept = keptSeries(deps.db, slotOf(guid));
    if (kept) series.set(guid, kept);
  }
  const missing = [...new Set(wanted.filter((g) => !series.has(g)))];
  // A kept series was computed for a valid range: the range is checked (and spans made) otherwise.
  if (missing.length > 0 || wanted.length === 0) {
    const spans = spansOrThrow(startDate, endDate, period);
    const keptDeps = new Map<string, Promise<KeptSeries>>();
    dependencyWalker(defs)(missing, (guid) => {
      const kept = keptSeries(deps.db, slotOf(guid));
      if (kept) keptDeps.set(guid, kept);
      return kept !== undefined;
    });
    // What was kept for the slots before this computation takes them: points that come out the same reuse its JSON.
    const before = missing.map((guid) => lastSeries(deps.db, slotOf(guid)));
    const computed = (async () => {
      const kept = new Map<string, SeriesCore>();
      for (const [guid, one] of keptDeps) kept.set(guid, (await one).core);
      return toKeep(await seriesFor(deps, { defs, wanted: missing, spans, period, kept }), before);
    })();
    missing.forEach((guid, i) => {
      const one = computed.then((list) => list[i]!);
      keepSeries(deps.db, slotOf(guid), one);
      series.set(guid, one);
    });
  }
  return Promise.all(wanted.map((guid) => series.get(guid)!));
}
