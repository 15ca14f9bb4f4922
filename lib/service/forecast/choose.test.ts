import { describe, expect, it } from "vitest";
import { forecastSeries } from "./choose";

describe("a KPI's forecast", () => {
  it("continues a clean seasonal pattern almost exactly, with a narrow interval", () => {
    const y = Array.from({ length: 48 }, (_, t) => 100 + 20 * Math.sin((2 * Math.PI * t) / 12));
    const forecast = forecastSeries(y, 12, 12)!;
    expect(forecast.method).toBe("seasonal");
    forecast.points.forEach((p, i) => {
      expect(p.value).toBeCloseTo(100 + 20 * Math.sin((2 * Math.PI * (48 + i)) / 12), 0);
      expect(p.high - p.low).toBeLessThan(5);
    });
  });

  it("follows a trend without a season, and widens its interval the further it looks", () => {
    const y = Array.from({ length: 30 }, (_, t) => 50 + 3 * t + (t % 2 ? 1 : -1));
    const forecast = forecastSeries(y, 12, 6)!;
    expect(forecast.method).toBe("damped");
    expect(forecast.points[0]!.value).toBeGreaterThan(y.at(-1)!);
    const widths = forecast.points.map((p) => p.high - p.low);
    expect(widths.at(-1)!).toBeGreaterThan(widths[0]!);
  });

  it("is the same every time for the same history, and says so when there is too little of it", () => {
    const y = [12, 15, 11, 18, 14, 16, 19, 13, 17, 20];
    expect(forecastSeries(y, 12, 3)).toEqual(forecastSeries(y, 12, 3));
    expect(forecastSeries([1, 2, 3], 12, 3)).toBeNull();
  });

  it("keeps the last value when nothing beats it (a flat series)", () => {
    const forecast = forecastSeries(Array(20).fill(7), 12, 4)!;
    expect(forecast.points.map((p) => p.value)).toEqual([7, 7, 7, 7]);
  });
});
