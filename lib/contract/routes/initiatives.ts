import { createRoute, z } from "@hono/zod-openapi";
import { DocId, Guid } from "../common";
import { Initiative, InitiativeBody, InitiativeList, InitiativeStatusList } from "../initiatives";
import { errors, idempotencyHeader, json, jsonBody, needs, secured } from "./helpers";

const tags = ["Initiatives"];
const kpiParams = z.object({ docId: DocId, guid: Guid });
const initiativeParams = kpiParams.extend({ initiativeGuid: Guid });

export const initiativeStatuses = createRoute({
  operationId: "initiativeStatuses",
  method: "get",
  path: "/api/initiative-statuses",
  tags,
  summary: "The statuses an initiative can have",
  security: secured,
  responses: { 200: json(InitiativeStatusList, "The statuses, in their usual order"), ...errors() },
});

export const listInitiatives = createRoute({
  operationId: "listInitiatives",
  method: "get",
  path: "/api/document/{docId}/kpi/{guid}/initiatives",
  tags,
  summary: "A KPI's initiatives, oldest first",
  security: secured,
  request: { params: kpiParams },
  responses: { 200: json(InitiativeList, "The initiatives"), ...errors(400, 404) },
});

export const createInitiative = createRoute({
  operationId: "createInitiative",
  ...needs("expert"),
  method: "post",
  path: "/api/document/{docId}/kpi/{guid}/initiatives",
  tags,
  summary: "Add an initiative to a KPI",
  description: "`name`, `status` and `initiativeType` are required. The caller becomes its `author`.",
  security: secured,
  request: {
    params: kpiParams,
    headers: idempotencyHeader,
    body: jsonBody(InitiativeBody),
  },
  responses: { 201: json(Initiative, "The new initiative"), ...errors(400, 404, 409, 415, 403) },
});

export const getInitiative = createRoute({
  operationId: "getInitiative",
  method: "get",
  path: "/api/document/{docId}/kpi/{guid}/initiatives/{initiativeGuid}",
  tags,
  summary: "One initiative",
  security: secured,
  request: { params: initiativeParams },
  responses: { 200: json(Initiative, "The initiative"), ...errors(400, 404) },
});

export const updateInitiative = createRoute({
  operationId: "updateInitiative",
  ...needs("expert"),
  method: "put",
  path: "/api/document/{docId}/kpi/{guid}/initiatives/{initiativeGuid}",
  tags,
  summary: "Replace an initiative (fields left out return to their defaults)",
  security: secured,
  request: { params: initiativeParams, body: jsonBody(InitiativeBody) },
  responses: { 200: json(Initiative, "The initiative as it is now"), ...errors(400, 404, 415, 403) },
});

export const deleteInitiative = createRoute({
  operationId: "deleteInitiative",
  ...needs("expert"),
  method: "delete",
  path: "/api/document/{docId}/kpi/{guid}/initiatives/{initiativeGuid}",
  tags,
  summary: "Remove an initiative",
  security: secured,
  request: { params: initiativeParams },
  responses: { 204: { description: "Removed" }, ...errors(400, 404, 403) },
});
