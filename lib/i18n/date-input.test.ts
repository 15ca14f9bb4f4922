import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDateInput, parseDateInput } from "./date-input";

describe("dates typed in the reader's language", () => {
  it("writes a date day first in Spanish and month first in English", () => {
    expect(formatDateInput("2025-12-01", "es")).toBe("01/12/2025");
    expect(formatDateInput("2025-12-01", "en")).toBe("12/01/2025");
    expect(formatDateInput("", "es")).toBe("");
  });

  it("reads a date as the language writes it, or as YYYY-MM-DD, and refuses what is no calendar date", () => {
    expect(parseDateInput("1/12/2025", "es")).toBe("2025-12-01");
    expect(parseDateInput("1.12.2025", "es")).toBe("2025-12-01");
    expect(parseDateInput("12/1/2025", "en")).toBe("2025-12-01");
    expect(parseDateInput("2025-12-01", "es")).toBe("2025-12-01");
    expect(parseDateInput("31/02/2025", "es")).toBeNull();
    expect(parseDateInput("13/31/2025", "en")).toBeNull();
    expect(parseDateInput("01/12/25", "es")).toBeNull();
    expect(parseDateInput("01/12", "es")).toBeNull();
    expect(parseDateInput("mañana", "es")).toBeNull();
  });

  it("reads back every date it writes, in both languages", () => {
    const day = fc
      .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2999-12-31T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.constantFrom("en", "es"), (iso, locale) => {
        expect(parseDateInput(formatDateInput(iso, locale), locale)).toBe(iso);
      }),
    );
  });
});
