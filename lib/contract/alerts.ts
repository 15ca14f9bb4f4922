import { z } from "zod";
import { Guid, NullableNumber, RowId } from "./common";

export const AlertCondition = z.enum(["VALUE_ABOVE", "VALUE_BELOW", "PERFORMANCE_BELOW", "VALUE_CHANGED"]);
export type AlertCondition = z.infer<typeof AlertCondition>;

const alertExample = {
  id: 2,
  name: "Churn too high",
  kpiGuid: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f",
  condition: "VALUE_ABOVE" as const,
  threshold: 4,
  webhookId: 4,
  active: true,
};

export const Alert = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kpiGuid: z.string(),
    condition: AlertCondition,
    threshold: z.number().nullable(),
    webhookId: z.number().int(),
    active: z.boolean(),
  })
  .meta({
    id: "Alert",
    description: "`threshold` is a value for VALUE_ABOVE and VALUE_BELOW, a fraction of the score (0.5 = 50 % of the way from baseline to target) for PERFORMANCE_BELOW, and null for VALUE_CHANGED.",
    example: alertExample,
  });
export type Alert = z.infer<typeof Alert>;

export const AlertList = z.object({ items: z.array(Alert) }).meta({ id: "AlertList", example: { items: [alertExample] } });
export type AlertList = z.infer<typeof AlertList>;

const needsThreshold = (a: { condition?: AlertCondition; threshold?: number | null }) =>
  a.condition === undefined || a.condition === "VALUE_CHANGED" || (a.threshold !== undefined && a.threshold !== null);

export const CreateAlert = z
  .strictObject({
    name: z.string().trim().min(1, "name is required").max(200),
    kpiGuid: Guid,
    condition: AlertCondition,
    threshold: NullableNumber.optional(),
    webhookId: RowId,
    active: z.boolean().optional(),
  })
  .refine(needsThreshold, { message: "This condition needs a threshold", path: ["threshold"] })
  .meta({ id: "CreateAlert", example: { name: "Churn too high", kpiGuid: alertExample.kpiGuid, condition: "VALUE_ABOVE", threshold: 4, webhookId: 4 } });
export type CreateAlert = z.infer<typeof CreateAlert>;

export const UpdateAlert = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    kpiGuid: Guid.optional(),
    condition: AlertCondition.optional(),
    threshold: NullableNumber.optional(),
    webhookId: RowId.optional(),
    active: z.boolean().optional(),
  })
  .meta({ id: "UpdateAlert", example: { active: false } });
export type UpdateAlert = z.infer<typeof UpdateAlert>;

export const DocumentCheck = z
  .object({
    checkedAt: z.string(),
    checkedAlerts: z.number().int().meta({ description: "Active alerts of the scorecard" }),
    fired: z
      .array(
        z.object({
          alertId: z.number().int(),
          name: z.string(),
          kpiGuid: z.string(),
          condition: AlertCondition,
          date: z.string().meta({ description: "The date of the KPI's newest value, which was checked" }),
          value: z.number(),
          status: z.string(),
        }),
      )
      .meta({ description: "Alerts whose condition now holds and did not at their last check: each queued its webhook event" }),
  })
  .meta({
    id: "DocumentCheck",
    description: "VALUE_CHANGED alerts fire on writes only, never on a check. Gauge has no database-fed KPIs to refresh.",
    example: { checkedAt: "2026-11-23T10:00:00.000Z", checkedAlerts: 2, fired: [{ alertId: 2, name: "Churn too high", kpiGuid: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f", condition: "VALUE_ABOVE", date: "2026-10-31", value: 5.1, status: "OFF_TRACK" }] },
  });
export type DocumentCheck = z.infer<typeof DocumentCheck>;
