import { createRoute, z } from "@hono/zod-openapi";
import { DocId, Guid } from "../common";
import { ChangeQuery, ChangeSetPage, LockPeriods, RevertQuery, RevertResult, RevisionPage, RevisionQuery } from "../history";
import { Scorecard } from "../scorecards";
import { errors, json, jsonBody, needs, secured } from "./helpers";

const tags = ["History"];
const docParams = z.object({ docId: DocId });
const changeId = z
  .string()
  .regex(/^\d{1,15}$/, "Invalid change id")
  .transform(Number);

export const kpiRevisions = createRoute({
  operationId: "kpiRevisions",
  method: "get",
  path: "/api/document/{docId}/kpi/{guid}/revisions",
  tags,
  security: secured,
  summary: "A KPI's value records as they changed: before and after, who, when, through what",
  description:
    "Newest first, paged (`limit`, then `before` from `next`). `from` and `to` bound the records' dates. Anyone who may read the scorecard may read its history.",
  request: { params: docParams.extend({ guid: Guid }), query: RevisionQuery },
  responses: { 200: json(RevisionPage, "The revisions"), ...errors(400, 404) },
});
export const listChanges = createRoute({
  operationId: "listChanges",
  method: "get",
  path: "/api/document/{docId}/changes",
  tags,
  security: secured,
  summary: "The scorecard's change sets: each batch, save, import or revert, with who, when, through what and how many records",
  description: "Newest first, paged (`limit`, then `before` from `next`).",
  request: { params: docParams, query: ChangeQuery },
  responses: { 200: json(ChangeSetPage, "The change sets"), ...errors(400, 404) },
});
export const revertChange = createRoute({
  operationId: "revertChange",
  ...needs("expert"),
  method: "post",
  path: "/api/document/{docId}/changes/{changeId}/revert",
  tags,
  security: secured,
  summary: "Undo a change set: put every record it touched back as it was, atomically, as a new change set",
  description:
    "Records the change set created are deleted; records it changed or deleted get their earlier figures back. When a later change touched one of " +
    "its records, the revert is refused with 409 naming each such record, unless `overwrite=true`. A record of a KPI deleted since cannot be put back (409). " +
    "`dryRun=true` answers what would change and changes nothing. Needs write access to the scorecard.",
  request: { params: docParams.extend({ changeId }), query: RevertQuery },
  responses: { 200: json(RevertResult, "What was (or would be) put back"), ...errors(400, 404, 409, 403) },
});
export const lockPeriods = createRoute({
  operationId: "lockPeriods",
  ...needs("admin"),
  method: "put",
  path: "/api/document/{docId}/lock",
  tags,
  security: secured,
  summary: "Lock a scorecard's periods up to a date (after a review), or unlock them",
  description:
    "Every write to a value dated on or before `lockedUntil` is refused with 409 and the reason, whatever the path: the API's writes and deletions, the " +
    "value grid, imports, undo, and deleting a KPI that holds such values. Admins only; both lock and unlock are in the activity log.",
  request: { params: docParams, body: jsonBody(LockPeriods) },
  responses: { 200: json(Scorecard, "The scorecard as it is now"), ...errors(400, 403, 404, 415) },
});
