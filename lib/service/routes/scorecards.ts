import * as routes from "@/lib/contract/routes/scorecards";
import { getKpi, getScorecard, scorecardTree, listKpis, listScorecards, updateKpi } from "../domain/scorecards";
import { getSharing, updateSharing } from "../domain/sharing";
import { withHealth } from "../domain/scorecard-health";
import { newRouter } from "../router";

export const scorecardRoutes = newRouter()
  .openapi(routes.listScorecards, async (c) => {
    const { documents, sharedToUser } = await listScorecards(c.var);
    return c.json({ documents: await withHealth(c.var, documents), sharedToUser: await withHealth(c.var, sharedToUser) }, 200);
  })
  .openapi(routes.getScorecard, async (c) => c.json(await getScorecard(c.var, c.req.valid("param")), 200))
  .openapi(routes.listKpis, async (c) => c.json({ items: await listKpis(c.var, c.req.valid("param")) }, 200))
  .openapi(routes.kpiTree, async (c) => c.json(await scorecardTree(c.var, c.req.valid("param")), 200))
  .openapi(routes.getKpi, async (c) => c.json(await getKpi(c.var, c.req.valid("param")), 200))
  .openapi(routes.getSharing, async (c) => c.json(await getSharing(c.var, c.req.valid("param")), 200))
  .openapi(routes.updateSharing, async (c) => c.json(await updateSharing(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200))
  .openapi(routes.updateKpi, async (c) => c.json(await updateKpi(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200));
