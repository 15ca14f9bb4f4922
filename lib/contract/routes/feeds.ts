import { createRoute, z } from "@hono/zod-openapi";
import { DocId, ErrorBody } from "../common";
import { CreatedFeed, FeedList, FeedQuery } from "../feeds";
import { errors, json, needs, noToken, secured } from "./helpers";

const tags = ["Spreadsheet links"];

export const createFeed = createRoute({
  operationId: "createFeed",
  ...needs("expert"),
  method: "post",
  path: "/api/document/{docId}/feeds",
  tags,
  security: secured,
  summary: "Create a spreadsheet link for a scorecard (its address is shown only in this answer)",
  description: "Anyone with the address reads the scorecard's figures as CSV, with the creator's access; each read is one call of the creator's account.",
  request: { params: z.object({ docId: DocId }) },
  responses: { 201: json(CreatedFeed, "Created; keep `url` now"), ...errors(403, 404) },
});
export const listFeeds = createRoute({
  operationId: "listFeeds",
  method: "get",
  path: "/api/feeds",
  tags,
  security: secured,
  summary: "The caller's spreadsheet links (an admin's: the account's)",
  responses: { 200: json(FeedList, "The links, newest first, without their addresses"), ...errors() },
});
export const revokeFeed = createRoute({
  operationId: "revokeFeed",
  method: "delete",
  path: "/api/feeds/{id}",
  tags,
  security: secured,
  summary: "Revoke a spreadsheet link: its address answers 404 from now on",
  request: {
    params: z.object({
      id: z
        .string()
        .regex(/^\d{1,12}$/, "Invalid link id")
        .transform(Number),
    }),
  },
  responses: { 204: { description: "Revoked" }, ...errors(400, 404) },
});
export const readFeed = createRoute({
  operationId: "readFeed",
  method: "get",
  path: "/feeds/{token}",
  tags,
  security: noToken,
  summary: "A scorecard's figures as CSV, for =IMPORTDATA(...) in Google Sheets or Excel's From Web (no login; one call of the creator's account)",
  description: "Columns: KPI, GUID, Period start, Value, Target, Score, Status; one row per KPI and period, in the scorecard's order.",
  request: { params: z.object({ token: z.string().regex(/^gfd_[\w-]{20,64}$/, "Not a spreadsheet link") }), query: FeedQuery },
  responses: {
    200: {
      description: "The figures",
      content: {
        "text/csv": {
          schema: z.string().meta({
            example: "KPI,GUID,Period start,Value,Target,Score,Status\nRevenue,0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f,2026-10-01,6900000,6500000,1,ON_TRACK\n",
          }),
        },
      },
    },
    400: json(ErrorBody, "Bad period or range"),
    404: json(ErrorBody, "No such link, or revoked, or its creator may no longer read the scorecard"),
    429: json(ErrorBody, "The creator's account reached its call limit (see Retry-After)"),
  },
});
