import "server-only";
import { MAPPED_FIGURES, type ConnectorMapping, type Notice, type Rejection } from "@/lib/contract/connectors";
import { isCalendarDate, outsideValidRange, MAX_MAGNITUDE, type Period } from "@/lib/contract/constants";
import { periodStart } from "../domain/periods";
import type { StoredKpi } from "../domain/scorecards";
import { isCalculated } from "../domain/series";
import type { WriteItem } from "../domain/value-writes";
import type { SourceRow } from "./sources/limits";
import { jsonPath } from "./sources/documents";

export const MAX_REJECTIONS_KEPT = 200;

/** The field of a row a mapping names: a JSONPath (from `$`), else a column, matched exactly or ignoring case. */
function pick(row: SourceRow, spec: string): unknown {
  if (spec.startsWith("$")) return jsonPath(spec, row, false);
  if (spec in row) return row[spec];
  const lower = spec.toLowerCase();
  const key = Object.keys(row).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : row[key];
}

/** A number from a source: a number, or text such as "1234.5", "-3e2" or "12,5". */
function numberOf(raw: unknown): number | null | "bad" {
  if (raw === null || raw === undefined || raw === "") return null;
  if (typeof raw === "number") return Number.isFinite(raw) && Math.abs(raw) <= MAX_MAGNITUDE ? raw : "bad";
  if (typeof raw === "bigint") return numberOf(Number(raw));
  if (typeof raw !== "string") return "bad";
  const text = raw.trim().replace(/\s/g, "");
  const normal = /^[-+]?\d+,\d+$/.test(text) ? text.replace(",", ".") : text;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normal)) return "bad";
  return numberOf(Number(normal));
}

/** A date from a source: YYYY-MM-DD (a time after it is dropped), or a Date (its UTC day). */
export function dateOf(raw: unknown): string | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.toISOString().slice(0, 10);
  if (typeof raw !== "string") return null;
  const day = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(raw.trim())?.[1];
  return day && isCalendarDate(day) ? day : null;
}

/** The fields a mapping reads from each row, its value's named by `valueSpec`. */
const specsOf = (mapping: ConnectorMapping, valueSpec: string | undefined) =>
  [mapping.kpiGuid ? undefined : (mapping.kpi ?? "kpi"), mapping.date, valueSpec, ...MAPPED_FIGURES.map((f) => mapping[f])].filter((spec): spec is string =>
    Boolean(spec),
  );

/** The columns a mapping reads, or null when it may read any: a JSONPath, or a value taken from each row's first column. */
export function columnsRead(mapping: ConnectorMapping): string[] | null {
  if (mapping.kpiGuid && !mapping.date && !mapping.value) return null;
  const specs = specsOf(mapping, mapping.value ?? "value");
  return specs.some((spec) => spec.startsWith("$")) ? null : specs;
}

const shown = (raw: unknown) => (raw instanceof Date ? raw.toISOString() : typeof raw === "string" ? `"${raw.slice(0, 80)}"` : String(raw));

interface MapContext {
  kpis: StoredKpi[];
  mapping: ConnectorMapping;
  /** The date every row gets when the mapping has none: the period's start, or today's period. */
  dateFor?: (kpi: StoredKpi) => string;
  lockedUntil: string | null;
}

/** A row dated in a locked period: rejected only when it would change what is stored. */
export interface LockedRow {
  item: WriteItem;
  rejection: Rejection;
}

export interface Mapped {
  items: WriteItem[];
  rejections: Rejection[];
  rowsRejected: number;
  locked: LockedRow[];
  notices: Notice[];
}

const periodWord = (interval: Period) => interval.toLowerCase().replace("_", "-");

/** The notice for a KPI's rows dated inside its periods, each adding to its period's total. */
function insidePeriodNotice(kpi: StoredKpi, rows: number, date: string, start: string): Notice {
  const period = periodWord(kpi.updateInterval as Period);
  const these = rows === 1 ? "1 row" : `${rows} rows`;
  return {
    kind: "insidePeriod",
    guid: kpi.guid,
    kpi: kpi.name,
    interval: kpi.updateInterval as Period,
    rows,
    date,
    periodStart: start,
    message:
      `${these} of ${kpi.name} ${rows === 1 ? "is" : "are"} dated inside a ${period} (${date} is in the ${period} of ${start}), and ${kpi.name} sums its values: ` +
      `each adds to its ${period}'s total. If a row is the ${period}'s total, set the mapping's offPeriod to periodStart (or to reject)`,
  };
}

/** Turns source rows into value items; a row that cannot be written is rejected with its reason, never silently. */
export function mapRows(rows: SourceRow[], ctx: MapContext, firstRow = 1): Mapped {
  const byGuid = new Map(ctx.kpis.map((k) => [k.guid.toLowerCase(), k]));
  const byName = new Map<string, StoredKpi | null>();
  for (const kpi of ctx.kpis) byName.set(kpi.name, byName.has(kpi.name) ? null : kpi);
  const byLowerName = new Map<string, StoredKpi | null>();
  for (const kpi of ctx.kpis) byLowerName.set(kpi.name.toLowerCase(), byLowerName.has(kpi.name.toLowerCase()) ? null : kpi);
  const { mapping } = ctx;
  const fixed = mapping.kpiGuid ? byGuid.get(mapping.kpiGuid.toLowerCase()) : undefined;
  const items: WriteItem[] = [];
  const locked: LockedRow[] = [];
  const rejections: Rejection[] = [];
  const inside = new Map<StoredKpi, { rows: number; date: string; start: string }>();
  let rowsRejected = 0;
  rows.forEach((row, i) => {
    const valueSpec = mapping.value ?? (mapping.kpiGuid && !mapping.date ? Object.keys(row)[0] : "value");
    // A rejection shows what the mapping read (KPI, date, figures), never the rest of the source row.
    const read = () => {
      const fields = specsOf(mapping, valueSpec).map((spec) => [spec, pick(row, spec)] as const);
      return Object.fromEntries(fields.filter(([, v]) => v !== undefined).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
    };
    const reject = (reason: string) => {
      rowsRejected++;
      if (rejections.length < MAX_REJECTIONS_KEPT) rejections.push({ row: i + firstRow, reason, data: read() });
    };
    let kpi: StoredKpi | undefined | null;
    if (mapping.kpiGuid) {
      kpi = fixed;
      if (!kpi) return reject(`The scorecard has no KPI ${mapping.kpiGuid}`);
    } else {
      const named = pick(row, mapping.kpi ?? "kpi");
      const text = typeof named === "string" || typeof named === "number" ? String(named).trim() : "";
      if (!text) return reject(`No KPI in column ${mapping.kpi ?? "kpi"}`);
      kpi = byGuid.get(text.toLowerCase()) ?? byName.get(text) ?? byLowerName.get(text.toLowerCase());
      if (kpi === null) return reject(`More than one KPI of this scorecard is named ${text}: name it by GUID`);
      if (!kpi) return reject(`No KPI of this scorecard is named ${text}`);
    }
    if (kpi.indicatorType === "CONTAINER") return reject(`${kpi.name} is a container: its value comes from its children`);
    if (isCalculated(kpi)) return reject(`${kpi.name} is calculated: its values cannot be written`);
    let date: string | null;
    let offStart: string | null = null;
    if (mapping.date) {
      const raw = pick(row, mapping.date);
      date = dateOf(raw);
      if (!date) return reject(`The date ${shown(raw)} is not a date (YYYY-MM-DD)`);
      // A KPI that sums adds every value dated in its period: a row dated inside one adds to its total.
      if (kpi.grouping === "SUM" && kpi.updateInterval !== "DAY") {
        const start = periodStart(date, kpi.updateInterval as Period);
        if (start !== date) {
          const period = periodWord(kpi.updateInterval as Period);
          if (mapping.offPeriod === "reject") {
            return reject(
              `${date} is inside the ${period} of ${start}, and ${kpi.name} sums its values: date the row ${start}, or set the mapping's offPeriod to periodStart to write it there as the ${period}'s total`,
            );
          }
          if (mapping.offPeriod === "periodStart") date = start;
          else offStart = start;
        }
      }
    } else date = ctx.dateFor!(kpi);
    const item: WriteItem = { guid: kpi.guid, date };
    const raw = valueSpec === undefined ? undefined : pick(row, valueSpec);
    const value = numberOf(raw);
    if (value === "bad") return reject(`The value ${shown(raw)} is not a number`);
    if (value !== null) item.value = value;
    for (const figure of MAPPED_FIGURES) {
      const spec = mapping[figure];
      if (!spec) continue;
      const n = numberOf(pick(row, spec));
      if (n === "bad") return reject(`The ${figure} ${shown(pick(row, spec))} is not a number`);
      if (n !== null) item[figure] = n;
    }
    if (Object.keys(item).length === 2) return reject(`No value in ${valueSpec ?? "the row"}`);
    const outside = outsideValidRange(item.value, kpi);
    if (outside) return reject(`${kpi.name}: ${outside}`);
    if (ctx.lockedUntil && date <= ctx.lockedUntil) {
      return void locked.push({
        item,
        rejection: { row: i + firstRow, reason: `${date} is in a locked period (locked until ${ctx.lockedUntil})`, data: read() },
      });
    }
    items.push(item);
    if (offStart) {
      const seen = inside.get(kpi);
      if (seen) seen.rows++;
      else inside.set(kpi, { rows: 1, date, start: offStart });
    }
  });
  const notices = [...inside].map(([kpi, seen]) => insidePeriodNotice(kpi, seen.rows, seen.date, seen.start));
  return { items, rejections, rowsRejected, locked, notices };
}
