import fc from "fast-check";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import esMessages from "@/messages/es.json";
import { formatsFor } from "./i18n/server";

const { pair: formatPair, score: formatScore } = formatsFor("en");
const es = formatsFor("es", "Europe/Madrid");

/** The number a short text shows: "$1.15M" → 1150000, "1,234.5 %" → 1234.5. */
const shown = (text: string) => {
  const match = /(-?[\d,.]+)([KMBT]?)/.exec(text)!;
  const scale = { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[match[2] as "" | "K" | "M" | "B" | "T"];
  return Number(match[1]!.replace(/,/g, "")) * scale;
};

describe("formats a person reads as the numbers behind them", () => {
  it("rounds a score as values are, but never across a status threshold", () => {
    expect(formatScore(0.8792)).toBe("88 %");
    expect(formatScore(0.996)).toBe("99.6 %");
    expect(formatScore(0.6996)).toBe("69.96 %");
    expect(formatScore(1)).toBe("100 %");
    expect(formatScore(0.9, { onTrack: 0.9, atRisk: 0.5 })).toBe("90 %");
    fc.assert(
      fc.property(
        fc.double({ min: -2, max: 3, noNaN: true }),
        fc.double({ min: 0.5, max: 1, noNaN: true }),
        fc.double({ min: 0.001, max: 0.5, noNaN: true }),
        (score, onTrack, atRisk) => {
          const percent = Number(formatScore(score, { onTrack, atRisk }).replace(" %", ""));
          for (const line of [onTrack * 100, atRisk * 100]) expect(percent < line, `${score} against ${line}`).toBe(score * 100 < line);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("gives a value and its target enough digits to show their gap truly", () => {
    expect(formatPair(1_150_000, 1_100_000, "USD")).toEqual(["$1.15M", "$1.1M"]);
    expect(formatPair(1_140_000, 1_150_000, "USD")).toEqual(["$1.14M", "$1.15M"]);
    expect(formatPair(2_000_000, 1_000_000)).toEqual(["2M", "1M"]);
    fc.assert(
      fc.property(fc.integer({ min: -5e12, max: 5e12 }), fc.integer({ min: -5e12, max: 5e12 }), (value, target) => {
        const [a, b] = formatPair(value, target);
        const gap = value - target;
        if (gap === 0) return;
        expect(Math.abs(shown(a) - shown(b) - gap), `${value} vs ${target}: ${a} vs ${b}`).toBeLessThanOrEqual(Math.abs(gap) / 2 + 0.01);
      }),
      { numRuns: 3000 },
    );
  });

  it("rounds a big number one way wherever it reads, alone or beside its target", () => {
    expect(formatsFor("en").value(2_550_000, "USD")).toBe("$2.6M");
    expect(formatPair(2_550_000, 3_000_000, "USD")[0]).toBe("$2.6M");
    expect(formatsFor("en").value(999_999)).toBe("1M");
    expect(formatsFor("en").value(-2_450_000)).toBe("-2.5M");
    const { value } = formatsFor("en");
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 5e12 }), fc.boolean(), (magnitude, negative) => {
        const v = negative ? -magnitude : magnitude;
        // A target twice as far away: one decimal tells them apart, so the pair shows the value as it reads alone.
        expect(formatPair(v, v * 3)[0], String(v)).toBe(value(v));
        // And what it reads is the value rounded half away from zero to one decimal of its scale.
        expect(Math.abs(shown(value(v)) - v), String(v)).toBeLessThanOrEqual(Math.abs(v) * 0.051);
      }),
      { numRuns: 3000 },
    );
  });

  it("prints numbers as the Account page's language hint says it does", () => {
    for (const hint of [en.account.language.hint, esMessages.account.language.hint]) {
      expect(hint).toContain(formatsFor("en").value(12345.5));
      expect(hint).toContain(es.value(12345.5));
      expect(hint).toContain(es.value(1234.5));
    }
  });

  it("speaks Spanish with Spanish marks and words", () => {
    expect(es.value(1234.5)).toBe("1234,5");
    expect(es.value(12345.5)).toBe("12.345,5");
    expect(es.pair(1_150_000, 1_100_000, "USD")).toEqual(["1,15 M US$", "1,1 M US$"]);
    expect(es.score(0.996)).toBe("99,6 %");
    expect(es.period("2024-03-01", "MONTH")).toBe("mar 2024");
    expect(es.period("2024-04-01", "QUARTER")).toBe("T2 2024");
    expect(es.status("OFF_TRACK")).toBe("Desviado");
    expect(es.condition("VALUE_ABOVE", 4_000_000, "USD")).toBe("Valor por encima de 4.000.000 US$");
    // Instants in the reader's time zone; days of values never shift.
    expect(es.dateTime("2026-11-26T23:30:00Z")).toBe("27 nov 2026, 0:30");
    expect(es.date("2026-11-26")).toBe("26 nov 2026");
    expect(formatsFor("en", "America/New_York").date("2026-11-26")).toBe("Nov 26, 2026");
  });

  it("keeps each language, time zone, digit count and currency apart though their formatters are made once", () => {
    const instant = "2026-11-26T23:30:00Z";
    for (let round = 0; round < 2; round++) {
      expect([formatsFor("en", "UTC").dateTime(instant), formatsFor("en", "Asia/Tokyo").dateTime(instant), es.dateTime(instant)]).toEqual([
        "Nov 26, 2026, 11:30 PM",
        "Nov 27, 2026, 8:30 AM",
        "27 nov 2026, 0:30",
      ]);
      expect([formatsFor("en").number(1.23456, 2), formatsFor("en").number(1.23456, 4), es.number(1.23456, 2)]).toEqual(["1.23", "1.2346", "1,23"]);
      expect([formatsFor("en").money(1234, "EUR"), formatsFor("en").money(1234, "USD"), es.money(1234, "EUR")]).toEqual(["€1,234", "$1,234", "1234\u00a0€"]);
      expect([formatScore(0.6996), formatScore(0.8792), es.score(0.6996)]).toEqual(["69.96 %", "88 %", "69,96 %"]);
    }
    expect(formatsFor("es", "Europe/Madrid")).toBe(es);
  });
});
