import { z } from "zod";
import { IsoDate } from "./common";
import { Period } from "./kpis";

/** The chart's filters, kept in the URL: ?period=MONTH&from=2025-12-01&to=2026-11-30 */
export const GroupedQuery = z.object({ period: Period, from: IsoDate, to: IsoDate });
export type GroupedQuery = z.infer<typeof GroupedQuery>;

/** What a BFF route answers for a write that returns nothing else (a delete). */
export const BffOk = z.object({ success: z.literal(true) });
