import { z } from "zod";
import { Guid, IsoDate, KpiNumber } from "./common";
import { Series } from "./grouped";
import { Period, Status } from "./kpis";

const GUID = "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f";
const figure = z.number().nullable();

export const ForecastPoint = z
  .object({ start: IsoDate, end: IsoDate, value: figure, low: figure, high: figure, score: figure, status: Status })
  .meta({ id: "ForecastPoint", description: "A future period: the expected value, its 80 % interval (low, high), and the score and status it would have" });
export type ForecastPoint = z.infer<typeof ForecastPoint>;

const pointExample = { start: "2026-12-01", end: "2026-12-31", value: 6_900_000, low: 6_500_000, high: 7_300_000, score: 1, status: "ON_TRACK" } as const;
const kpiForecastExample = {
  guid: GUID,
  name: "Revenue",
  method: "seasonal",
  error: 0.043,
  note: null,
  points: [pointExample],
  projection: pointExample,
} as const;
export const KpiForecast = z
  .object({
    guid: z.string(),
    name: z.string(),
    method: z.enum(["seasonal", "damped", "naive", "formula", "container"]).nullable().meta({
      description:
        "seasonal: Holt-Winters with damped trend; damped: damped trend; naive: the last value; formula and container: computed from their inputs' forecasts; null: too little history",
    }),
    error: z
      .number()
      .nullable()
      .meta({ description: "The method's mean absolute percentage error on the held-out end of the history (0.05 = 5 %); null when not measured" }),
    note: z.string().nullable().meta({ description: "Why there is no forecast (too little history)" }),
    points: z.array(ForecastPoint),
    projection: ForecastPoint.nullable().meta({
      description: "The period holding the horizon, or, by default, the KPI's last target beyond the year (else December)",
    }),
  })
  .meta({ id: "KpiForecast", example: kpiForecastExample });
export type KpiForecast = z.infer<typeof KpiForecast>;

export const ScorecardForecast = z
  .object({ period: Period, horizon: IsoDate, items: z.array(KpiForecast) })
  .meta({ id: "ScorecardForecast", example: { period: "MONTH", horizon: "2026-12-31", items: [kpiForecastExample] } });
export type ScorecardForecast = z.infer<typeof ScorecardForecast>;

const override = z.union([
  z.strictObject({ guid: Guid, date: IsoDate, value: KpiNumber }).meta({ description: "The KPI's value for the period holding `date`" }),
  z
    .strictObject({ guid: Guid, growth: z.number().min(-1).max(10) })
    .meta({ description: "From the KPI's last value, each later period `growth` more (0.05 = 5 % a period), compounding" }),
]);
export const WhatIf = z
  .strictObject({
    period: Period,
    from: IsoDate,
    to: IsoDate,
    overrides: z.array(override).max(1000),
  })
  .refine((w) => w.from <= w.to, { path: ["to"], message: "to must not be before from" })
  .meta({ id: "WhatIf", example: { period: "MONTH", from: "2026-01-01", to: "2026-12-31", overrides: [{ guid: GUID, growth: 0.05 }] } });
export type WhatIf = z.infer<typeof WhatIf>;

const movedExample = {
  guid: GUID,
  name: "Revenue",
  start: "2026-12-01",
  actual: null,
  whatIf: 7_100_000,
  actualStatus: "NONE",
  whatIfStatus: "ON_TRACK",
} as const;
export const WhatIfAnswer = z
  .object({
    period: Period,
    start: IsoDate,
    end: IsoDate,
    items: z
      .array(Series)
      .meta({ description: "The grouped values with the overrides applied through formulas and containers, each with its notes as in the grouped read" }),
    moved: z
      .array(z.object({ guid: z.string(), name: z.string(), start: IsoDate, actual: figure, whatIf: figure, actualStatus: Status, whatIfStatus: Status }))
      .meta({ description: "Every KPI and period whose value or status differs from the actual" }),
    verdicts: z
      .array(
        z.object({
          guid: z.string(),
          name: z.string(),
          start: IsoDate.meta({ description: "The last period of the range: the horizon the verdict is for" }),
          whatIf: figure,
          target: figure,
          status: Status,
          neededGrowth: z
            .number()
            .nullable()
            .meta({ description: "For a KPI given a growth and a target at the horizon: the growth a period that meets the target there (0.05 = 5 %)" }),
        }),
      )
      .meta({ description: "For each KPI that moves: where it ends at the horizon, against its target there" }),
  })
  .meta({
    id: "WhatIfAnswer",
    description: "Nothing is stored",
    example: {
      period: "MONTH",
      start: "2026-01-01",
      end: "2026-12-31",
      items: [],
      moved: [movedExample],
      verdicts: [{ guid: GUID, name: "Revenue", start: "2026-12-01", whatIf: 7_100_000, target: 7_000_000, status: "ON_TRACK", neededGrowth: 0.041 }],
    },
  });
