import { z } from "zod";

export const Period = z.enum(["DAY", "WEEK", "MONTH", "QUARTER", "HALF_YEAR", "YEAR"]);
export type Period = z.infer<typeof Period>;
export const IndicatorType = z.enum(["CONTAINER", "INDICATOR"]);
export const Grouping = z.enum(["AVERAGE", "SUM", "FIRST", "LAST", "MIN", "MAX"]);
export type Grouping = z.infer<typeof Grouping>;
export const Optimization = z.enum(["MAXIMIZE", "MINIMIZE", "BINARY"]);
export type Optimization = z.infer<typeof Optimization>;
export const Status = z.enum(["ON_TRACK", "AT_RISK", "OFF_TRACK", "NONE"]);
export type Status = z.infer<typeof Status>;

/** A KPI's thresholds and cap when it sets none (see the contract's "Scores and statuses"). */
export const SCORING_DEFAULTS = { onTrack: 1, atRisk: 0.7, cap: 1 } as const;

export const Thresholds = z
  .object({
    onTrack: z.number().gt(0).max(1).meta({ description: "A score at or above this is ON_TRACK (at most 1, so a met target is always on track)" }),
    atRisk: z.number().gt(0).max(1).meta({ description: "A score at or above this (and below onTrack) is AT_RISK; below it, OFF_TRACK" }),
  })
  .refine((t) => t.atRisk <= t.onTrack, { message: "atRisk must not be above onTrack", path: ["atRisk"] })
  .meta({ id: "Thresholds", example: { onTrack: 1, atRisk: 0.7 } });
export const ScoreCap = z.number().min(1).max(10).meta({ description: "The highest score the KPI reaches (1 = 100 %, at most 10)", example: 1.2 });

const kpiExample = {
  guid: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f",
  name: "Net promoter score",
  description: "Share of promoters minus share of detractors",
  parentGuid: "5d0c7a8e-2f1b-4c3d-8e9f-0a1b2c3d4e5f",
  indicatorType: "INDICATOR",
  measure: "points",
  updateInterval: "MONTH",
  acceptValueData: true,
  grouping: "AVERAGE",
  inheritance: true,
  optimization: "MAXIMIZE",
  formula: null,
  weight: 1,
  min: -100,
  max: 100,
  target: 45,
  baseline: 20,
  thresholds: { onTrack: 1, atRisk: 0.7 },
  scoreCap: 1,
};

export const Kpi = z
  .object({
    guid: z.string(),
    name: z.string(),
    description: z.string(),
    parentGuid: z.string().nullable(),
    indicatorType: IndicatorType,
    measure: z.string(),
    updateInterval: Period,
    acceptValueData: z.boolean(),
    grouping: Grouping,
    inheritance: z.boolean(),
    optimization: Optimization,
    formula: z.string().nullable(),
    weight: z.number(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    target: z.number().nullable(),
    baseline: z.number().nullable(),
    thresholds: Thresholds.meta({ description: "In effect: the KPI's own, or the defaults (onTrack 1, atRisk 0.7)" }),
    scoreCap: ScoreCap.meta({ description: "In effect: the KPI's own, or the default 1 (100 %)" }),
  })
  .meta({
    id: "Kpi",
    example: kpiExample,
  });
export type Kpi = z.infer<typeof Kpi>;

export type KpiNode = Kpi & { children: KpiNode[] };
export const KpiNode: z.ZodType<KpiNode> = Kpi.extend({
  get children() {
    return z.array(KpiNode);
  },
}).meta({ id: "KpiNode", example: { ...kpiExample, children: [] } });

export const KpiList = z.object({ items: z.array(Kpi) }).meta({ id: "KpiList", example: { items: [kpiExample] } });
export const kpiRootExample = {
  ...kpiExample,
  guid: "5d0c7a8e-2f1b-4c3d-8e9f-0a1b2c3d4e5f",
  name: "Company",
  parentGuid: null,
  indicatorType: "CONTAINER" as const,
  acceptValueData: false,
  children: [{ ...kpiExample, children: [] }],
};

export const KpiTree = z
  .object({
    root: KpiNode,
    ownerId: z.number().int().nullable().meta({ description: "The user who owns the scorecard" }),
  })
  .meta({ id: "KpiTree", example: { root: kpiRootExample, ownerId: 1 } });
export type KpiTree = z.infer<typeof KpiTree>;

/** Changes to a KPI's settings: only the fields sent change; null restores the default. */
export const UpdateKpi = z
  .strictObject({
    thresholds: Thresholds.nullable().optional(),
    scoreCap: ScoreCap.nullable().optional(),
  })
  .refine((u) => Object.keys(u).length > 0, "Send at least one field to change")
  .meta({ id: "UpdateKpi", example: { thresholds: { onTrack: 0.95, atRisk: 0.6 }, scoreCap: 1.2 } });
export type UpdateKpi = z.infer<typeof UpdateKpi>;

