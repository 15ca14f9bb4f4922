import { z } from "zod";

export const OrganizationInfo = z
  .object({
    settings: z
      .object({
        accountId: z.number().int(),
        name: z.string(),
        limitPerUser: z.number().int().meta({ description: "Calls per hour each active admin or expert adds to the pool" }),
        limitPerHour: z.number().int().meta({ description: "The account's pooled hourly limit" }),
        users: z.number().int().meta({ description: "Active users" }),
        timeZone: z.literal("UTC").meta({ description: "Dates are calendar dates; periods are cut in UTC" }),
      })
      .meta({ description: "The account's settings" }),
    strategy: z
      .object({
        scorecards: z.number().int().meta({ description: "Scorecards the caller may read" }),
        kpis: z.number().int(),
        initiatives: z.number().int(),
        perspectives: z.array(z.string()).meta({ description: "Distinct perspective names across those scorecards" }),
      })
      .meta({ description: "What the caller's scorecards hold" }),
  })
  .meta({
    id: "OrganizationInfo",
    example: {
      settings: { accountId: 1, name: "Demo company", limitPerUser: 100, limitPerHour: 200, users: 3, timeZone: "UTC" },
      strategy: { scorecards: 2, kpis: 24, initiatives: 3, perspectives: ["Financial", "Customer", "Internal processes", "Learning and growth"] },
    },
  });
export type OrganizationInfo = z.infer<typeof OrganizationInfo>;
