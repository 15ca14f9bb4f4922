import * as routes from "@/lib/contract/routes/scorecards";
import { getKpi, getScorecard, kpiTree, listKpis, listScorecards } from "../domain/scorecards";
import { newRouter } from "../router";

export const scorecardRoutes = newRouter()
  .openapi(routes.listScorecards, async (c) => c.json({ documents: await listScorecards(c.var), sharedToUser: [] }, 200))
  .openapi(routes.getScorecard, async (c) => c.json(await getScorecard(c.var, c.req.valid("param")), 200))
  .openapi(routes.listKpis, async (c) => c.json({ items: await listKpis(c.var, c.req.valid("param")) }, 200))
  .openapi(routes.kpiTree, async (c) => c.json({ root: await kpiTree(c.var, c.req.valid("param")) }, 200))
  .openapi(routes.getKpi, async (c) => c.json(await getKpi(c.var, c.req.valid("param")), 200));
