import { z } from "zod";
import { Language } from "./preferences";

const webhookExample = {
  id: 4,
  name: "Ops channel",
  url: "https://hooks.example.com/gauge",
  format: "standard" as const,
  createdAt: "2026-11-20T09:00:00.000Z",
  disabled: false,
};

export const WebhookFormat = z.enum(["standard", "slack", "teams", "google_chat"]).meta({
  description:
    "standard: signed Standard Webhooks JSON ({type, timestamp, data}); slack: a Slack incoming-webhook message with blocks; " +
    "teams: a Microsoft Teams message with an Adaptive Card; google_chat: a Google Chat message with a card. Only a standard webhook's receiver verifies signatures, so only it is given a secret.",
});
export type WebhookFormat = z.infer<typeof WebhookFormat>;

export const Webhook = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    format: WebhookFormat,
    createdAt: z.string(),
    disabled: z.boolean().meta({ description: "The receiver answered 410 Gone: nothing is sent until an event is redelivered or a test is sent" }),
    language: Language.optional().meta({
      description: "The language of its chat messages and delivery summaries; absent: English. Standard JSON data is the same in every language.",
    }),
  })
  .meta({ id: "Webhook", example: webhookExample });
export type Webhook = z.infer<typeof Webhook>;

export const WebhookList = z.object({ items: z.array(Webhook) }).meta({ id: "WebhookList", example: { items: [webhookExample] } });
export type WebhookList = z.infer<typeof WebhookList>;

export const CreateWebhook = z
  .strictObject({
    name: z.string().trim().min(1, "name is required").max(200),
    url: z.url({ protocol: /^https?$/, error: "Enter an http or https URL" }).max(2000),
    format: WebhookFormat.optional(),
    language: Language.optional().meta({ description: "The language of its messages (default English)" }),
  })
  .meta({ id: "CreateWebhook", example: { name: "Ops channel", url: "https://hooks.example.com/gauge", format: "slack" } });
export type CreateWebhook = z.infer<typeof CreateWebhook>;

export const UpdateWebhook = z
  .strictObject({
    name: z.string().trim().min(1, "name is required").max(200).optional(),
    url: z
      .url({ protocol: /^https?$/, error: "Enter an http or https URL" })
      .max(2000)
      .optional(),
    format: WebhookFormat.optional(),
    language: Language.nullable().optional().meta({ description: "null: back to English" }),
  })
  .refine((u) => Object.keys(u).length > 0, "Send at least one field to change")
  .meta({ id: "UpdateWebhook", description: "Only the fields sent change; the secret stays.", example: { format: "teams" } });
export type UpdateWebhook = z.infer<typeof UpdateWebhook>;

export type CreatedWebhook = z.infer<typeof CreatedWebhook>;
export const CreatedWebhook = Webhook.extend({ secret: z.string().optional() }).meta({
  id: "CreatedWebhook",
  description:
    "`secret` (whsec_ + base64 of 32 random bytes) signs a standard webhook's deliveries; it is shown only here. Slack, Teams and Google Chat verify no signature: their answer has none.",
  example: { ...webhookExample, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" },
});

export const Delivery = z
  .object({
    id: z.number().int(),
    eventId: z.string(),
    type: z.string().meta({ description: "alert.triggered, webhook.test, kpi.reminder or digest.weekly" }),
    summary: z.string().meta({ description: "What the message said, in one line" }),
    status: z.enum(["succeeded", "failed"]),
    responseStatus: z.number().int().nullable(),
    attemptedAt: z.string(),
    nextAttemptAt: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({
    id: "Delivery",
    example: {
      id: 17,
      eventId: "msg_2b7Xq",
      type: "alert.triggered",
      summary: "Churn too high: Churn is 5.1 %",
      status: "failed",
      responseStatus: 503,
      attemptedAt: "2026-11-20T09:00:05.000Z",
      nextAttemptAt: "2026-11-20T09:05:05.000Z",
      error: null,
    },
  });
export type Delivery = z.infer<typeof Delivery>;

export const DeliveryList = z.object({ items: z.array(Delivery) }).meta({
  id: "DeliveryList",
  example: {
    items: [
      {
        id: 17,
        eventId: "msg_2b7Xq",
        type: "alert.triggered",
        summary: "Churn too high: Churn is 5.1 %",
        status: "succeeded",
        responseStatus: 204,
        attemptedAt: "2026-11-20T09:00:05.000Z",
        nextAttemptAt: null,
        error: null,
      },
    ],
  },
});

export const QueuedEvent = z.object({ eventId: z.string() }).meta({ id: "QueuedEvent", example: { eventId: "msg_2b7Xq" } });
