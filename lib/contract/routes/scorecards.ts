import { createRoute, z } from "@hono/zod-openapi";
import { DocId, Guid } from "../common";
import { Kpi, KpiList, KpiTree, UpdateKpi } from "../kpis";
import { Scorecard, ScorecardList, Sharing, UpdateSharing } from "../scorecards";
import { errors, json, jsonBody, secured, needs } from "./helpers";

const docParams = z.object({ docId: DocId });
const tags = ["Scorecards and KPIs"];

export const listScorecards = createRoute({
  operationId: "listScorecards",
  method: "get",
  path: "/api/documents/list",
  tags,
  summary: "List the account's scorecards",
  security: secured,
  responses: { 200: json(ScorecardList, "The account's scorecards"), ...errors() },
});

export const getScorecard = createRoute({
  operationId: "getScorecard",
  method: "get",
  path: "/api/documents/list/{docId}",
  tags,
  summary: "One scorecard",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(Scorecard, "The scorecard"), ...errors(400, 404) },
});

export const listKpis = createRoute({
  operationId: "listKpis",
  method: "get",
  path: "/api/document/{docId}/kpi/list",
  tags,
  summary: "Every KPI of a scorecard, flat, in tree order",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(KpiList, "The KPIs, the root first"), ...errors(400, 404) },
});

export const kpiTree = createRoute({
  operationId: "kpiTree",
  method: "get",
  path: "/api/document/{docId}/kpi/tree",
  tags,
  summary: "The scorecard's KPI tree",
  description: "The root is the scorecard's own container; its children are the perspectives.",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(KpiTree, "The tree"), ...errors(400, 404) },
});

export const getKpi = createRoute({
  operationId: "getKpi",
  method: "get",
  path: "/api/document/{docId}/kpi/{guid}",
  tags,
  summary: "One KPI",
  security: secured,
  request: { params: z.object({ docId: DocId, guid: Guid }) },
  responses: { 200: json(Kpi, "The KPI"), ...errors(400, 404) },
});

export const updateKpi = createRoute({
  operationId: "updateKpi",
  ...needs("expert"),
  method: "patch",
  path: "/api/document/{docId}/kpi/{guid}",
  tags,
  summary: "Change a KPI's settings (only the fields sent; null restores the default)",
  description: "`thresholds` and `scoreCap` decide the KPI's statuses and how far above 100 % its score goes; see the contract's \"Scores and statuses\".",
  security: secured,
  request: { params: z.object({ docId: DocId, guid: Guid }), body: jsonBody(UpdateKpi) },
  responses: { 200: json(Kpi, "The KPI as it is now"), ...errors(400, 404, 415, 403) },
});


const sharingTags = ["Sharing"];

export const getSharing = createRoute({
  operationId: "getSharing",
  method: "get",
  path: "/api/document/{docId}/sharing",
  tags: sharingTags,
  summary: "Who may read and write a scorecard",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(Sharing, "The scorecard's owner, shares and public link"), ...errors(400, 404) },
});

export const updateSharing = createRoute({
  operationId: "updateSharing",
  method: "put",
  path: "/api/document/{docId}/sharing",
  ...needs("expert"),
  tags: sharingTags,
  summary: "Share a scorecard with users, with the whole account, or at a public read-only link",
  description:
    "Only the owner or an admin may change sharing (others who can read it get 403). Every user named must belong to the account. " +
    "A viewer given write access can still only read: write access needs the expert role.",
  security: secured,
  request: { params: docParams, body: jsonBody(UpdateSharing) },
  responses: { 200: json(Sharing, "The sharing as it is now"), ...errors(400, 403, 404, 415) },
});
