import { describe, expect, it } from "vitest";
import { scoreOf, statusOf, type Scoring } from "./scoring";

const kpi = (optimization: Scoring["optimization"], extra: Partial<Scoring> = {}): Scoring => ({
  optimization,
  onTrackThreshold: null,
  atRiskThreshold: null,
  scoreCap: null,
  ...extra,
});
const scale = (target: number | null, baseline: number | null = null, min: number | null = null, max: number | null = null) => ({ target, baseline, min, max });

describe("the scoring rules (lib/contract/README.md, Scores and statuses)", () => {
  it.each([
    // What the issue found on the demo scorecard, scored as a manager reads it.
    ["Largest deal $166.8K against $150K (baseline $60K)", 166_800, scale(150_000, 60_000, 0, 250_000), kpi("MAXIMIZE"), 1, "ON_TRACK"],
    ["Operating margin 27.2 % against 25 % (baseline 10 %)", 27.2, scale(25, 10, 0, 40), kpi("MAXIMIZE"), 1, "ON_TRACK"],
    ["Major incidents 6 against 2 (baseline 10), less is better", 6, scale(2, 10, 0, 20), kpi("MINIMIZE"), 0.5, "OFF_TRACK"],
    ["Overdue patches 6 against 0 (baseline 20), less is better", 6, scale(0, 20, 0, 50), kpi("MINIMIZE"), 0.7, "AT_RISK"],
    ["worse than the baseline", 5, scale(80, 20, 0, 100), kpi("MAXIMIZE"), 0, "OFF_TRACK"],
    ["beating the target with a cap of 150 %", 140, scale(80, 20), kpi("MAXIMIZE", { scoreCap: 1.5 }), 1.5, "ON_TRACK"],
    ["a typo far below the scale", 77, scale(2_000_000, 1_200_000, 0, 2_500_000), kpi("MAXIMIZE"), 0, "OFF_TRACK"],
    ["no baseline: from the far end of the scale", 60, scale(80, null, 0, 100), kpi("MAXIMIZE"), 0.75, "AT_RISK"],
    ["a baseline on the wrong side of the target is not used", 60, scale(80, 90, 0, 100), kpi("MAXIMIZE"), 0.75, "AT_RISK"],
    ["no baseline nor scale: value over target", 40, scale(80), kpi("MAXIMIZE"), 0.5, "OFF_TRACK"],
    ["no baseline nor scale, minimising: target over value", 100, scale(80), kpi("MINIMIZE"), 0.8, "AT_RISK"],
    ["no target: the position on the scale", 75, scale(null, null, 0, 100), kpi("MAXIMIZE"), 0.75, "AT_RISK"],
    ["no target and no scale", 75, scale(null), kpi("MAXIMIZE"), null, "NONE"],
    ["BINARY met", 1, scale(1, 0), kpi("BINARY"), 1, "ON_TRACK"],
    ["BINARY not met", 0, scale(1, 0), kpi("BINARY"), 0, "OFF_TRACK"],
    ["own thresholds", 0.55, scale(1, 0), kpi("MAXIMIZE", { onTrackThreshold: 0.9, atRiskThreshold: 0.5 }), 0.55, "AT_RISK"],
  ] as const)("%s", (_, value, s, k, score, status) => {
    const actual = scoreOf(value, s, k);
    if (score === null) expect(actual).toBeNull();
    else expect(actual).toBeCloseTo(score, 6);
    expect(statusOf(actual, k)).toBe(status);
  });

  it("keeps a target missed by a hair below 100 %, and not on track", () => {
    const s = scoreOf(1_999_999.99, scale(2_000_000, 1_200_000), kpi("MAXIMIZE"))!;
    expect(s).toBeLessThan(1);
    expect(statusOf(s, kpi("MAXIMIZE"))).toBe("AT_RISK");
  });

  it("has no score without a value", () => {
    expect(scoreOf(null, scale(1, 0), kpi("MAXIMIZE"))).toBeNull();
    expect(statusOf(null, kpi("MAXIMIZE"))).toBe("NONE");
  });
});
