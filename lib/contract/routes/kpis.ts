import { createRoute, z } from "@hono/zod-openapi";
import { DocId, Guid } from "../common";
import { CreateKpi, IndicatorTypeList, Kpi, KpiInfo, KpiList, KpiTree, SetKpi, UpdateKpi, WeightChangeList } from "../kpis";
import { errors, idempotencyHeader, json, jsonBody, needs, secured } from "./helpers";

const docParams = z.object({ docId: DocId });
const kpiParams = z.object({ docId: DocId, guid: Guid });
const tags = ["Scorecards and KPIs"];

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
  summary: "One KPI, with its initiatives and its children",
  security: secured,
  request: { params: z.object({ docId: DocId, guid: Guid }) },
  responses: { 200: json(KpiInfo, "The KPI"), ...errors(400, 404) },
});

export const updateKpi = createRoute({
  operationId: "updateKpi",
  ...needs("expert"),
  method: "patch",
  path: "/api/document/{docId}/kpi/{guid}",
  tags,
  summary: "Change a KPI's settings, or move it (only the fields sent; null restores the default)",
  description:
    "`thresholds` and `scoreCap` decide the KPI's statuses and how far above 100 % its score goes; see the contract's \"Scores and statuses\". " +
    "`parentGuid` and `position` move it (under a container, not under itself). A formula must parse, name KPIs of this scorecard and make no cycle (400). " +
    "409 when the change would break the tree: the root turned into an indicator or moved, a container with children turned into an indicator, an indicator holding values turned into a container.",
  security: secured,
  request: { params: z.object({ docId: DocId, guid: Guid }), body: jsonBody(UpdateKpi) },
  responses: { 200: json(Kpi, "The KPI as it is now"), ...errors(400, 404, 409, 415, 403) },
});

export const setKpi = createRoute({
  operationId: "setKpi",
  ...needs("expert"),
  method: "put",
  path: "/api/document/{docId}/kpi/{guid}",
  tags,
  summary: "Set a KPI's name, type and description (the vendor's KPI update)",
  description: "Other settings stay; PATCH changes any of them. The type follows PATCH's rules (409 when it would break the tree).",
  security: secured,
  request: { params: kpiParams, body: jsonBody(SetKpi) },
  responses: { 200: json(KpiInfo, "The KPI as it is now, with its initiatives and child KPIs (items), as GET answers"), ...errors(400, 404, 409, 415, 403) },
});

export const createKpi = createRoute({
  operationId: "createKpi",
  ...needs("expert"),
  method: "post",
  path: "/api/document/{docId}/kpi",
  tags,
  summary: "Add a KPI or a container",
  security: secured,
  request: { params: docParams, headers: idempotencyHeader, body: jsonBody(CreateKpi) },
  responses: { 201: json(Kpi, "The new KPI"), ...errors(400, 404, 409, 415, 403) },
});

export const deleteKpi = createRoute({
  operationId: "deleteKpi",
  ...needs("expert"),
  method: "delete",
  path: "/api/document/{docId}/kpi/{guid}",
  tags,
  summary: "Delete a KPI with its children, values, initiatives, alerts and map arrows",
  description: "409 for the root (delete the scorecard instead) and while another KPI's formula uses it or one of its children.",
  security: secured,
  request: { params: kpiParams },
  responses: { 204: { description: "Deleted" }, ...errors(400, 404, 409, 403) },
});

export const indicatorTypes = createRoute({
  operationId: "indicatorTypes",
  method: "get",
  path: "/api/service/enums/indicator-types",
  tags,
  summary: "The values `indicatorType` takes",
  security: secured,
  responses: { 200: json(IndicatorTypeList, "The indicator types"), ...errors() },
});

export const balanceWeights = createRoute({
  operationId: "balanceWeights",
  ...needs("expert"),
  method: "put",
  path: "/api/document/{docId}/kpi/weight-balance",
  tags,
  summary: "Give every KPI the same weight as its siblings, the siblings' weights summing to 100",
  description:
    "Under each container, n children get 100/n each. A container's score is its children's scores averaged by weight, so equal weights mean a plain average. No body.",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(WeightChangeList, "Every KPI whose weight changed (a bare array, as the vendor lists it)"), ...errors(400, 404, 403) },
});
