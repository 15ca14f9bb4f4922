import * as routes from "@/lib/contract/routes/webhooks";
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, redeliver, sendTestEvent, updateWebhook } from "../domain/webhooks";
import { newRouter } from "../router";

export const webhookRoutes = newRouter()
  .openapi(routes.listWebhooks, async (c) => c.json({ items: await listWebhooks(c.var) }, 200))
  .openapi(routes.createWebhook, async (c) => c.json(await createWebhook(c.var, c.req.valid("json")), 201))
  .openapi(routes.updateWebhook, async (c) => c.json(await updateWebhook(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200))
  .openapi(routes.deleteWebhook, async (c) => {
    await deleteWebhook(c.var, c.req.valid("param"));
    return c.body(null, 204);
  })
  .openapi(routes.listDeliveries, async (c) => c.json({ items: await listDeliveries(c.var, c.req.valid("param")) }, 200))
  .openapi(routes.redeliverEvent, async (c) => {
    const params = c.req.valid("param");
    await redeliver(c.var, params);
    return c.json({ eventId: params.eventId }, 202);
  })
  .openapi(routes.testWebhook, async (c) => c.json({ eventId: await sendTestEvent(c.var, c.req.valid("param")) }, 202));
