import { z } from "zod";

const webhookExample = { id: 4, name: "Ops channel", url: "https://hooks.example.com/gauge", createdAt: "2026-11-20T09:00:00.000Z" };

export const Webhook = z
  .object({ id: z.number().int(), name: z.string(), url: z.string(), createdAt: z.string() })
  .meta({ id: "Webhook", example: webhookExample });
export type Webhook = z.infer<typeof Webhook>;

export const WebhookList = z.object({ items: z.array(Webhook) }).meta({ id: "WebhookList", example: { items: [webhookExample] } });
export type WebhookList = z.infer<typeof WebhookList>;

export const CreateWebhook = z
  .strictObject({
    name: z.string().trim().min(1, "name is required").max(200),
    url: z.url({ protocol: /^https?$/, error: "Enter an http or https URL" }).max(2000),
  })
  .meta({ id: "CreateWebhook", example: { name: "Ops channel", url: "https://hooks.example.com/gauge" } });
export type CreateWebhook = z.infer<typeof CreateWebhook>;

export type CreatedWebhook = z.infer<typeof CreatedWebhook>;
export const CreatedWebhook = Webhook.extend({ secret: z.string() }).meta({
  id: "CreatedWebhook",
  description: "`secret` (whsec_ + base64 of 32 random bytes) signs every delivery; it is shown only here.",
  example: { ...webhookExample, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" },
});

export const Delivery = z
  .object({
    id: z.number().int(),
    eventId: z.string(),
    status: z.enum(["succeeded", "failed"]),
    responseStatus: z.number().int().nullable(),
    attemptedAt: z.string(),
    nextAttemptAt: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({
    id: "Delivery",
    example: { id: 17, eventId: "msg_2b7Xq", status: "failed", responseStatus: 503, attemptedAt: "2026-11-20T09:00:05.000Z", nextAttemptAt: "2026-11-20T09:05:05.000Z", error: null },
  });
export type Delivery = z.infer<typeof Delivery>;

export const DeliveryList = z.object({ items: z.array(Delivery) }).meta({
  id: "DeliveryList",
  example: { items: [{ id: 17, eventId: "msg_2b7Xq", status: "succeeded", responseStatus: 204, attemptedAt: "2026-11-20T09:00:05.000Z", nextAttemptAt: null, error: null }] },
});

export const QueuedEvent = z.object({ eventId: z.string() }).meta({ id: "QueuedEvent", example: { eventId: "msg_2b7Xq" } });
