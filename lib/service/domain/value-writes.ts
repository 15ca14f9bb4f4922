import "server-only";
import { sql } from "drizzle-orm";
import { VALUE_FIELDS, type ValueField, type ValueRecord } from "@/lib/contract/values";
import type { Db, Tx } from "@/lib/db/client";
import { arrayValue } from "@/lib/db/array-params";
import { preparedStatement } from "@/lib/db/query";
import { withRetry } from "@/lib/db/retry";
import type { Ctx } from "../context";
import { authorOf, type ChangeAuthor } from "./change-context";
import { alertsAround, anyActiveAlert } from "./alert-evaluation";
import { requireNotesWhereOffTrack } from "./required-notes";
import type { StoredKpi } from "./scorecards";

// Writing KPI values: one transaction and one set-based statement per batch, whatever its size.
// The checks of what may be written (unknown or calculated KPIs) are the callers' (values.ts).

export type ValueFields = Partial<Record<ValueField, number | null>>;
export interface WriteItem extends ValueFields {
  guid: string;
  date: string;
}
export type StoredRecord = ValueRecord & { guid: string };

const FIELD_BITS: Record<ValueField, number> = { value: 1, target: 2, baseline: 4, min: 8, max: 16, score: 32 };

const byKpiAndDate = (a: WriteItem, b: WriteItem) => (a.guid !== b.guid ? (a.guid < b.guid ? -1 : 1) : a.date !== b.date ? (a.date < b.date ? -1 : 1) : 0);

/**
 * Items for the same KPI and date merged in the order sent, as one list sorted by KPI and date
 * and one in the order each record was first named. Sorting first (by KPI, date and position)
 * and merging neighbours costs a fraction of what a map keyed by KPI and date did.
 */
function mergeItems(items: WriteItem[]): { sorted: WriteItem[]; firstNamed: WriteItem[] } {
  const order = items.map((_, i) => i).sort((a, b) => byKpiAndDate(items[a]!, items[b]!) || a - b);
  const sorted: WriteItem[] = [];
  const byFirstIndex: (WriteItem | undefined)[] = new Array(items.length);
  for (let k = 0; k < order.length; ) {
    const first = order[k]!;
    let merged = items[first]!;
    for (k++; k < order.length && byKpiAndDate(items[order[k]!]!, merged) === 0; k++) merged = { ...merged, ...items[order[k]!]! };
    sorted.push(merged);
    byFirstIndex[first] = merged;
  }
  return { sorted, firstNamed: byFirstIndex.filter((item) => item !== undefined) };
}

type Kept = Pick<StoredRecord, "guid" | "date"> & Partial<Record<ValueField, number | null>>;

/** The mask of the fields an item names (FIELD_BITS). */
function namedFields(item: WriteItem): number {
  let mask = 0;
  for (const f of VALUE_FIELDS) if (item[f] !== undefined) mask |= FIELD_BITS[f];
  return mask;
}

const keep = (f: ValueField) => `${f} = CASE WHEN excluded.named_fields & ${FIELD_BITS[f]} <> 0 THEN excluded.${f} ELSE v.${f} END`;
const kept = (f: ValueField) => `CASE WHEN named_fields & ${FIELD_BITS[f]} = 0 THEN ${f} END AS ${f}`;
const keepsAny = VALUE_FIELDS.map((f) => `(named_fields & ${FIELD_BITS[f]} = 0 AND ${f} IS NOT NULL)`).join(" OR ");

// Built once (its text never changes); its inputs are the columns as array values (arrayValue).
type UpsertInput = { now: string; docId: number; author: string; guids: unknown; dates: unknown; masks: unknown } & Record<ValueField, unknown>;
const UPSERT = preparedStatement<UpsertInput>(
  (p) => sql`WITH authored AS (SELECT set_config('gauge.context', ${p.author}, true) AS author),
    touched AS (UPDATE scorecards SET updated_at = ${p.now}::timestamptz WHERE id = ${p.docId} AND (SELECT author FROM authored) IS NOT NULL RETURNING updated_at),
    written AS (
      INSERT INTO kpi_values AS v (kpi_guid, date, value, target, baseline, min, max, score, named_fields, updated_at)
      SELECT r.*, (SELECT updated_at FROM touched)
      FROM unnest(${p.guids}::uuid[], ${p.dates}::date[], ${p.value}::float8[], ${p.target}::float8[],
        ${p.baseline}::float8[], ${p.min}::float8[], ${p.max}::float8[], ${p.score}::float8[], ${p.masks}::int2[]) AS r
      ORDER BY 1, 2
      ON CONFLICT (kpi_guid, date) DO UPDATE SET ${sql.raw(VALUE_FIELDS.map(keep).join(", "))},
        named_fields = excluded.named_fields, updated_at = excluded.updated_at
      RETURNING kpi_guid, date, named_fields, value, target, baseline, min, max, score
    )
    SELECT kpi_guid::text AS guid, to_char(date, 'YYYY-MM-DD') AS date, ${sql.raw(VALUE_FIELDS.map(kept).join(", "))}
    FROM written WHERE ${sql.raw(keepsAny)}`,
);

/**
 * Upserts every record in one statement, in KPI and date order: concurrent batches lock the
 * rows they share in the same order, so they wait for each other instead of deadlocking. Each
 * record carries the mask of the fields it names; ON CONFLICT keeps the others. The records go
 * as one array per column (unnest): no per-row JSON to parse on either side.
 *
 * A stored field is either what its item sent or, for a field the item did not name, what the
 * row held before (null for a new row). Only rows keeping some non-null field come back, with
 * the fields they kept, by KPI and date: sending 5000 rows back was a sixth of a 5000-value write.
 * The same statement names the change's author for the history (see change-context.ts) and
 * marks the scorecard changed, first: the rows take their updated_at from
 * that update, so the scorecard is locked before any value or rollup, in the order every other writer of a
 * scorecard's values and KPIs takes them (editing the tree, deleting values).
 */
async function upsertSorted(tx: Db | Tx, docId: number, items: WriteItem[], now: Date, author: ChangeAuthor): Promise<Map<string, Kept>> {
  const masks = items.map(namedFields);
  const namedByAny = masks.reduce((all, mask) => all | mask, 0);
  // One array parameter per column (see arrayValue). A column no item names goes as an empty
  // array, which unnest pads with NULLs: a batch of values alone does not send (nor PostgreSQL
  // parse) five arrays of 5000 NULLs.
  const column = (f: ValueField) => arrayValue(tx, "float8", namedByAny & FIELD_BITS[f] ? items.map((item) => item[f] ?? null) : []);
  const keptRows = await UPSERT<Kept>(tx, {
    now: now.toISOString(),
    docId,
    author: JSON.stringify({ ...author, at: now.toISOString() }),
    guids: arrayValue(
      tx,
      "uuid",
      items.map((i) => i.guid),
    ),
    dates: arrayValue(
      tx,
      "date",
      items.map((i) => i.date),
    ),
    value: column("value"),
    target: column("target"),
    baseline: column("baseline"),
    min: column("min"),
    max: column("max"),
    score: column("score"),
    masks: arrayValue(tx, "int2", masks),
  });
  return new Map(keptRows.map((row) => [`${row.guid}|${row.date}`, row]));
}

const storedField = (item: WriteItem, kept: Kept | undefined, f: ValueField) => (item[f] !== undefined ? item[f] : (kept?.[f] ?? null));

/** The record as stored: the fields the item named, and those its row kept. */
function storedRecord(item: WriteItem, keptRows: Map<string, Kept>): StoredRecord {
  const kept = keptRows.size === 0 ? undefined : keptRows.get(`${item.guid}|${item.date}`);
  return {
    guid: item.guid,
    date: item.date,
    value: storedField(item, kept, "value"),
    target: storedField(item, kept, "target"),
    baseline: storedField(item, kept, "baseline"),
    min: storedField(item, kept, "min"),
    max: storedField(item, kept, "max"),
    score: storedField(item, kept, "score"),
  };
}

/**
 * Writes all items at once (all or nothing). Each item sets only the fields it names; items for
 * the same KPI and date are merged in order. Returns each distinct record as stored. `defs` are
 * the scorecard's KPIs, as the caller loaded them to check the items.
 *
 * A write that nothing must check afterwards (no active alert, no KPI requiring notes) is one
 * statement, atomic on its own: its row and rollup locks last while PostgreSQL runs it. In a
 * transaction they lasted until Node had sent the COMMIT, which under load meant queueing behind
 * other requests' work, and every batch touching the same KPIs waited as long.
 */
export async function writeValues(
  ctx: Ctx,
  docId: number,
  defs: StoredKpi[],
  items: WriteItem[],
  path: (index: number) => string = (i) => `items.${i}`,
): Promise<StoredRecord[]> {
  const { deps } = ctx;
  const author = authorOf(ctx, docId);
  const { sorted, firstNamed } = mergeItems(items);
  const guids = [...new Set(sorted.map((i) => i.guid))];
  const pathOf = ({ guid, date }: { guid: string; date: string }) =>
    [path(items.findIndex((i) => i.guid === guid && i.date === date)), "value"].filter(Boolean).join(".");
  const notesChecked = defs.some((k) => k.noteRequiredOffTrack && guids.includes(k.guid));
  return withRetry(async () => {
    const now = deps.now();
    if (!notesChecked && !(await anyActiveAlert(deps.db, guids))) {
      const keptRows = await upsertSorted(deps.db, docId, sorted, now, author);
      return firstNamed.map((item) => storedRecord(item, keptRows));
    }
    return deps.db.transaction(async (tx) => {
      const watch = await alertsAround(tx, guids, deps.config.dashboardUrl);
      const keptRows = await upsertSorted(tx, docId, sorted, now, author);
      const records = firstNamed.map((item) => storedRecord(item, keptRows));
      await requireNotesWhereOffTrack(tx, defs, records, pathOf);
      await watch.after(now);
      return records;
    });
  });
}
