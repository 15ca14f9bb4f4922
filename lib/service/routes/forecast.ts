import * as routes from "@/lib/contract/routes/forecast";
import { forecastScorecard } from "../forecast/scorecard";
import { whatIf } from "../forecast/what-if";
import { newRouter } from "../router";

export const forecastRoutes = newRouter()
  .openapi(routes.scorecardForecast, async (c) => c.json(await forecastScorecard(c.var, { ...c.req.valid("param"), ...c.req.valid("query") }), 200))
  .openapi(routes.whatIf, async (c) => c.json(await whatIf(c.var, c.req.valid("param").docId, c.req.valid("json")), 200));
