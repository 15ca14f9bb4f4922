import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { accountWithScorecards, createTestApi } from "@/lib/testing/api";
import { JsonText, jsonChunks } from "./json-body";

const jsonBytes = (value: unknown) => Buffer.concat(jsonChunks(value));
const same = (value: unknown) => void expect(jsonBytes(value)).toEqual(Buffer.from(JSON.stringify(value) ?? "null"));

describe("jsonChunks", () => {
  it("gives the bytes of JSON.stringify for any JSON value, top-level arrays and objects of arrays included", () => {
    const anything = fc.jsonValue();
    fc.assert(fc.property(anything, same), { numRuns: 500 });
    fc.assert(fc.property(fc.array(anything, { maxLength: 50 }), same), { numRuns: 200 });
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.oneof(fc.array(anything, { maxLength: 30 }), anything)), same), { numRuns: 300 });
  });

  it("leaves out what JSON.stringify leaves out and keeps what toJSON gives", () => {
    same({ a: undefined, b: () => 1, c: Symbol("s"), d: [undefined, () => 1], e: new Date(0), f: null });
    same([undefined, new Date(86_400_000), { toJSON: () => "custom" }]);
    same({ toJSON: () => ({ replaced: true }) });
    same(Object.assign([1, 2], { toJSON: () => "array's own" }));
    same({ list: Object.assign([1, 2], { toJSON: () => "array's own" }) });
    same({});
    same([]);
  });

  it("keeps text whole across its chunks: many pieces, multi-byte characters and surrogate pairs at every offset", () => {
    const items = Array.from({ length: 4000 }, (_, i) => ({ i, name: "é€😀".repeat(i % 7) + "x".repeat(i % 13), lone: i % 500 === 0 ? "\ud800" : "" }));
    expect(jsonChunks({ head: "ünïcode", items }).length).toBeGreaterThan(2);
    const bytes = jsonBytes({ head: "ünïcode", items });
    expect(bytes.equals(Buffer.from(JSON.stringify({ head: "ünïcode", items })))).toBe(true);
  });
});

describe("JsonText", () => {
  it("goes out as its pieces' bytes in order, in chunks of at least 64 KiB but the last", () => {
    const piece = fc.oneof(fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ minLength: 20_000, maxLength: 90_000 }));
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), (arrays) => {
        const pieces = arrays.map((a) => Buffer.from(a));
        const chunks = jsonChunks(new JsonText(pieces));
        expect(Buffer.concat(chunks).equals(Buffer.concat(pieces))).toBe(true);
        chunks.slice(0, -1).forEach((chunk) => expect(chunk.length).toBeGreaterThanOrEqual(64 * 1024));
      }),
      { numRuns: 100 },
    );
  });
});

describe("API answers", () => {
  it("are JSON with its type, the same bytes as JSON.stringify of what they carry", async () => {
    const database = await openDatabase({ memory: true });
    try {
      const api = createTestApi(database.db);
      const { auth, scorecardIds } = await accountWithScorecards(api, database.db, "bytes@example.com", [
        { name: "Bytes", kpis: Array.from({ length: 30 }, (_, i) => ({ name: `KPI ${i} ✓`, updateInterval: "DAY" as const, target: 10 })) },
      ]);
      const response = await api.call(`/api/document/${scorecardIds[0]}/kpi/indicators/grouped-value/DAY/2024-01-01/2024-12-31`, { headers: auth });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(64 * 1024);
      const answer = JSON.parse(bytes.toString("utf8"));
      expect(answer.items.map((s: { name: string }) => s.name)).toContain("KPI 29 ✓");
      expect(bytes.equals(Buffer.from(JSON.stringify(answer)))).toBe(true);
    } finally {
      await database.close();
    }
  });
});
