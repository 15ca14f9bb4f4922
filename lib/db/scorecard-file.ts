import { z } from "zod";
import { Guid, IsoDate, NullableNumber } from "@/lib/contract/common";
import { Grouping, IndicatorType, Optimization, Period, ScoreCap, Thresholds } from "@/lib/contract/kpis";

export const ValueRecordFile = z.object({
  date: IsoDate,
  value: NullableNumber.optional(),
  target: NullableNumber.optional(),
  baseline: NullableNumber.optional(),
  min: NullableNumber.optional(),
  max: NullableNumber.optional(),
});

export type KpiFile = {
  id?: string;
  guid?: string;
  name: string;
  description?: string;
  type?: z.infer<typeof IndicatorType>;
  measure?: string;
  updateInterval?: z.infer<typeof Period>;
  grouping?: z.infer<typeof Grouping>;
  inheritance?: boolean;
  optimization?: z.infer<typeof Optimization>;
  formula?: string | null;
  weight?: number;
  min?: number | null;
  max?: number | null;
  target?: number | null;
  baseline?: number | null;
  thresholds?: z.infer<typeof Thresholds>;
  scoreCap?: number;
  children?: KpiFile[];
  values?: z.infer<typeof ValueRecordFile>[];
};

/**
 * A KPI in a scorecard file. `id` is a name local to the file that formulas may use as
 * `[id]`; `guid` keeps a KPI's GUID stable across imports (a new one is made when absent).
 */
export const KpiFile: z.ZodType<KpiFile, any> = z.object({
  id: z.string().regex(/^[A-Za-z][\w-]*$/, "id: letters, digits, _ and -").optional(),
  guid: Guid.optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  type: IndicatorType.optional(),
  measure: z.string().optional(),
  updateInterval: Period.optional(),
  grouping: Grouping.optional(),
  inheritance: z.boolean().optional(),
  optimization: Optimization.optional(),
  formula: z.string().nullable().optional(),
  weight: z.number().finite().positive().optional(),
  min: NullableNumber.optional(),
  max: NullableNumber.optional(),
  target: NullableNumber.optional(),
  baseline: NullableNumber.optional(),
  thresholds: Thresholds.optional(),
  scoreCap: ScoreCap.optional(),
  get children() {
    return z.array(KpiFile).optional();
  },
  values: z.array(ValueRecordFile).optional(),
});

/** The JSON file that `npm run cli -- import-scorecard` reads; README.md documents it. */
export const ScorecardFile = z.object({
  name: z.string().min(1),
  description: z.string().optional(),
  kpis: z.array(KpiFile).min(1, "A scorecard needs at least one KPI"),
});
export type ScorecardFile = z.infer<typeof ScorecardFile>;
