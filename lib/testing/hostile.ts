// Generators of hostile requests derived from the OpenAPI document: every operation, its path
// parameters filled with real or hostile values, its body its own example with a field replaced
// by something hostile (or random JSON, or not JSON at all). Shared by the in-process fuzz test
// and the one over real HTTP.
import fc from "fast-check";

/** The classes of input that once answered 500, and their neighbours. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0000\u0000",
  "\t",
  "\r\n",
  "😀",
  "\ud800",
  "ü",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "null",
  "[]",
  "{}",
  "a".repeat(3000),
  "-1",
  "0",
  "1.5",
  "2147483648",
  "99999999999999999999",
  "1e309",
  "NaN",
  "9999-12-31",
  "0001-01-01",
  "0050-06-15",
  "0099-12-31",
  "10000-01-01",
  "0000-12-31",
  "2023-02-30",
  "2024-13-01",
];
export const HOSTILE_NUMBERS = [2147483648, 2147483647, -2147483649, 0, -1, 1e20, 1.5, Number.MAX_SAFE_INTEGER + 2, -0, 5e-324, 1e308];
/** Path segments as they appear on the wire (already percent-encoded, or deliberately broken). */
export const HOSTILE_SEGMENTS = [
  "",
  "0",
  "-1",
  "1e3",
  "00001",
  "99999999999999999999",
  "2147483648",
  "%zz",
  "%ff",
  "%E0%80",
  "%",
  "%00",
  "a%00b",
  "..",
  "%2e%2e",
  "%2F",
  "null",
  "%C3%BC",
  "1;DROP TABLE kpis",
  "a".repeat(300),
  "9999-12-31",
  "0001-01-01",
  "0050-06-15",
  "10000-01-01",
  "DAY",
  "YEAR",
  "msg_x",
];

/** One representative of each class, for a systematic sweep of every field. */
export const HOSTILE_CLASSES: unknown[] = [
  "nul\u0000",
  2147483648,
  -1,
  1e308,
  1.5,
  "9999-12-31",
  "0001-01-01",
  "10000-01-01",
  "",
  "a".repeat(3000),
  null,
  [],
  {},
  "😀\ud800",
];

export const hostileValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...HOSTILE_CLASSES) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, true, [null], { a: "\u0000" }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

type Json = unknown;

/** Every leaf path of a JSON value. */
export function leaves(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length ? value.flatMap((v, i) => leaves(v, [...path, i])) : [path];
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    return entries.length ? entries.flatMap(([k, v]) => leaves(v, [...path, k])) : [path];
  }
  return [path];
}

export function replaced(value: Json, path: (string | number)[], by: Json): Json {
  if (path.length === 0) return by;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, Json>;
  copy[head!] = replaced(copy[head!], rest, by);
  return copy;
}

/** An example body with one leaf (or a new field) replaced by something hostile; sometimes many items. */
export const mutatedBody = (example: Json) =>
  fc.oneof(
    fc.tuple(fc.nat(), hostileValue).map(([i, by]) => {
      const all = leaves(example);
      return replaced(example, all[i % all.length]!, by);
    }),
    fc
      .tuple(fc.constantFrom("name", "guid", "date", "email", "items", "extra", "webhookId", "threshold"), hostileValue)
      .map(([key, by]) => (example && typeof example === "object" && !Array.isArray(example) ? { ...example, [key]: by } : example)),
    fc.constant(example),
  );

export interface Operation {
  method: string;
  template: string;
  example?: Json;
}

type OpenApi = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>>;
  components: { schemas: Record<string, { example?: Json }> };
};

/** Every operation of the document with its request body's example. */
export function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const ref = op.requestBody?.content?.["application/json"]?.schema?.$ref;
      return { method: method.toUpperCase(), template, example: ref ? doc.components.schemas[ref.split("/").pop()!]?.example : undefined };
    }),
  );
}

/** The body a generated request sends: JSON of a mutated example, random JSON, or text that is not JSON. */
export const requestBody = (example: Json) =>
  fc.oneof(
    { weight: 5, arbitrary: mutatedBody(example ?? {}).map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom("{not json", '{"a":', "\u0000", "[1,2", `{"items":[${"1,".repeat(10)}]}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

export const CONTENT_TYPES = [
  undefined,
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "multipart/form-data",
  "application/x-www-form-urlencoded",
  "garbage/\u00ff",
];

/** Fills a path template: each `{param}` a real value of the account or a hostile segment. */
export const filledPath = (template: string, real: Record<string, string>) =>
  fc
    .array(fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) }), {
      minLength: 8,
      maxLength: 8,
    })
    .map((picks) => {
      let i = 0;
      return template.replace(/\{(\w+)\}/g, (_, name: string) => picks[i++] ?? real[name] ?? "1");
    });
