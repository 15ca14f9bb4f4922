import { z } from "zod";
import { Guid, IsoDate, NullableNumber } from "./common";
import { InitiativeBody } from "./initiatives";
import { Grouping, IndicatorType, Optimization, Period, ScoreCap, Thresholds } from "./kpis";
import { Translations } from "./translations";

export const ValueRecordFile = z.object({
  date: IsoDate,
  value: NullableNumber.optional(),
  target: NullableNumber.optional(),
  baseline: NullableNumber.optional(),
  min: NullableNumber.optional(),
  max: NullableNumber.optional(),
  score: NullableNumber.optional(),
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
  translations?: Translations;
  values?: z.infer<typeof ValueRecordFile>[];
  initiatives?: (InitiativeBody & { guid?: string })[];
};

/**
 * A KPI in a scorecard file. `id` is a name local to the file that formulas may use as
 * `[id]`; `guid` keeps a KPI's GUID stable across imports (a new one is made when absent).
 */
export const KpiFile: z.ZodType<KpiFile, unknown> = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z][\w-]*$/, "id: letters, digits, _ and -")
      .optional(),
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
    weight: z.number().finite().min(0).optional(),
    min: NullableNumber.optional(),
    max: NullableNumber.optional(),
    target: NullableNumber.optional(),
    baseline: NullableNumber.optional(),
    thresholds: Thresholds.optional(),
    scoreCap: ScoreCap.optional(),
    get children() {
      return z.array(KpiFile).optional();
    },
    translations: Translations.optional(),
    values: z.array(ValueRecordFile).optional(),
    initiatives: z.array(z.intersection(InitiativeBody, z.object({ guid: Guid.optional() }))).optional(),
  })
  .meta({ id: "KpiFile" });

/** The JSON file that `npm run cli -- import-scorecard` reads; README.md documents it. */
export const ScorecardFile = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    translations: Translations.optional(),
    icon: z.string().optional(),
    kpis: z.array(KpiFile).min(1, "A scorecard needs at least one KPI"),
    /** Strategy-map arrows between objectives, named by `id` or GUID. */
    links: z.array(z.object({ from: z.string(), to: z.string() })).optional(),
  })
  .superRefine((file, ctx) => {
    const names = new Set<string>();
    const collect = (list: KpiFile[]) => list.forEach((k) => (k.id && names.add(k.id), k.guid && names.add(k.guid.toLowerCase()), collect(k.children ?? [])));
    collect(file.kpis);
    (file.links ?? []).forEach((link, i) =>
      (["from", "to"] as const).forEach((end) => {
        if (!names.has(link[end]) && !names.has(link[end].toLowerCase()))
          ctx.addIssue({ code: "custom", path: ["links", i, end], message: "Names no KPI of the file (an id or a GUID)" });
      }),
    );
  })
  .meta({
    id: "ScorecardFile",
    example: {
      name: "Sales team scorecard",
      description: "optional",
      kpis: [
        {
          name: "Results",
          type: "CONTAINER",
          children: [
            {
              id: "won",
              name: "Deals won",
              measure: "deals",
              updateInterval: "WEEK",
              grouping: "SUM",
              target: 18,
              baseline: 8,
              values: [{ date: "2024-01-01", value: 12 }],
            },
            { id: "lost", name: "Deals lost", updateInterval: "WEEK", grouping: "SUM", optimization: "MINIMIZE" },
            { name: "Win rate", measure: "%", formula: "[won] / ([won] + [lost]) * 100" },
          ],
        },
      ],
    },
  });
export type ScorecardFile = z.infer<typeof ScorecardFile>;
