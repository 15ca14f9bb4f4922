import { z } from "zod";

export const Period = z.enum(["DAY", "WEEK", "MONTH", "QUARTER", "HALF_YEAR", "YEAR"]);
export type Period = z.infer<typeof Period>;
export const IndicatorType = z.enum(["CONTAINER", "INDICATOR"]);
export const Grouping = z.enum(["AVERAGE", "SUM", "FIRST", "LAST", "MIN", "MAX"]);
export type Grouping = z.infer<typeof Grouping>;
export const Optimization = z.enum(["MAXIMIZE", "MINIMIZE", "BINARY"]);
export type Optimization = z.infer<typeof Optimization>;

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
export const KpiTree = z
  .object({ root: KpiNode })
  .meta({ id: "KpiTree", example: { root: { ...kpiExample, guid: "5d0c7a8e-2f1b-4c3d-8e9f-0a1b2c3d4e5f", name: "Company", parentGuid: null, indicatorType: "CONTAINER", acceptValueData: false, children: [{ ...kpiExample, children: [] }] } } });
export type KpiTree = z.infer<typeof KpiTree>;
