import "server-only";
import { defaultParser } from "@odata/parser";
import type { EntitySet } from "./model";

// OData query options, parsed by @odata/parser into its syntax tree and turned here into a small
// expression of our own, which becomes SQL (sets read from tables) or a test on computed rows
// (Periods). An option, operator or function we do not serve is refused by name, never ignored.

export class ODataError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 429 | 501,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type Literal = string | number | boolean | null;
type Comparison = "eq" | "ne" | "gt" | "ge" | "lt" | "le";
export type Expr =
  | { op: "and" | "or"; left: Expr; right: Expr }
  | { op: "not"; expr: Expr }
  | { op: "cmp"; cmp: Comparison; property: string; value: Literal }
  | { op: "text"; fn: "contains" | "startswith" | "endswith"; property: string; value: string };

/** A place in a read's order: the values of the order's properties, as text (null for none). */
export type Cursor = (string | null)[];

/** A $skiptoken read back; a bare number is a token of the earlier form (rows sent, read by offset). */
function readSkipToken(text: string | null): { sent: number; cursor: Cursor | null } {
  if (text === null) return { sent: 0, cursor: null };
  if (/^\d{1,9}$/.test(text)) return { sent: Number(text), cursor: null };
  const refused = () => new ODataError(400, "BadRequest", "This $skiptoken is not one the service gave: follow the nextLink as it came");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw refused();
  }
  if (!Array.isArray(parsed) || parsed.length < 2 || !Number.isSafeInteger(parsed[0]) || parsed[0] < 0) throw refused();
  if (!parsed.slice(1).every((v) => v === null || typeof v === "string")) throw refused();
  return { sent: parsed[0] as number, cursor: parsed.slice(1) as Cursor };
}

export interface QueryPlan {
  filter: Expr | null;
  select: string[] | null;
  orderBy: { property: string; descending: boolean }[];
  top: number | null;
  skip: number;
  /** Rows of this query already sent in earlier pages ($skiptoken of a nextLink). */
  token: number;
  /** Where the last page ended ($skiptoken of a nextLink); null on the first page. */
  cursor: Cursor | null;
  count: boolean;
  expand: string | null;
}

type Node = { type: string; value: unknown; raw?: string };

const COMPARISONS: Record<string, Comparison> = {
  EqualsExpression: "eq",
  NotEqualsExpression: "ne",
  GreaterThanExpression: "gt",
  GreaterOrEqualsExpression: "ge",
  LesserThanExpression: "lt",
  LesserOrEqualsExpression: "le",
};
const FLIPPED: Record<Comparison, Comparison> = { eq: "eq", ne: "ne", gt: "lt", ge: "le", lt: "gt", le: "ge" };
const NUMERIC = new Set(["Edm.SByte", "Edm.Byte", "Edm.Int16", "Edm.Int32", "Edm.Int64", "Edm.Decimal", "Edm.Double", "Edm.Single"]);

const unsupported = (what: string) => new ODataError(501, "NotImplemented", `${what} is not supported by this service`);
const invalid = (message: string) => new ODataError(400, "BadRequest", message);

/** The property a member expression names, checked against the set. */
function propertyOf(node: Node, set: EntitySet): string | null {
  if (node.type !== "FirstMemberExpression" && node.type !== "MemberExpression" && node.type !== "CommonExpression") return null;
  const raw = node.raw ?? "";
  if (!/^[A-Za-z_]\w*$/.test(raw)) throw unsupported(`The path ${raw}`);
  if (!set.properties.some((p) => p.name === raw)) throw invalid(`${set.name} has no property ${raw}`);
  return raw;
}

function literalOf(node: Node): Literal | undefined {
  if (node.type !== "Literal") return undefined;
  const raw = node.raw ?? "";
  const type = node.value as string;
  if (type === "null") return null;
  if (type === "Edm.String") return raw.slice(1, -1).replaceAll("''", "'");
  if (type === "Edm.Boolean") return raw === "true";
  if (NUMERIC.has(type)) return Number(raw);
  if (type === "Edm.Date" || type === "Edm.Guid" || type === "Edm.DateTimeOffset") return raw;
  throw unsupported(`A literal of type ${type}`);
}

function expressionOf(node: Node, set: EntitySet): Expr {
  const value = node.value as Record<string, unknown> & Node;
  switch (node.type) {
    case "Filter":
    case "BoolParenExpression":
    case "ParenExpression":
    case "CommonExpression":
      return expressionOf(value, set);
    case "AndExpression":
    case "OrExpression":
      return { op: node.type === "AndExpression" ? "and" : "or", left: expressionOf(value.left as Node, set), right: expressionOf(value.right as Node, set) };
    case "NotExpression":
      return { op: "not", expr: expressionOf(value, set) };
    case "MethodCallExpression": {
      const fn = value.method as string;
      if (fn !== "contains" && fn !== "startswith" && fn !== "endswith") throw unsupported(`The function ${fn}()`);
      const [target, text] = value.parameters as Node[];
      const property = propertyOf(target!, set);
      const literal = literalOf(text!);
      if (!property || typeof literal !== "string") throw invalid(`${fn}() takes a property and a string`);
      return { op: "text", fn, property, value: literal };
    }
  }
  const cmp = COMPARISONS[node.type];
  if (!cmp) throw unsupported(`The operator in "${node.raw ?? node.type}"`);
  const left = value.left as Node;
  const right = value.right as Node;
  for (const side of [left, right]) {
    const call = side.type === "MethodCallExpression" ? (side.value as { method: string }).method : null;
    if (call) throw unsupported(`The function ${call}()`);
  }
  const onLeft = propertyOf(left, set);
  const property = onLeft ?? propertyOf(right, set);
  const literal = onLeft ? literalOf(right) : literalOf(left);
  if (!property || literal === undefined) throw unsupported(`A comparison other than of a property with a literal ("${node.raw}")`);
  return { op: "cmp", cmp: onLeft ? cmp : FLIPPED[cmp], property, value: literal };
}

/** Splits "a, 'b,c', 3" at the commas outside quotes. */
function listItems(text: string): string[] {
  const items: string[] = [];
  let current = "";
  let quoted = false;
  for (const c of text) {
    if (c === "'") quoted = !quoted;
    if (c === "," && !quoted) {
      items.push(current.trim());
      current = "";
    } else current += c;
  }
  return [...items, current.trim()];
}

/**
 * `in` (OData 4.01) written as the `or` of `eq` it means: the parser reads OData 4.0, and Excel
 * and Power BI send `in` for a list filter.
 */
function withoutIn(filter: string): string {
  return filter.replace(/\b([A-Za-z_]\w*)\s+in\s+\(((?:[^()']|'(?:[^']|'')*')*)\)/g, (_, property: string, list: string) => {
    const items = listItems(list).filter(Boolean);
    if (items.length === 0) throw invalid(`${property} in (): the list is empty`);
    return `(${items.map((item) => `${property} eq ${item}`).join(" or ")})`;
  });
}

/**
 * Numbers with the type suffixes of OData v2 (`80D`, `2.5M`, `7L`), which clients such as the SAP
 * Cloud SDK still send, as plain numbers; text in quotes and GUIDs are left alone.
 */
const withoutNumberSuffixes = (filter: string) =>
  filter
    .split(/('(?:[^']|'')*')/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(
            /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)[dDmMfFlL]\b/gi,
            (match, number?: string) => number ?? match,
          ),
    )
    .join("");

function parseFilter(text: string, set: EntitySet): Expr {
  let tree: Node;
  try {
    tree = defaultParser.filter(withoutNumberSuffixes(withoutIn(text))) as unknown as Node;
  } catch (error) {
    if (error instanceof ODataError) throw error;
    throw invalid(`$filter could not be read: ${(error as Error).message}`);
  }
  return expressionOf(tree, set);
}

function parseOption(name: string, value: string): Node {
  try {
    const tree = defaultParser.query(`${name}=${encodeURIComponent(value)}`) as unknown as { value: { options: Node[] } };
    return tree.value.options[0]!;
  } catch (error) {
    throw invalid(`${name} could not be read: ${(error as Error).message}`);
  }
}

const OPTIONS = new Set(["$filter", "$select", "$orderby", "$top", "$skip", "$count", "$expand", "$format", "$skiptoken"]);
const KNOWN_UNSERVED = new Set(["$search", "$apply", "$compute", "$index", "$levels", "$schemaversion", "$deltatoken", "$id"]);

/** The query options of a request on `set`, checked. */
export function queryPlan(params: URLSearchParams, set: EntitySet): QueryPlan {
  for (const name of params.keys()) {
    if (KNOWN_UNSERVED.has(name)) throw unsupported(`The query option ${name}`);
    if (name.startsWith("$") && !OPTIONS.has(name)) throw invalid(`Unknown query option ${name}`);
  }
  const format = params.get("$format");
  if (format && !/^json(;.*)?$|^application\/json/.test(format)) throw unsupported(`$format=${format} (this service answers JSON)`);
  const number = (name: string) => {
    const text = params.get(name);
    if (text === null) return null;
    if (!/^\d{1,9}$/.test(text)) throw invalid(`${name} must be a whole number`);
    return Number(text);
  };
  const select = params.get("$select");
  const selected =
    select === null || select.trim() === "*" ? null : (parseOption("$select", select).value as { items: Node[] }).items.map((item) => item.raw ?? "");
  for (const name of selected ?? []) if (!set.properties.some((p) => p.name === name)) throw invalid(`${set.name} has no property ${name} ($select)`);
  const orderby = params.get("$orderby");
  const orderBy =
    orderby === null
      ? []
      : (parseOption("$orderby", orderby).value as { items: Node[] }).items.map((item) => {
          const { expr, direction } = item.value as { expr: Node; direction: number };
          const property = propertyOf(expr, set);
          if (!property) throw unsupported(`$orderby on ${expr.raw}`);
          return { property, descending: direction === -1 };
        });
  const expandText = params.get("$expand");
  let expand: string | null = null;
  if (expandText !== null) {
    if (/[(/]/.test(expandText) || expandText.includes(",")) throw unsupported("$expand of more than one navigation, or with options or paths");
    const items = (parseOption("$expand", expandText).value as { items: Node[] }).items;
    expand = items[0]?.raw ?? "";
    if (!set.navigation.some((n) => n.name === expand)) throw invalid(`${set.name} has no navigation property ${expand}`);
  }
  const count = params.get("$count");
  if (count !== null && count !== "true" && count !== "false") throw invalid("$count is true or false");
  const filter = params.get("$filter");
  const skipped = readSkipToken(params.get("$skiptoken"));
  return {
    filter: filter === null || filter.trim() === "" ? null : parseFilter(filter, set),
    select: selected,
    orderBy,
    top: number("$top"),
    skip: number("$skip") ?? 0,
    token: skipped.sent,
    cursor: skipped.cursor,
    count: count === "true",
    expand,
  };
}
