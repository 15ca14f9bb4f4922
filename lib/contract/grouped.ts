import { z } from "zod";
import { Guid } from "./common";
import { Period, Status } from "./kpis";
import { Note } from "./notes";

export const PointSource = z.enum(["ENTERED", "INHERITED", "CALCULATED", "NONE"]);
export type PointSource = z.infer<typeof PointSource>;

const seriesExample = {
  guid: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f",
  name: "Revenue",
  measure: "USD",
  points: [
    {
      start: "2024-01-01",
      end: "2024-01-31",
      value: 1200,
      target: 1500,
      baseline: 1000,
      min: 0,
      max: 2500,
      performance: 0.48,
      progress: 0.4,
      score: 0.4,
      status: "OFF_TRACK" as const,
      complete: true,
      source: "ENTERED" as const,
    },
    {
      start: "2024-02-01",
      end: "2024-02-29",
      value: 1450,
      target: 1500,
      baseline: 1000,
      min: 0,
      max: 2500,
      performance: 0.58,
      progress: 0.9,
      score: 0.9,
      status: "AT_RISK" as const,
      complete: true,
      source: "ENTERED" as const,
    },
  ],
};

export const Point = z
  .object({
    start: z.string(),
    end: z.string(),
    value: z.number().nullable(),
    target: z.number().nullable().meta({ description: "The period's target: the targets in force over its sub-periods, combined by the KPI's grouping" }),
    baseline: z.number().nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    performance: z.number().nullable().meta({ description: "Position on the min-max scale, 0-1 (reversed when minimising)" }),
    progress: z.number().nullable().meta({ description: "(value - baseline) / (target - baseline), unbounded" }),
    score: z
      .number()
      .nullable()
      .meta({ description: "0 at or below the baseline, 1 at the target, capped at the KPI's scoreCap: what status, colours and roll-ups use" }),
    status: Status,
    complete: z.boolean().meta({ description: "False for the period holding today (figures so far; SUM targets pro-rated) and later ones" }),
    source: PointSource,
  })
  .meta({ id: "Point", example: seriesExample.points[0] });
export type Point = z.infer<typeof Point>;

export const Series = z
  .object({
    guid: z.string(),
    name: z.string(),
    measure: z.string(),
    points: z.array(Point),
    notes: z.array(Note).optional().meta({ description: "The KPI's notes dated within the range, by date (absent on public links)" }),
  })
  .meta({
    id: "Series",
    example: seriesExample,
  });
export type Series = z.infer<typeof Series>;

export const GroupedValue = z
  .object({ start: z.string(), end: z.string(), period: Period, item: Series })
  .meta({ id: "GroupedValue", example: { start: "2024-01-01", end: "2024-02-29", period: "MONTH", item: seriesExample } });
export type GroupedValue = z.infer<typeof GroupedValue>;
export const GroupedValues = z
  .object({ start: z.string(), end: z.string(), period: Period, items: z.array(Series) })
  .meta({ id: "GroupedValues", example: { start: "2024-01-01", end: "2024-02-29", period: "MONTH", items: [seriesExample] } });
export type GroupedValues = z.infer<typeof GroupedValues>;

/** A query's comma-separated KPI GUIDs (absent: every KPI). */
export const GuidList = z
  .string()
  .optional()
  .transform((s) => (s ? s.split(",").map((g) => g.trim()) : undefined))
  .pipe(z.array(Guid).max(5000).optional())
  .meta({ description: "Comma-separated KPI GUIDs (default: every KPI)", example: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f" });
