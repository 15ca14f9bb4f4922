import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { EdmType, EntitySet, Property } from "./model";
import { ODataError, type Expr, type Literal } from "./options";

const SQL_CMP = { eq: "=", ne: "<>", gt: ">", ge: ">=", lt: "<", le: "<=" } as const;
const invalid = (message: string) => new ODataError(400, "BadRequest", message);

/** The literal as a parameter of the property's type; a literal of another kind is a 400 naming both. */
function typed(property: Property, value: Exclude<Literal, null>): SQL {
  const wrong = () => invalid(`${property.name} is ${property.type}: ${JSON.stringify(value)} is not one`);
  switch (property.type) {
    case "Edm.Int32":
    case "Edm.Double":
      if (typeof value !== "number") throw wrong();
      return property.type === "Edm.Int32" ? sql`${value}::int8` : sql`${value}::float8`;
    case "Edm.Boolean":
      if (typeof value !== "boolean") throw wrong();
      return sql`${value}::boolean`;
    case "Edm.Date":
      if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw wrong();
      return sql`${value}::date`;
    case "Edm.Guid":
      if (typeof value !== "string" || !/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(value)) throw wrong();
      return sql`${value}::uuid`;
    case "Edm.DateTimeOffset":
      if (typeof value !== "string" || Number.isNaN(Date.parse(value))) throw wrong();
      return sql`${value}::timestamptz`;
    default:
      if (typeof value !== "string") throw wrong();
      return sql`${value}::text`;
  }
}

const propertyNamed = (set: EntitySet, name: string) => set.properties.find((p) => p.name === name)!;

/** The filter as SQL over the set's columns. */
export function whereOf(expr: Expr, set: EntitySet): SQL {
  switch (expr.op) {
    case "and":
    case "or":
      return sql`(${whereOf(expr.left, set)} ${sql.raw(expr.op.toUpperCase())} ${whereOf(expr.right, set)})`;
    case "not":
      return sql`(NOT ${whereOf(expr.expr, set)})`;
    case "text": {
      const column = propertyNamed(set, expr.property);
      if (column.type !== "Edm.String") throw invalid(`${expr.fn}() reads text: ${expr.property} is ${column.type}`);
      const c = column.column!;
      if (expr.fn === "contains") return sql`(strpos(${c}, ${expr.value}) > 0)`;
      if (expr.fn === "startswith") return sql`(left(${c}, length(${expr.value}::text)) = ${expr.value})`;
      return sql`(right(${c}, length(${expr.value}::text)) = ${expr.value})`;
    }
    case "cmp": {
      const property = propertyNamed(set, expr.property);
      if (expr.value === null) {
        if (expr.cmp !== "eq" && expr.cmp !== "ne") throw invalid(`${expr.property} ${expr.cmp} null compares with nothing`);
        return expr.cmp === "eq" ? sql`(${property.column} IS NULL)` : sql`(${property.column} IS NOT NULL)`;
      }
      return sql`(${property.column} ${sql.raw(SQL_CMP[expr.cmp])} ${typed(property, expr.value)})`;
    }
  }
}

/** How a property's value goes out: dates as YYYY-MM-DD, GUIDs as text, numbers as numbers. */
export function selected(property: Property): SQL {
  const c = property.column!;
  const out: Record<EdmType, SQL> = {
    "Edm.Date": sql`to_char(${c}, 'YYYY-MM-DD')`,
    "Edm.Guid": sql`${c}::text`,
    "Edm.Double": sql`${c}::float8`,
    "Edm.Int32": sql`${c}::int4`,
    "Edm.DateTimeOffset": sql`to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    "Edm.Boolean": c,
    "Edm.String": c,
  };
  return sql`${out[property.type]} AS ${sql.identifier(property.name)}`;
}

// GUIDs compare whatever their case, as uuid columns do; other text exactly, as text columns do.
const guidCase = (v: unknown) => (typeof v === "string" && /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(v) ? v.toLowerCase() : v);
export const compare = (a: unknown, b: unknown) =>
  a === b ? 0 : a === null || a === undefined ? -1 : b === null || b === undefined ? 1 : (a as number) < (b as number) ? -1 : 1;

/** The filter as a test of a computed row (the Periods set), with the same meaning as the SQL. */
export function matches(expr: Expr, row: Record<string, unknown>): boolean {
  switch (expr.op) {
    case "and":
      return matches(expr.left, row) && matches(expr.right, row);
    case "or":
      return matches(expr.left, row) || matches(expr.right, row);
    case "not":
      return !matches(expr.expr, row);
    case "text": {
      const text = row[expr.property];
      if (typeof text !== "string") return false;
      return expr.fn === "contains" ? text.includes(expr.value) : expr.fn === "startswith" ? text.startsWith(expr.value) : text.endsWith(expr.value);
    }
    case "cmp": {
      const value = row[expr.property];
      if (expr.value === null) return (value === null) === (expr.cmp === "eq");
      if (value === null || value === undefined) return false;
      const order = compare(guidCase(value), guidCase(expr.value));
      return { eq: order === 0, ne: order !== 0, gt: order > 0, ge: order >= 0, lt: order < 0, le: order <= 0 }[expr.cmp];
    }
  }
}

/** Rows of a computed set in the order given. */
export function sortRows<T extends Record<string, unknown>>(rows: T[], order: { property: string; descending: boolean }[]): T[] {
  return [...rows].sort((a, b) => {
    for (const { property, descending } of order) {
      const c = compare(a[property], b[property]);
      if (c !== 0) return descending ? -c : c;
    }
    return 0;
  });
}
