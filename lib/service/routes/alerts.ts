import * as routes from "@/lib/contract/routes/alerts";
import { alertHistory, createAlert, deleteAlert, listAlerts, updateAlert } from "../domain/alerts";
import { newRouter } from "../router";

export const alertRoutes = newRouter()
  .openapi(routes.listAlerts, async (c) => c.json({ items: await listAlerts(c.var, c.req.valid("param")) }, 200))
  .openapi(routes.createAlert, async (c) => c.json(await createAlert(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 201))
  .openapi(routes.updateAlert, async (c) => c.json(await updateAlert(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200))
  .openapi(routes.deleteAlert, async (c) => {
    await deleteAlert(c.var, c.req.valid("param"));
    return c.body(null, 204);
  })
  .openapi(routes.alertHistory, async (c) => c.json({ items: await alertHistory(c.var, c.req.valid("param")) }, 200));
