import { describe, expect, it } from "vitest";
import { filtersFrom } from "./filters";

const today = new Date("2026-11-23T10:00:00Z");

describe("the chart filters in the URL", () => {
  it("takes a valid range as it is", () => {
    expect(filtersFrom({ period: "QUARTER", from: "2025-01-01", to: "2025-12-31" }, today)).toEqual({
      period: "QUARTER",
      from: "2025-01-01",
      to: "2025-12-31",
    });
  });

  it("says why an inverted or malformed range was replaced by the default", () => {
    expect(filtersFrom({ from: "2026-05-01", to: "2026-01-01" }, today)).toEqual({
      period: "MONTH",
      from: "2025-12-01",
      to: "2026-11-23",
      problem: { key: "reversed", from: "2026-05-01", to: "2026-01-01" },
    });
    expect(filtersFrom({ from: "2026-02-30", to: "2026-03-01" }, today).problem).toEqual({ key: "notDate", value: "2026-02-30", field: "from" });
    expect(filtersFrom({}, today).problem).toBeUndefined();
  });
});
