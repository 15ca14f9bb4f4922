import * as routes from "@/lib/contract/routes/kpis";
import { idempotent } from "../idempotency";
import { listKpis, scorecardTree } from "../domain/scorecards";
import { balanceWeights, createKpi, deleteKpi, INDICATOR_TYPES, kpiInfo, setKpi, updateKpi } from "../domain/kpi-editing";
import { newRouter } from "../router";

export const kpiRoutes = newRouter()
  .openapi(routes.listKpis, async (c) => c.json({ items: await listKpis(c.var, c.req.valid("param")) }, 200))
  .openapi(routes.kpiTree, async (c) => c.json(await scorecardTree(c.var, c.req.valid("param")), 200))
  .openapi(routes.indicatorTypes, async (c) => c.json({ items: INDICATOR_TYPES }, 200))
  // Before PUT .../kpi/{guid}, which would read "weight-balance" as a GUID.
  .openapi(routes.balanceWeights, async (c) => c.json(await balanceWeights(c.var, c.req.valid("param")), 200))
  .openapi({ ...routes.createKpi, middleware: [idempotent] as const }, async (c) =>
    c.json(await createKpi(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 201),
  )
  .openapi(routes.getKpi, async (c) => c.json(await kpiInfo(c.var, c.req.valid("param")), 200))
  .openapi(routes.updateKpi, async (c) => c.json(await updateKpi(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200))
  .openapi(routes.setKpi, async (c) => c.json(await setKpi(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200))
  .openapi(routes.deleteKpi, async (c) => (await deleteKpi(c.var, c.req.valid("param")), c.body(null, 204)));
