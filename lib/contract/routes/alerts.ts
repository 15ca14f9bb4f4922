import { createRoute, z } from "@hono/zod-openapi";
import { Alert, AlertHistory, AlertList, CreateAlert, UpdateAlert } from "../alerts";
import { DocId } from "../common";
import { errors, json, jsonBody, secured, needs } from "./helpers";

const tags = ["Alerts and webhooks"];
const docParams = z.object({ docId: DocId });
const alertParams = docParams.extend({
  id: z
    .string()
    .regex(/^\d{1,12}$/, "Invalid alert id")
    .transform(Number),
});
const firing =
  "An alert looks at its KPI's newest value after each write. It fires when its condition becomes true (not again while it stays true); " +
  "VALUE_CHANGED fires whenever that value changes. The event is stored in the write's transaction and delivered at least once.";

export const listAlerts = createRoute({
  operationId: "listAlerts",
  method: "get",
  path: "/api/document/{docId}/alerts",
  tags,
  summary: "The scorecard's alerts",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(AlertList, "The alerts"), ...errors(400, 404) },
});
export const createAlert = createRoute({
  operationId: "createAlert",
  ...needs("expert"),
  method: "post",
  path: "/api/document/{docId}/alerts",
  tags,
  summary: "Create an alert",
  description: firing,
  security: secured,
  request: { params: docParams, body: jsonBody(CreateAlert) },
  responses: { 201: json(Alert, "Created"), ...errors(400, 404, 415, 403) },
});
export const updateAlert = createRoute({
  operationId: "updateAlert",
  ...needs("expert"),
  method: "patch",
  path: "/api/document/{docId}/alerts/{id}",
  tags,
  summary: "Change an alert (only the fields sent)",
  security: secured,
  request: { params: alertParams, body: jsonBody(UpdateAlert) },
  responses: { 200: json(Alert, "The alert"), ...errors(400, 404, 415, 403) },
});
export const deleteAlert = createRoute({
  operationId: "deleteAlert",
  ...needs("expert"),
  method: "delete",
  path: "/api/document/{docId}/alerts/{id}",
  tags,
  summary: "Delete an alert",
  security: secured,
  request: { params: alertParams },
  responses: { 204: { description: "Deleted" }, ...errors(400, 404, 403) },
});
export const alertHistory = createRoute({
  operationId: "alertHistory",
  method: "get",
  path: "/api/document/{docId}/alerts/{id}/history",
  tags,
  security: secured,
  summary: "When the alert fired, with the value, and where each message went",
  request: { params: alertParams },
  responses: { 200: json(AlertHistory, "Up to 100 firings, newest first"), ...errors(400, 404) },
});
