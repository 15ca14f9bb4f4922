import { createRoute, z } from "@hono/zod-openapi";
import { ErrorBody, IsoDate } from "../common";
import { GroupedValues } from "../grouped";
import { Period } from "../kpis";
import { PublicId, PublicScorecard } from "../scorecards";
import { json, noToken } from "./helpers";

const tags = ["Public scorecards"];
const notPublished = json(ErrorBody, "No scorecard is published at this link (never, or no longer)");

export const publicScorecard = createRoute({
  operationId: "publicScorecard",
  method: "get",
  path: "/public/{publicId}",
  tags,
  security: noToken,
  summary: "A published scorecard's KPI tree (no Token; not counted against the owner's budget)",
  request: { params: z.object({ publicId: PublicId }) },
  responses: { 200: json(PublicScorecard, "The scorecard as published"), 400: json(ErrorBody, "Malformed link"), 404: notPublished },
});

export const publicGroupedValues = createRoute({
  operationId: "publicGroupedValues",
  method: "get",
  path: "/public/{publicId}/grouped-value/{period}/{startDate}/{endDate}",
  tags,
  security: noToken,
  summary: "A published scorecard's values grouped by period (no Token; not counted)",
  request: { params: z.object({ publicId: PublicId, period: Period, startDate: IsoDate, endDate: IsoDate }) },
  responses: { 200: json(GroupedValues, "One series per KPI, in tree order"), 400: json(ErrorBody, "Malformed link or range"), 404: notPublished },
});
