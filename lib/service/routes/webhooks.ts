import { createRoute, z } from "@hono/zod-openapi";
import { CreatedWebhook, CreateWebhook, DeliveryList, QueuedEvent, WebhookList } from "@/lib/contract/webhooks";
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, redeliver, sendTestEvent } from "../domain/webhooks";
import { errors, json, jsonBody, newRouter, secured } from "../router";

const tags = ["Alerts and webhooks"];
const idParams = z.object({ id: z.string().regex(/^\d{1,12}$/, "Invalid webhook id").transform(Number) });

const listRoute = createRoute({
  method: "get", path: "/api/webhooks", tags, summary: "List the account's webhooks", security: secured,
  responses: { 200: json(WebhookList, "The webhooks"), ...errors() },
});
const createRouteDef = createRoute({
  method: "post", path: "/api/webhooks", tags, security: secured,
  summary: "Create a webhook (its signing secret is shown only in this response)",
  description: "URLs on loopback, private, link-local or other internal addresses are refused (checked again at every delivery).",
  request: { body: jsonBody(CreateWebhook) },
  responses: { 201: json(CreatedWebhook, "Created; store `secret` now"), ...errors(400, 415) },
});
const deleteRouteDef = createRoute({
  method: "delete", path: "/api/webhooks/{id}", tags, summary: "Delete a webhook, its alerts and its pending events", security: secured,
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...errors(400, 404) },
});
const deliveriesRoute = createRoute({
  method: "get", path: "/api/webhooks/{id}/deliveries", tags, summary: "Recent delivery attempts, newest first", security: secured,
  request: { params: idParams },
  responses: { 200: json(DeliveryList, "Up to 100 attempts"), ...errors(400, 404) },
});
const redeliverRoute = createRoute({
  method: "post", path: "/api/webhooks/{id}/events/{eventId}/redeliver", tags, security: secured,
  summary: "Send an event again, from the start of the retry schedule",
  request: { params: idParams.extend({ eventId: z.string().regex(/^msg_[\w-]{1,64}$/, "Invalid event id") }) },
  responses: { 202: json(QueuedEvent, "Queued"), ...errors(400, 404) },
});
const testRoute = createRoute({
  method: "post", path: "/api/webhooks/{id}/test", tags, summary: "Queue a `webhook.test` event", security: secured,
  request: { params: idParams },
  responses: { 202: json(QueuedEvent, "Queued"), ...errors(400, 404) },
});

export const webhookRoutes = newRouter()
  .openapi(listRoute, async (c) => c.json({ items: await listWebhooks(c.var.deps, c.var.caller.accountId) }, 200))
  .openapi(createRouteDef, async (c) => c.json(await createWebhook(c.var.deps, c.var.caller.accountId, c.req.valid("json")), 201))
  .openapi(deleteRouteDef, async (c) => {
    await deleteWebhook(c.var.deps, c.var.caller.accountId, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(deliveriesRoute, async (c) => c.json({ items: await listDeliveries(c.var.deps, c.var.caller.accountId, c.req.valid("param").id) }, 200))
  .openapi(redeliverRoute, async (c) => {
    const { id, eventId } = c.req.valid("param");
    await redeliver(c.var.deps, c.var.caller.accountId, id, eventId);
    return c.json({ eventId }, 202);
  })
  .openapi(testRoute, async (c) => c.json({ eventId: await sendTestEvent(c.var.deps, c.var.caller.accountId, c.req.valid("param").id) }, 202));
