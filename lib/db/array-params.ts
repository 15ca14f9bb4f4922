import "server-only";
import { is } from "drizzle-orm";
import { NodePgDatabase, NodePgTransaction } from "drizzle-orm/node-postgres";
import { isCalendarDate } from "@/lib/contract/constants";
import type { Db, Tx } from "./client";

// Array parameters for set-based statements (unnest). node-postgres sends a Buffer as it is, in
// PostgreSQL's binary format, which the server reads without parsing any text: a batch's arrays
// (uuid, date, float8, smallint) cost about half of what text arrays did (npm run bench -- grouped).
// PGlite takes its parameters as text only, so it gets plain arrays.

const OID = { uuid: 2950, date: 1082, float8: 701, int2: 21 } as const;
const WIDTH = { uuid: 16, date: 4, float8: 8, int2: 2 } as const;
type ElementType = keyof typeof OID;

const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const DAY_MS = 86_400_000;

const write: { [T in ElementType]: (buffer: Buffer, offset: number, value: T extends "uuid" | "date" ? string : number) => void } = {
  uuid(buffer, offset, value) {
    if (value.length !== 36 || buffer.write(value.replaceAll("-", ""), offset, "hex") !== 16) throw new Error(`Not a UUID: ${value}`);
  },
  date(buffer, offset, value) {
    // Date.parse would take 2024-02-30 for March 1st, where PostgreSQL refuses it.
    if (!isCalendarDate(value)) throw new Error(`Not a date: ${value}`);
    buffer.writeInt32BE((Date.parse(value) - PG_EPOCH_MS) / DAY_MS, offset);
  },
  // -0 goes as 0, as it does in text (String(-0) is "0"): both databases store the same.
  float8: (buffer, offset, value) => buffer.writeDoubleBE(value === 0 ? 0 : value, offset),
  int2: (buffer, offset, value) => buffer.writeInt16BE(value, offset),
};

/** A one-dimensional array in the binary format of PostgreSQL's array_send. */
function binaryArray<T extends ElementType>(type: T, values: readonly (Parameters<(typeof write)[T]>[2] | null)[]): Buffer {
  const width = WIDTH[type];
  const nulls = values.reduce((n: number, v) => (v === null ? n + 1 : n), 0);
  const buffer = Buffer.allocUnsafe(values.length === 0 ? 12 : 20 + values.length * 4 + (values.length - nulls) * width);
  buffer.writeInt32BE(values.length === 0 ? 0 : 1, 0); // dimensions
  buffer.writeInt32BE(nulls > 0 ? 1 : 0, 4);
  buffer.writeInt32BE(OID[type], 8);
  if (values.length === 0) return buffer;
  buffer.writeInt32BE(values.length, 12);
  buffer.writeInt32BE(1, 16); // lower bound
  let offset = 20;
  // A run of equal values (a sorted batch's GUIDs) is encoded once, then copied from the element before.
  let previous: (typeof values)[number] = null;
  for (const value of values) {
    if (value === null) {
      buffer.writeInt32BE(-1, offset);
      offset += 4;
      previous = null;
      continue;
    }
    buffer.writeInt32BE(width, offset);
    if (value === previous) buffer.copyWithin(offset + 4, offset - width, offset);
    else (write[type] as (b: Buffer, o: number, v: typeof value) => void)(buffer, offset + 4, value);
    previous = value;
    offset += 4 + width;
  }
  return buffer;
}

const sendsBinary = (db: Db | Tx) => is(db, NodePgTransaction) || is(db, NodePgDatabase);

type Elements<T extends ElementType> = readonly (Parameters<(typeof write)[T]>[2] | null)[];

/** `values` as the value of one `type[]` parameter: binary for PostgreSQL, the list itself for PGlite. */
export const arrayValue = <T extends ElementType>(db: Db | Tx, type: T, values: Elements<T>): unknown => (sendsBinary(db) ? binaryArray(type, values) : values);
