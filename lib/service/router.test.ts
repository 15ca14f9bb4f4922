import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BatchSetValuesBody } from "@/lib/contract/values";
import { syncFirst } from "./router";

// Route bodies are validated by syncFirst(schema).safeParseAsync: it must answer exactly as the
// schema's own safeParseAsync, and still handle schemas that can only be parsed asynchronously.

const GUID = "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f";
const itemArb = fc.record(
  {
    guid: fc.oneof(fc.constant(GUID), fc.constant(GUID.toUpperCase()), fc.string()),
    date: fc.oneof(fc.constant("2024-02-29"), fc.constant("2023-02-29"), fc.string()),
    value: fc.oneof(fc.double(), fc.constant(null), fc.string()),
    target: fc.oneof(fc.integer(), fc.constant(null)),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);

describe("syncFirst", () => {
  it("validates a batch body exactly as the schema's own async parse: data, issues, paths and messages", async () => {
    const fast = syncFirst(BatchSetValuesBody);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ items: fc.array(itemArb, { maxLength: 6 }) }), fc.anything()), async (body) => {
        const [mine, theirs] = [await fast.safeParseAsync(body), await BatchSetValuesBody.safeParseAsync(body)];
        expect(mine.success).toBe(theirs.success);
        if (mine.success && theirs.success) expect(mine.data).toEqual(theirs.data);
        else expect(mine.error?.issues).toEqual(theirs.error?.issues);
      }),
      { numRuns: 500 },
    );
  });

  it("falls back to the async parse for a schema with an async refinement", async () => {
    const schema = z.object({ name: z.string().refine(async (name) => name !== "taken", "Name taken") });
    expect(() => schema.safeParse({ name: "free" })).toThrow();
    const fast = syncFirst(schema);
    expect(await fast.safeParseAsync({ name: "free" })).toEqual({ success: true, data: { name: "free" } });
    const refused = await fast.safeParseAsync({ name: "taken" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["Name taken"]);
  });
});
