import { z } from "zod";

const scorecardExample = {
  id: 1,
  name: "Company balanced scorecard",
  description: "Strategy map of the company",
  kpiCount: 18,
  updatedAt: "2026-11-20T09:12:00.000Z",
};

export const Scorecard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    kpiCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: "Scorecard", example: scorecardExample });
export type Scorecard = z.infer<typeof Scorecard>;

export const ScorecardList = z
  .object({ documents: z.array(Scorecard), sharedToUser: z.array(Scorecard) })
  .meta({ id: "ScorecardList", example: { documents: [scorecardExample], sharedToUser: [] } });
export type ScorecardList = z.infer<typeof ScorecardList>;
