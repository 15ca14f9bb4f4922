import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPair, formatScore } from "./format";

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
      fc.property(fc.double({ min: -2, max: 3, noNaN: true }), fc.double({ min: 0.5, max: 1, noNaN: true }), fc.double({ min: 0.001, max: 0.5, noNaN: true }), (score, onTrack, atRisk) => {
        const percent = Number(formatScore(score, { onTrack, atRisk }).replace(" %", ""));
        for (const line of [onTrack * 100, atRisk * 100]) expect(percent < line, `${score} against ${line}`).toBe(score * 100 < line);
      }),
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
});
