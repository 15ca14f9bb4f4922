import { z } from "zod";

export const Scorecard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    kpiCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({
    id: "Scorecard",
    example: {
      id: 1,
      name: "Company balanced scorecard",
      description: "Strategy map of the company",
      kpiCount: 18,
      updatedAt: "2026-11-20T09:12:00.000Z",
    },
  });
export type Scorecard = z.infer<typeof Scorecard>;

export const ScorecardList = z
  .object({ documents: z.array(Scorecard), sharedToUser: z.array(Scorecard) })
  .meta({ id: "ScorecardList" });
export type ScorecardList = z.infer<typeof ScorecardList>;
