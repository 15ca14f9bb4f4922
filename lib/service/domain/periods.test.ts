import { describe, expect, it } from "vitest";
import { nextPeriodStart, periodsBetween, periodStart } from "./periods";

describe("period arithmetic at the ends of the calendar", () => {
  it("keeps the years 1-99 as they are", () => {
    expect(periodStart("0050-08-17", "QUARTER")).toBe("0050-07-01");
    expect(periodStart("0001-01-03", "WEEK")).toBe("0001-01-01");
    expect(periodsBetween("0099-11-15", "0100-02-01", "MONTH")!.map((s) => s.start)).toEqual(["0099-11-01", "0099-12-01", "0100-01-01", "0100-02-01"]);
  });

  it("ends the last period on 9999-12-31 and goes no further", () => {
    expect(nextPeriodStart("9999-12-31", "DAY")).toBeNull();
    expect(nextPeriodStart("9999-07-01", "HALF_YEAR")).toBeNull();
    expect(periodsBetween("9999-12-01", "9999-12-31", "DAY")).toHaveLength(31);
    expect(periodsBetween("9999-12-27", "9999-12-31", "WEEK")).toEqual([{ start: "9999-12-27", end: "9999-12-31" }]);
    expect(periodsBetween("9999-01-01", "9999-12-31", "YEAR")).toEqual([{ start: "9999-01-01", end: "9999-12-31" }]);
  });
});
