import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCalendarDate } from "./constants";

/** The plain reference: let Date roll the fields over and see whether they survive. */
function viaDate(y: number, m: number, d: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

describe("isCalendarDate", () => {
  it("agrees with Date on every year, month and day field, real or not", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const text = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
        expect(isCalendarDate(text)).toBe(viaDate(y, m, d));
      }),
      { numRuns: 20_000 },
    );
  });

  it("knows the leap-year rules and refuses other shapes", () => {
    expect(["2024-02-29", "2000-02-29", "0004-02-29", "9999-12-31", "0001-01-01"].map(isCalendarDate)).toEqual([true, true, true, true, true]);
    expect(["1900-02-29", "2023-02-29", "2023-04-31", "0000-01-01", "2024-1-01", "2024-01-01T00:00", " 2024-01-01"].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
