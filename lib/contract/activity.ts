import { z } from "zod";
import { IsoDate } from "./common";

export const ACTIVITY_KINDS = ["sign-in", "people", "api-keys", "sharing", "webhooks", "alerts", "scorecards", "kpis", "values", "exports", "settings", "locks", "connectors"] as const;

const eventExample = {
  id: 120,
  at: "2026-11-03T08:30:00.000Z",
  userId: 1,
  email: "boss@example.com",
  apiKey: null,
  via: "dashboard",
  kind: "people",
  action: "changed a person's role or status",
  scorecardId: null,
  details: { id: 7, role: "viewer" },
};
export const ActivityEvent = z
  .object({
    id: z.number().int(),
    at: z.string(),
    userId: z.number().int().nullable(),
    email: z.string().nullable().meta({ description: "Who, as they were then (null for a failed sign-in of an unknown address is never recorded)" }),
    apiKey: z.string().nullable().meta({ description: "The API key's name when a key made the call" }),
    via: z.string().meta({ description: "api, dashboard or import (the client's own label)" }),
    kind: z.enum(ACTIVITY_KINDS),
    action: z.string(),
    scorecardId: z.number().int().nullable(),
    details: z.record(z.string(), z.unknown()).meta({ description: "What it acted on: path parameters and the request's non-secret fields" }),
  })
  .meta({ id: "ActivityEvent", example: eventExample });
export type ActivityEvent = z.infer<typeof ActivityEvent>;

export const ActivityQuery = z.object({
  person: z.coerce.number().int().positive().max(2_147_483_647).optional().meta({ description: "A user's ID" }),
  scorecard: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  kind: z.enum(ACTIVITY_KINDS).optional(),
  from: IsoDate.optional().meta({ description: "From this day (UTC), inclusive" }),
  to: IsoDate.optional().meta({ description: "To this day (UTC), inclusive" }),
  limit: z.coerce.number().int().min(1, "At least 1").max(1000, "At most 1000").default(100),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().meta({ description: "The page after the previous one: its `next`" }),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityPage = z
  .object({ items: z.array(ActivityEvent), next: z.number().int().nullable().meta({ description: "Pass as `before` for the next page; null on the last" }) })
  .meta({ id: "ActivityPage", description: "Newest first", example: { items: [eventExample], next: null } });
export type ActivityPage = z.infer<typeof ActivityPage>;
