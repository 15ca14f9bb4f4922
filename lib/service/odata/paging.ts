import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { isCalendarDate } from "@/lib/contract/constants";
import type { EdmType, EntitySet } from "./model";
import { type Cursor, ODataError, type QueryPlan } from "./options";

// Pages continue by key: a nextLink's $skiptoken carries the last row's place in the order
// (its $orderby values, then its key), and the next page reads the rows after it. A deep page
// costs what the first does (OFFSET would read and drop every row before it), and rows written
// between two pages neither repeat nor go missing before the cursor.

/** The properties a set's rows are ordered by: $orderby's, then the set's own order (its key). */
export function orderOf(set: EntitySet, plan: QueryPlan): { property: string; descending: boolean }[] {
  return [...plan.orderBy, ...tieOrder(set).map((property) => ({ property, descending: false }))];
}

/** The order that makes a row's place unique: the key, and for Periods the scorecard first (pages then follow scorecards). */
export const tieOrder = (set: EntitySet) => (set.name === "Periods" ? ["ScorecardId", ...set.key] : set.key);

/** The $skiptoken of a nextLink: how many rows were sent, and the place of the last one. */
export const skipToken = (sent: number, cursor: Cursor) => Buffer.from(JSON.stringify([sent, ...cursor])).toString("base64url");

/** Whether a cursor's text can be a value of the type (so the cast in SQL cannot fail). */
const FITS: Record<EdmType, (text: string) => boolean> = {
  "Edm.Int32": (t) => /^-?\d{1,18}$/.test(t),
  "Edm.Double": (t) => /^(-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?|NaN|-?Infinity)$/i.test(t),
  "Edm.Date": isCalendarDate,
  "Edm.Guid": (t) => /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(t),
  "Edm.DateTimeOffset": (t) => /^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(t) && !Number.isNaN(Date.parse(t.replace(" ", "T"))),
  "Edm.Boolean": (t) => t === "true" || t === "false",
  "Edm.String": () => true,
};

const CAST: Record<EdmType, string> = {
  "Edm.Int32": "int8",
  "Edm.Double": "float8",
  "Edm.Date": "date",
  "Edm.Guid": "uuid",
  "Edm.DateTimeOffset": "timestamptz",
  "Edm.Boolean": "boolean",
  "Edm.String": "text",
};

/** The read's order with its properties, once the cursor is seen to be a place in it (a 400 otherwise). */
export function checkedOrder(set: EntitySet, plan: QueryPlan, cursor: Cursor) {
  const order = orderOf(set, plan).map((o) => ({ ...o, property: set.properties.find((p) => p.name === o.property)! }));
  const fits = cursor.length === order.length && order.every((o, i) => cursor[i] === null || FITS[o.property.type](cursor[i]!));
  if (!fits) throw new ODataError(400, "BadRequest", "This $skiptoken belongs to another query: follow the nextLink as it came");
  return order;
}

/**
 * The rows after `cursor` in the order `ORDER BY … ASC NULLS FIRST / DESC NULLS LAST` reads them:
 * equal on the first properties and beyond on the next, for each length of that prefix.
 */
export function afterCursor(set: EntitySet, plan: QueryPlan, cursor: Cursor): SQL {
  const order = checkedOrder(set, plan, cursor);
  const value = (i: number) => sql`${cursor[i]}::${sql.raw(CAST[order[i]!.property.type])}`;
  const branches = order.map((o, i) => {
    const column = o.property.column!;
    const equal = order.slice(0, i).map((p, j) => (cursor[j] === null ? sql`${p.property.column!} IS NULL` : sql`${p.property.column!} = ${value(j)}`));
    const beyond =
      cursor[i] === null
        ? o.descending
          ? sql`FALSE`
          : sql`${column} IS NOT NULL`
        : o.descending
          ? sql`(${column} < ${value(i)} OR ${column} IS NULL)`
          : sql`${column} > ${value(i)}`;
    return sql`(${sql.join([...equal, beyond], sql` AND `)})`;
  });
  return sql`(${sql.join(branches, sql` OR `)})`;
}

/** The columns that place a row read from a table in the order, as text, named `__place0`, `__place1`, … */
export function placeColumns(set: EntitySet, plan: QueryPlan): SQL[] {
  return orderOf(set, plan).map((o, i) => sql`${set.properties.find((p) => p.name === o.property)!.column!}::text AS ${sql.identifier(`__place${i}`)}`);
}

/** A row's place (from its `__place` columns, which are removed), for the next page's cursor. */
export function takePlace(row: Record<string, unknown>, length: number): Cursor {
  const place = Array.from({ length }, (_, i) => (row[`__place${i}`] ?? null) as string | null);
  for (let i = 0; i < length; i++) delete row[`__place${i}`];
  return place;
}
