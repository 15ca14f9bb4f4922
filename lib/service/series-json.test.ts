import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STATUSES } from "@/lib/contract/constants";
import { PointSource, type Point, type Series } from "@/lib/contract/grouped";
import { writeSeries } from "./domain/series-json";

// A series computed again reuses the JSON of the points that came out as they were written
// before. Whatever changed and whatever stayed, each series must be written exactly as
// JSON.stringify writes it, and the JSON of a point is copied only when it is the same point.

const NUMBER_FIELDS = ["value", "target", "baseline", "min", "max", "performance", "progress", "score"] as const;
// Figures that JSON writes alike or apart in tricky ways: 0 and -0 both as 0; NaN, the infinities and null all as null.
const figure = fc.oneof(fc.constantFrom(null, 0, -0, NaN, Infinity, -Infinity, 1, 0.1, 1e21, 5e-324), fc.double(), fc.integer({ min: -1000, max: 1000 }));
// Dates in practice; other text too, so that bytes are counted as UTF-8 wherever they stand.
const text = fc.constantFrom("2024-01-01", "2024-01-31", "Umsatz €", "\u2028");
const pointArb: fc.Arbitrary<Point> = fc.record({
  start: text,
  end: text,
  value: figure,
  target: figure,
  baseline: figure,
  min: figure,
  max: figure,
  performance: figure,
  progress: figure,
  score: figure,
  status: fc.constantFrom(...STATUSES),
  complete: fc.boolean(),
  source: fc.constantFrom(...PointSource.options),
});
const name = fc.constantFrom("Sales", 'Ventas "netas"', "Umsatz €", "\u2028 line");
const seriesArb: fc.Arbitrary<Series> = fc.record({
  guid: fc.uuid(),
  name,
  measure: fc.constantFrom("", "USD", "%"),
  points: fc.array(pointArb, { maxLength: 12 }),
});

/** The series changed here and there: some points' properties changed, perhaps the name, perhaps a point fewer or more. */
const changedArb = (series: Series): fc.Arbitrary<Series> =>
  fc
    .record({
      edits: fc.array(
        fc.record({
          at: fc.nat(),
          field: fc.constantFrom(...NUMBER_FIELDS, "status", "source", "complete"),
          to: fc.oneof(figure, fc.constantFrom(...STATUSES), fc.constantFrom(...PointSource.options), fc.boolean()),
        }),
        { maxLength: 5 },
      ),
      rename: fc.option(name, { nil: undefined }),
      extra: fc.option(pointArb, { nil: undefined, freq: 5 }),
    })
    .map(({ edits, rename, extra }) => {
      const points = series.points.map((p) => ({ ...p }));
      for (const { at, field, to } of edits) {
        const point = points[at % Math.max(1, points.length)];
        const fits = NUMBER_FIELDS.includes(field as never)
          ? to === null || typeof to === "number"
          : field === "complete"
            ? typeof to === "boolean"
            : typeof to === "string";
        if (point && fits && (field !== "status" || STATUSES.includes(to as never)) && (field !== "source" || PointSource.options.includes(to as never))) {
          (point as Record<string, unknown>)[field] = to;
        }
      }
      if (extra) points.push(extra);
      return { ...series, name: rename ?? series.name, points };
    });

describe("series written as JSON, reusing the points written before", () => {
  it("writes every series as JSON.stringify does, whatever changed since the series written before", () => {
    fc.assert(
      fc.property(
        fc.array(seriesArb, { minLength: 1, maxLength: 4 }).chain((first) => fc.tuple(fc.constant(first), fc.tuple(...first.map(changedArb)))),
        ([first, second]) => {
          const before = writeSeries(first);
          first.forEach((s, i) => expect(before[i]!.json.toString("utf8")).toBe(JSON.stringify(s)));
          const after = writeSeries(second, before);
          second.forEach((s, i) => expect(after[i]!.json.toString("utf8")).toBe(JSON.stringify(s)));
          // And again from what the second writing recorded.
          const third = writeSeries(first, after);
          first.forEach((s, i) => expect(third[i]!.json.toString("utf8")).toBe(JSON.stringify(s)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("copies the JSON of a point that came out the same, and writes anew one that changed", () => {
    const point = (value: number | null): Point => ({
      start: "2024-01-01",
      end: "2024-01-31",
      value,
      target: 150,
      baseline: 50,
      min: 0,
      max: 200,
      performance: value === null ? null : value / 200,
      progress: null,
      score: null,
      status: "NONE",
      complete: true,
      source: value === null ? "NONE" : "ENTERED",
    });
    const first: Series = { guid: "g", name: "KPI", measure: "", points: [point(1.5), point(null), point(2.5)] };
    const [before] = writeSeries([first]);
    // Marks the JSON kept for the first two points: a copy carries the mark, a point written anew does not.
    const text = before!.json.toString("latin1").replaceAll('"target":150', '"target":151');
    const marked = { ...before!, json: Buffer.from(text, "latin1") };
    const second: Series = { ...first, points: [point(1.5), point(null), point(3.5)] };
    const [after] = writeSeries([second], [marked]);
    const points = (JSON.parse(after!.json.toString("utf8")) as Series).points;
    expect(points.map((p) => [p.value, p.target])).toEqual([
      [1.5, 151],
      [null, 151],
      [3.5, 150],
    ]);
  });

  it("keeps the series of one writing in one buffer, one after the other", () => {
    // Each series larger than Node's pool takes from (4 KiB): apart, they would not share a buffer.
    const points = fc.sample(pointArb, { numRuns: 60, seed: 1 });
    const list: Series[] = [
      { guid: "a", name: "A", measure: "", points },
      { guid: "b", name: "B", measure: "", points },
    ];
    const [a, b] = writeSeries(list);
    expect(a!.json.buffer).toBe(b!.json.buffer);
    expect(b!.json.byteOffset).toBe(a!.json.byteOffset + a!.json.length);
  });
});
