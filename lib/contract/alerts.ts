import { z } from "zod";
import { Guid, NullableNumber, RowId } from "./common";

export const AlertCondition = z.enum(["VALUE_ABOVE", "VALUE_BELOW", "PERFORMANCE_BELOW", "VALUE_CHANGED", "FORECAST_BELOW_TARGET"]);
export type AlertCondition = z.infer<typeof AlertCondition>;

const alertExample = {
  id: 2,
  name: "Churn too high",
  kpiGuid: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f",
  condition: "VALUE_ABOVE" as const,
  threshold: 4,
  webhookId: 4,
  emailUserIds: [7],
  active: true,
  lastFiredAt: "2026-11-02T09:14:00.000Z",
  lastDelivery: "DELIVERED" as const,
};

export const DeliveryOutcome = z.enum(["DELIVERED", "PARTLY_DELIVERED", "FAILED", "SENDING", "NOT_SENT"]);
export type DeliveryOutcome = z.infer<typeof DeliveryOutcome>;

export const Alert = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kpiGuid: z.string(),
    condition: AlertCondition,
    threshold: z.number().nullable(),
    webhookId: z.number().int().nullable().meta({ description: "The webhook it posts to; null when it only e-mails" }),
    emailUserIds: z.array(z.number().int()).meta({ description: "Users of the account it e-mails (needs SMTP_URL on the server)" }),
    active: z.boolean(),
    lastFiredAt: z.string().nullable(),
    lastDelivery: DeliveryOutcome.nullable().meta({
      description:
        "What became of the last firing's messages: DELIVERED (every one), PARTLY_DELIVERED, FAILED (none; retries are over or it was cancelled), SENDING (some still being tried), NOT_SENT (it had nowhere to go); null when it never fired",
    }),
  })
  .meta({
    id: "Alert",
    description:
      "`threshold` is a value in the KPI's unit for VALUE_ABOVE and VALUE_BELOW, a fraction of the score (0.5 = 50 % of the way from baseline to target) for PERFORMANCE_BELOW and for FORECAST_BELOW_TARGET (the projected score at the end of the year, checked every 15 minutes), and null for VALUE_CHANGED. " +
      "An alert delivers to its webhook, to the e-mail of each user in `emailUserIds`, or both.",
    example: alertExample,
  });
export type Alert = z.infer<typeof Alert>;

export const AlertList = z.object({ items: z.array(Alert) }).meta({ id: "AlertList", example: { items: [alertExample] } });
export type AlertList = z.infer<typeof AlertList>;

const EmailUserIds = z.array(RowId).max(50, "At most 50 recipients");
const hasChannel = (a: { webhookId?: number | null; emailUserIds?: number[] }) => (a.webhookId ?? null) !== null || (a.emailUserIds?.length ?? 0) > 0;
const channelMessage = { message: "Choose a webhook or at least one person to e-mail", path: ["webhookId"] };

const needsThreshold = (a: { condition?: AlertCondition; threshold?: number | null }) =>
  a.condition === undefined || a.condition === "VALUE_CHANGED" || (a.threshold !== undefined && a.threshold !== null);

export const CreateAlert = z
  .strictObject({
    name: z.string().trim().min(1, "name is required").max(200),
    kpiGuid: Guid,
    condition: AlertCondition,
    threshold: NullableNumber.optional(),
    webhookId: RowId.nullable().optional(),
    emailUserIds: EmailUserIds.optional(),
    active: z.boolean().optional(),
  })
  .refine(needsThreshold, { message: "This condition needs a threshold", path: ["threshold"] })
  .refine(hasChannel, channelMessage)
  .meta({
    id: "CreateAlert",
    example: { name: "Churn too high", kpiGuid: alertExample.kpiGuid, condition: "VALUE_ABOVE", threshold: 4, webhookId: 4, emailUserIds: [7] },
  });
export type CreateAlert = z.infer<typeof CreateAlert>;

export const UpdateAlert = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    kpiGuid: Guid.optional(),
    condition: AlertCondition.optional(),
    threshold: NullableNumber.optional(),
    webhookId: RowId.nullable().optional(),
    emailUserIds: EmailUserIds.optional(),
    active: z.boolean().optional(),
  })
  .meta({
    id: "UpdateAlert",
    description: "Only the fields sent change. The alert must keep a webhook or a person to e-mail.",
    example: { threshold: 5, emailUserIds: [7, 9] },
  });
export type UpdateAlert = z.infer<typeof UpdateAlert>;

export const DocumentCheck = z
  .object({
    checkedAt: z.string(),
    checkedAlerts: z.number().int().meta({ description: "Active alerts of the scorecard, forecast alerts included" }),
    fired: z
      .array(
        z.object({
          alertId: z.number().int(),
          name: z.string(),
          kpiGuid: z.string(),
          condition: AlertCondition,
          date: z.string().meta({ description: "The date of the KPI's newest value, which was checked (for a forecast alert, the projected period's start)" }),
          value: z.number(),
          status: z.string(),
        }),
      )
      .meta({ description: "Alerts whose condition now holds and did not at their last check: each queued its webhook event" }),
  })
  .meta({
    id: "DocumentCheck",
    description: "VALUE_CHANGED alerts fire on writes only, never on a check. Gauge has no database-fed KPIs to refresh.",
    example: {
      checkedAt: "2026-11-23T10:00:00.000Z",
      checkedAlerts: 2,
      fired: [
        {
          alertId: 2,
          name: "Churn too high",
          kpiGuid: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f",
          condition: "VALUE_ABOVE",
          date: "2026-10-31",
          value: 5.1,
          status: "OFF_TRACK",
        },
      ],
    },
  });
export type DocumentCheck = z.infer<typeof DocumentCheck>;

export const DeliveryStatus = z.enum(["pending", "succeeded", "failed", "cancelled"]);

export const AlertFiring = z
  .object({
    id: z.number().int(),
    firedAt: z.string(),
    date: z.string().meta({ description: "The date of the value that made it fire" }),
    value: z.number(),
    previousValue: z.number().nullable(),
    score: z.number().nullable(),
    status: z.string(),
    deliveries: z.array(
      z.object({
        eventId: z.string(),
        channel: z.enum(["webhook", "email"]),
        to: z.string().meta({ description: "The webhook's name, or the person's e-mail address" }),
        status: DeliveryStatus,
        attempts: z.number().int(),
        lastError: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "AlertFiring" });

const firingExample = {
  id: 31,
  firedAt: "2026-11-02T09:14:00.000Z",
  date: "2026-10-31",
  value: 5.1,
  previousValue: 3.8,
  score: 0.42,
  status: "OFF_TRACK",
  deliveries: [
    { eventId: "msg_2b7Xq", channel: "webhook" as const, to: "Ops channel", status: "succeeded" as const, attempts: 1, lastError: null },
    { eventId: "msg_9LmQe", channel: "email" as const, to: "ana@example.com", status: "pending" as const, attempts: 1, lastError: "Connection refused" },
  ],
};
export const AlertHistory = z
  .object({ items: z.array(AlertFiring) })
  .meta({ id: "AlertHistory", description: "The last 100 firings, newest first, with where each was delivered.", example: { items: [firingExample] } });
export type AlertHistory = z.infer<typeof AlertHistory>;
