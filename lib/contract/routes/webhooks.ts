import { createRoute, z } from "@hono/zod-openapi";
import { CreatedWebhook, CreateWebhook, DeliveryList, QueuedEvent, UpdateWebhook, Webhook, WebhookList } from "../webhooks";
import { errors, json, jsonBody, secured, needs } from "./helpers";

const tags = ["Alerts and webhooks"];
const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, "Invalid webhook id")
    .transform(Number),
});

export const listWebhooks = createRoute({
  operationId: "listWebhooks",
  ...needs("expert"),
  method: "get",
  path: "/api/webhooks",
  tags,
  summary: "List the account's webhooks",
  security: secured,
  responses: { 200: json(WebhookList, "The webhooks"), ...errors(403) },
});
export const createWebhook = createRoute({
  operationId: "createWebhook",
  ...needs("admin"),
  method: "post",
  path: "/api/webhooks",
  tags,
  security: secured,
  summary: "Create a webhook (its signing secret is shown only in this response)",
  description: "URLs on loopback, private, link-local or other internal addresses are refused (checked again at every delivery).",
  request: { body: jsonBody(CreateWebhook) },
  responses: { 201: json(CreatedWebhook, "Created; store `secret` now"), ...errors(400, 415, 403) },
});
export const updateWebhook = createRoute({
  operationId: "updateWebhook",
  ...needs("admin"),
  method: "patch",
  path: "/api/webhooks/{id}",
  tags,
  security: secured,
  summary: "Rename a webhook, change its URL or its format",
  description: "Messages already queued keep the shape they were queued with.",
  request: { params: idParams, body: jsonBody(UpdateWebhook) },
  responses: { 200: json(Webhook, "The webhook"), ...errors(400, 404, 415, 403) },
});
export const deleteWebhook = createRoute({
  operationId: "deleteWebhook",
  ...needs("admin"),
  method: "delete",
  path: "/api/webhooks/{id}",
  tags,
  summary: "Delete a webhook, its alerts and its pending events",
  security: secured,
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...errors(400, 404, 403) },
});
export const listDeliveries = createRoute({
  operationId: "listDeliveries",
  ...needs("admin"),
  method: "get",
  path: "/api/webhooks/{id}/deliveries",
  tags,
  summary: "Recent delivery attempts, newest first",
  security: secured,
  request: { params: idParams },
  responses: { 200: json(DeliveryList, "Up to 100 attempts"), ...errors(400, 404, 403) },
});
export const redeliverEvent = createRoute({
  operationId: "redeliverEvent",
  ...needs("admin"),
  method: "post",
  path: "/api/webhooks/{id}/events/{eventId}/redeliver",
  tags,
  security: secured,
  summary: "Send an event again, from the start of the retry schedule",
  request: { params: idParams.extend({ eventId: z.string().regex(/^msg_[\w-]{1,64}$/, "Invalid event id") }) },
  responses: { 202: json(QueuedEvent, "Queued"), ...errors(400, 404, 403) },
});
export const testWebhook = createRoute({
  operationId: "testWebhook",
  ...needs("admin"),
  method: "post",
  path: "/api/webhooks/{id}/test",
  tags,
  summary: "Queue a `webhook.test` event",
  security: secured,
  request: { params: idParams },
  responses: { 202: json(QueuedEvent, "Queued"), ...errors(400, 404, 403) },
});
