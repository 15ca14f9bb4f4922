import { describe, expect, it } from "vitest";
import { filtersFrom } from "./filters";

const today = new Date("2026-11-23T10:00:00Z");

describe("the chart filters in the URL", () => {
  it("takes a valid range as it is", () => {
    expect(filtersFrom({ period: "QUARTER", from: "2025-01-01", to: "2025-12-31" }, today)).toEqual({ period: "QUARTER", from: "2025-01-01", to: "2025-12-31" });
  });

  it("says why an inverted or malformed range was replaced by the default", () => {
    expect(filtersFrom({ from: "2026-05-01", to: "2026-01-01" }, today)).toEqual({
      period: "MONTH",
      from: "2025-12-01",
      to: "2026-11-23",
      problem: "The range 2026-05-01 to 2026-01-01 ends before it starts, so the default range is shown.",
    });
    expect(filtersFrom({ from: "2026-02-30", to: "2026-03-01" }, today).problem).toBe("“2026-02-30” (from) is not a date as yyyy-mm-dd, so the default range is shown.");
    expect(filtersFrom({}, today).problem).toBeUndefined();
  });
});
