import { createRoute, z } from "@hono/zod-openapi";
import { ActivityPage, ActivityQuery } from "../activity";
import { errors, json, needs, secured } from "./helpers";

const tags = ["Activity log"];

export const listActivity = createRoute({
  operationId: "listActivity",
  ...needs("admin"),
  method: "get",
  path: "/api/activity",
  tags,
  security: secured,
  summary: "The account's activity log: sign-ins, people, keys, sharing, webhooks, alerts, scorecards, exports, settings",
  description:
    "Newest first, paged (`limit`, then `before` from `next`), filtered by person, scorecard, kind and days. Admins only. Nothing in it can be edited or deleted. " +
    "Changes to values are in each scorecard's history (`/changes`).",
  request: { query: ActivityQuery },
  responses: { 200: json(ActivityPage, "The events"), ...errors(400, 403) },
});
export const exportActivity = createRoute({
  operationId: "exportActivity",
  ...needs("admin"),
  method: "get",
  path: "/api/activity/export",
  tags,
  security: secured,
  summary: "The activity log as CSV, with the same filters",
  description: "Newest first; at most 50,000 events (narrow the filters for more). Admins only.",
  request: { query: ActivityQuery.omit({ limit: true, before: true }) },
  responses: {
    200: { description: "The events (text/csv)", content: { "text/csv": { schema: z.string() } } },
    ...errors(400, 403),
  },
});
