import { describe, expect, it } from "vitest";
import { groupedPoint } from "@/lib/testing/shapes";
import { chartRows } from "./chart-rows";

describe("a KPI chart's rows", () => {
  it("draw no target or baseline in the running period, whose figures are its share so far, and keep them for the tooltip", () => {
    const points = [
      groupedPoint("2026-09-01", 70, "ENTERED", { target: 80, baseline: 20 }),
      groupedPoint("2026-10-01", 75, "ENTERED", { target: 80, baseline: 20 }),
      // November so far: a third of the month's target and baseline.
      groupedPoint("2026-11-01", 30, "ENTERED", { target: 26.7, baseline: 6.7, complete: false }),
      groupedPoint("2026-12-01", null, "NONE", { target: 80, baseline: 20, complete: false }),
    ];
    const rows = chartRows(points, [], (start) => start);
    expect(rows.map((r) => [r.targetLine, r.baselineLine])).toEqual([
      [80, 20],
      [80, 20],
      [null, null],
      [80, 20],
    ]);
    expect(rows[2]).toMatchObject({ target: 26.7, baseline: 6.7, done: null, soFar: 30 });
    expect(rows.map((r) => r.soFar)).toEqual([null, 75, 30, null]);
  });
});
