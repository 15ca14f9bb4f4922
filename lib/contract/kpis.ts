import { z } from "zod";
import { Translations } from "./translations";
import { PERIODS, SCORING_DEFAULTS, STATUSES } from "./constants";
import { NullableNumber, RowId } from "./common";
import { Initiative } from "./initiatives";

export { SCORING_DEFAULTS };

export const Period = z.enum(PERIODS);
export type Period = z.infer<typeof Period>;
export const IndicatorType = z.enum(["CONTAINER", "INDICATOR"]);
export const Grouping = z.enum(["AVERAGE", "SUM", "FIRST", "LAST", "MIN", "MAX"]);
export type Grouping = z.infer<typeof Grouping>;
export const Optimization = z.enum(["MAXIMIZE", "MINIMIZE", "BINARY"]);
export type Optimization = z.infer<typeof Optimization>;
export const Status = z.enum(STATUSES);
export type Status = z.infer<typeof Status>;

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
  measureNames: ["points"],
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
  ownerId: 7,
  noteRequiredOffTrack: false,
  validMin: null,
  validMax: null,
};

export const Kpi = z
  .object({
    guid: z.string(),
    name: z.string(),
    description: z.string(),
    parentGuid: z.string().nullable(),
    indicatorType: IndicatorType,
    measure: z.string(),
    measureNames: z.array(z.string()).meta({ description: "The measure's names (the vendor's field): Gauge keeps one, `measure` (empty list when none)" }),
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
    ownerId: z.number().int().nullable().meta({ description: "The user who enters its values, reminded when one is overdue" }),
    noteRequiredOffTrack: z.boolean().meta({ description: "A value that leaves it off track is refused unless its period has a note" }),
    validMin: z.number().nullable().meta({ description: "The lowest value it can take (null: no bound); a value below is refused" }),
    validMax: z.number().nullable().meta({ description: "The highest value it can take (null: no bound); a value above is refused" }),
    translations: Translations.optional().meta({ description: "Its name and description in other languages (present when it has any)" }),
  })
  .meta({
    id: "Kpi",
    example: kpiExample,
  });
export type Kpi = z.infer<typeof Kpi>;

export type KpiNode = Kpi & { initiatives: Initiative[]; children: KpiNode[] };
export const KpiNode: z.ZodType<KpiNode> = Kpi.extend({
  initiatives: z.array(Initiative).meta({ description: "The KPI's initiatives, oldest first" }),
  get children() {
    return z.array(KpiNode);
  },
}).meta({ id: "KpiNode", example: { ...kpiExample, initiatives: [], children: [] } });

export const KpiList = z.object({ items: z.array(Kpi) }).meta({ id: "KpiList", example: { items: [kpiExample] } });
export const kpiRootExample = {
  ...kpiExample,
  guid: "5d0c7a8e-2f1b-4c3d-8e9f-0a1b2c3d4e5f",
  name: "Company",
  parentGuid: null,
  indicatorType: "CONTAINER" as const,
  acceptValueData: false,
  initiatives: [],
  children: [{ ...kpiExample, initiatives: [], children: [] }],
};

export const FeedingConnector = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kpiGuid: z.string(),
    lastWrittenAt: z.string().nullable().meta({ description: "When a run of it last wrote values (null: never)" }),
    lastWritten: z.number().int().nullable().meta({ description: "How many values that run wrote" }),
  })
  .meta({ id: "FeedingConnector", description: "A connector feeding one KPI (per period or snapshot)" });
export type FeedingConnector = z.infer<typeof FeedingConnector>;

export const KpiTree = z
  .object({
    root: KpiNode,
    ownerId: z.number().int().nullable().meta({ description: "The user who owns the scorecard" }),
    lockedUntil: z.string().nullable().meta({ description: "Values dated on or before it are locked (null: none)" }),
    connectors: z.array(FeedingConnector).meta({ description: "The connectors that feed one KPI each, with when they last wrote values" }),
  })
  .meta({
    id: "KpiTree",
    example: {
      root: kpiRootExample,
      ownerId: 1,
      lockedUntil: null,
      connectors: [{ id: 5, name: "ERP monthly revenue", kpiGuid: kpiRootExample.guid, lastWrittenAt: "2026-11-27T05:00:00.412Z", lastWritten: 2 }],
    },
  });
export type KpiTree = z.infer<typeof KpiTree>;

const Name = z.string().trim().min(1, "Must not be empty").max(200);
const Formula = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .nullable()
  .meta({ description: "`[guid]` references, numbers, + - * /, parentheses, min(), max(), abs(); null: values are entered" });

/** Every setting a KPI has, as the editor and the API set them. */
const kpiSettings = {
  name: Name,
  description: z.string().max(5000),
  indicatorType: IndicatorType,
  measure: z.string().max(100),
  updateInterval: Period,
  grouping: Grouping,
  inheritance: z.boolean(),
  optimization: Optimization,
  formula: Formula,
  weight: z.number().finite().min(0).max(1e6),
  min: NullableNumber,
  max: NullableNumber,
  target: NullableNumber,
  baseline: NullableNumber,
  ownerId: RowId.nullable().meta({ description: "The user who enters its values: reminded when one is overdue" }),
  noteRequiredOffTrack: z.boolean().meta({ description: "Saving a value that leaves it off track needs a note for that period" }),
  validMin: NullableNumber.meta({ description: "The lowest value it can take, e.g. 0 (null: no bound)" }),
  validMax: NullableNumber.meta({ description: "The highest value it can take, e.g. 100 for a share that cannot pass 100 % (null: no bound)" }),
  translations: Translations,
};

/** Changes to a KPI's settings: only the fields sent change; null restores the default. */
export const UpdateKpi = z
  .strictObject({
    ...(Object.fromEntries(Object.entries(kpiSettings).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof kpiSettings]: z.ZodOptional<(typeof kpiSettings)[K]>;
    }),
    thresholds: Thresholds.nullable().optional(),
    scoreCap: ScoreCap.nullable().optional(),
    parentGuid: z
      .string()
      .uuid()
      .transform((s) => s.toLowerCase())
      .optional()
      .meta({ description: "Moves it under another container of the scorecard" }),
    position: z.number().int().min(0).max(100_000).optional().meta({ description: "Its place among its siblings, from 0 (default when moving: last)" }),
  })
  .refine((u) => Object.keys(u).length > 0, "Send at least one field to change")
  .meta({ id: "UpdateKpi", example: { target: 50, thresholds: { onTrack: 0.95, atRisk: 0.6 }, scoreCap: 1.2 } });
export type UpdateKpi = z.infer<typeof UpdateKpi>;

export const CreateKpi = z
  .strictObject({
    ...(Object.fromEntries(Object.entries(kpiSettings).map(([k, v]) => [k, k === "name" ? v : v.optional()])) as { name: typeof Name } & {
      [K in Exclude<keyof typeof kpiSettings, "name">]: z.ZodOptional<(typeof kpiSettings)[K]>;
    }),
    thresholds: Thresholds.optional(),
    scoreCap: ScoreCap.optional(),
    parentGuid: z
      .string()
      .uuid()
      .transform((s) => s.toLowerCase())
      .optional()
      .meta({ description: "A container of the scorecard (default: the root)" }),
    position: z.number().int().min(0).max(100_000).optional().meta({ description: "Its place among its siblings (default: last)" }),
  })
  .meta({
    id: "CreateKpi",
    description: "Defaults: INDICATOR, MONTH, AVERAGE, MAXIMIZE, weight 1, no inheritance, no formula.",
    example: { name: "Net promoter score", parentGuid: "5d0c7a8e-2f1b-4c3d-8e9f-0a1b2c3d4e5f", measure: "points", target: 45, baseline: 20 },
  });
export type CreateKpi = z.infer<typeof CreateKpi>;

/** The vendor's KPI update: name and type required, description optional; the rest stays. */
export const SetKpi = z
  .strictObject({ name: Name, description: z.string().max(5000).optional(), indicatorType: IndicatorType })
  .meta({ id: "SetKpi", example: { name: "Net promoter score", description: "Promoters minus detractors", indicatorType: "INDICATOR" } });
export type SetKpi = z.infer<typeof SetKpi>;

export const KpiInfo = Kpi.extend({
  initiatives: z.array(Initiative).meta({ description: "The KPI's initiatives" }),
  items: z.array(Kpi).meta({ description: "Its child KPIs (a container's)" }),
}).meta({ id: "KpiInfo", example: { ...kpiExample, initiatives: [], items: [] } });
export type KpiInfo = z.infer<typeof KpiInfo>;

export const IndicatorTypeList = z
  .object({ items: z.array(z.object({ value: IndicatorType, name: z.string(), description: z.string() })) })
  .meta({ id: "IndicatorTypeList", example: { items: [{ value: "INDICATOR", name: "Indicator", description: "Takes values (or a formula)" }] } });

export const WeightChange = z
  .object({ indicatorGuid: z.string(), indicatorName: z.string(), oldWeight: z.number(), newWeight: z.number() })
  .meta({ id: "WeightChange" });
export const WeightChangeList = z.array(WeightChange).meta({
  id: "WeightChangeList",
  description: "Every KPI whose weight changed: under each container, the children now weigh the same, summing to 100.",
  example: [{ indicatorGuid: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f", indicatorName: "Net promoter score", oldWeight: 1, newWeight: 50 }],
});
