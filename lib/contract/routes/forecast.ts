import { createRoute, z } from "@hono/zod-openapi";
import { DocId, IsoDate } from "../common";
import { ScorecardForecast, WhatIf, WhatIfAnswer } from "../forecast";
import { Period } from "../kpis";
import { GuidList } from "../grouped";
import { errors, json, jsonBody, readsOnly, secured } from "./helpers";

export const scorecardForecast = createRoute({
  operationId: "scorecardForecast",
  method: "get",
  path: "/api/document/{docId}/kpi/indicators/forecast/{period}",
  tags: ["Grouped values controller"],
  security: secured,
  summary: "Where each KPI will land: the next periods up to a horizon, with 80 % intervals and projected scores and statuses",
  description:
    "One call for the whole scorecard. Each entered KPI is forecast from up to four years of its own history by the method that did best on its last periods " +
    "(seasonal Holt-Winters with damped trend, damped trend, or the last value); calculated KPIs and containers are computed from their inputs' forecasts as " +
    "grouped values are. Periods start with the one holding today, forecast whole. A KPI with fewer than four periods of history has no forecast, and says so.",
  request: {
    params: z.object({ docId: DocId, period: Period }),
    query: z.object({
      horizon: IsoDate.optional().meta({ description: "The last day forecast (default: 31 December of this year, or the latest target entered beyond it)" }),
      guids: GuidList,
    }),
  },
  responses: { 200: json(ScorecardForecast, "Each KPI's forecast, in tree order"), ...errors(400, 404) },
});

export const whatIf = createRoute({
  operationId: "whatIf",
  ...readsOnly,
  method: "post",
  path: "/api/document/{docId}/what-if",
  tags: ["Grouped values controller"],
  security: secured,
  summary: "What if: the grouped values with some KPIs' values changed or grown, through formulas and containers, beside the actual; nothing is stored",
  description: "Reading the scorecard is enough. Without overrides the items are the grouped values' own.",
  request: { params: z.object({ docId: DocId }), body: jsonBody(WhatIf) },
  responses: { 200: json(WhatIfAnswer, "The scorecard as it would be"), ...errors(400, 404, 415) },
});
