import { z } from "zod";
import { IsoDate } from "./common";
import { Period } from "./kpis";

const feedExample = { id: 3, docId: 12, scorecard: "Company scorecard", createdBy: "ana@example.com", createdAt: "2026-11-20T09:00:00.000Z" };

export const Feed = z
  .object({
    id: z.number().int(),
    docId: z.number().int(),
    scorecard: z.string(),
    createdBy: z.string().meta({ description: "Whose access it reads with, and whose account's calls it spends" }),
    createdAt: z.string(),
  })
  .meta({ id: "Feed", example: feedExample });
export type Feed = z.infer<typeof Feed>;

export const FeedList = z.object({ items: z.array(Feed) }).meta({ id: "FeedList", example: { items: [feedExample] } });

export const CreatedFeed = Feed.extend({
  url: z.string().meta({ description: "The link: CSV to a request with no login. Shown only here" }),
}).meta({ id: "CreatedFeed", example: { ...feedExample, url: "https://gauge.example.com/rest/feeds/gfd_Qm9vdHMgYW5kIGNhdHMgYW5kIGJvb3Rz" } });
export type CreatedFeed = z.infer<typeof CreatedFeed>;

export const FeedQuery = z.object({
  period: Period.optional().meta({ description: "How the figures are grouped (default MONTH)" }),
  from: IsoDate.optional().meta({ description: "First day (default: 1 January two years ago)" }),
  to: IsoDate.optional().meta({ description: "Last day (default: 31 December this year)" }),
});
