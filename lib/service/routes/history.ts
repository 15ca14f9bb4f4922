import * as routes from "@/lib/contract/routes/history";
import { kpiRevisions, listChanges } from "../domain/history";
import { lockPeriods } from "../domain/locks";
import { revertChange } from "../domain/revert";
import { newRouter } from "../router";

export const historyRoutes = newRouter()
  .openapi(routes.kpiRevisions, async (c) => c.json(await kpiRevisions(c.var, { ...c.req.valid("param"), ...c.req.valid("query") }), 200))
  .openapi(routes.listChanges, async (c) => c.json(await listChanges(c.var, { ...c.req.valid("param"), ...c.req.valid("query") }), 200))
  .openapi(routes.revertChange, async (c) => c.json(await revertChange(c.var, { ...c.req.valid("param"), ...c.req.valid("query") }), 200))
  .openapi(routes.lockPeriods, async (c) => c.json(await lockPeriods(c.var, { ...c.req.valid("param"), ...c.req.valid("json") }), 200));
