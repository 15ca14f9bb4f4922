import { createRoute, z } from "@hono/zod-openapi";
import { ErrorBody, RowId } from "../common";
import {
  Connector,
  ConnectorList,
  ConnectorPreview,
  ConnectorRun,
  ConnectorRunList,
  CreateConnector,
  CreatedConnector,
  PushAnswer,
  RunConnector,
  UpdateConnector,
} from "../connectors";
import { errors, json, jsonBody, needs, noToken, readsOnly, secured } from "./helpers";

const tags = ["Connectors"];
const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, "Invalid connector id")
    .transform(Number),
});
const who = "Admins and experts, on scorecards they may write; anyone else sees no connector (404).";

export const listConnectors = createRoute({
  operationId: "listConnectors",
  ...needs("expert"),
  method: "get",
  path: "/api/connectors",
  tags,
  security: secured,
  summary: "The connectors of the scorecards the caller may write, with each one's last run",
  request: { query: z.object({ docId: z.coerce.number().pipe(RowId).optional().meta({ description: "Only this scorecard's" }) }) },
  responses: { 200: json(ConnectorList, "The connectors"), ...errors(400, 403) },
});
export const createConnector = createRoute({
  operationId: "createConnector",
  ...needs("expert"),
  method: "post",
  path: "/api/connectors",
  tags,
  security: secured,
  summary: "Create a connector (a push connector's URL is shown only in this response)",
  description: `${who} Credentials in the source are sealed at rest and never shown again. Its runs write as the person who saved it last.`,
  request: { body: jsonBody(CreateConnector) },
  responses: { 201: json(CreatedConnector, "Created"), ...errors(400, 403, 404, 415) },
});
export const previewDraftConnector = createRoute({
  operationId: "previewDraftConnector",
  ...readsOnly,
  ...needs("expert"),
  method: "post",
  path: "/api/connectors/preview",
  tags,
  security: secured,
  summary: "Test a connector before saving it: read its source and show what it would write",
  description: "Nothing is saved or written. A source that cannot be read is 400 with the reason.",
  request: { body: jsonBody(CreateConnector) },
  responses: { 200: json(ConnectorPreview, "What a run would write now"), ...errors(400, 403, 404, 415) },
});
export const getConnector = createRoute({
  operationId: "getConnector",
  ...needs("expert"),
  method: "get",
  path: "/api/connectors/{id}",
  tags,
  security: secured,
  summary: "One connector",
  request: { params: idParams },
  responses: { 200: json(Connector, "The connector"), ...errors(400, 403, 404) },
});
export const updateConnector = createRoute({
  operationId: "updateConnector",
  ...needs("expert"),
  method: "patch",
  path: "/api/connectors/{id}",
  tags,
  security: secured,
  summary: "Change a connector (its runs then write as the caller)",
  request: { params: idParams, body: jsonBody(UpdateConnector) },
  responses: { 200: json(Connector, "The connector"), ...errors(400, 403, 404, 415) },
});
export const deleteConnector = createRoute({
  operationId: "deleteConnector",
  ...needs("expert"),
  method: "delete",
  path: "/api/connectors/{id}",
  tags,
  security: secured,
  summary: "Delete a connector and its runs (the values it wrote stay)",
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...errors(400, 403, 404) },
});
export const previewConnector = createRoute({
  operationId: "previewConnector",
  ...readsOnly,
  ...needs("expert"),
  method: "post",
  path: "/api/connectors/{id}/preview",
  tags,
  security: secured,
  summary: "Read the source and show the values a run would write now, new or changed; nothing is written",
  request: { params: idParams },
  responses: { 200: json(ConnectorPreview, "What a run would write now"), ...errors(400, 403, 404) },
});
export const runConnector = createRoute({
  operationId: "runConnector",
  ...needs("expert"),
  method: "post",
  path: "/api/connectors/{id}/run",
  tags,
  security: secured,
  summary: "Run a connector now, or backfill a per-period connector over a range",
  description:
    "The run is recorded either way: a failed run (status failed, with its error) wrote nothing. Runs do not spend the account's calls; this request is one call.",
  request: { params: idParams, body: { required: false, content: { "application/json": { schema: RunConnector } } } },
  responses: { 200: json(ConnectorRun, "The run"), ...errors(400, 403, 404, 415) },
});
export const listConnectorRuns = createRoute({
  operationId: "listConnectorRuns",
  ...needs("expert"),
  method: "get",
  path: "/api/connectors/{id}/runs",
  tags,
  security: secured,
  summary: "A connector's last 100 runs, newest first, each with its rejected rows",
  request: { params: idParams },
  responses: { 200: json(ConnectorRunList, "The runs"), ...errors(400, 403, 404) },
});

export const pushValues = createRoute({
  operationId: "pushValues",
  method: "post",
  path: "/push/{key}",
  tags,
  security: noToken,
  summary: "Push rows to a push connector: CSV (text/csv) or JSON, no Token; one call of its account",
  description:
    "The key is the secret part of the URL shown when the connector was made. The body is CSV with a header row, or JSON (a list of rows, or an object " +
    "with `rows`, `items` or `data`, or what the connector's `mapping.rows` JSONPath picks). Its good rows are written as one change set; rejected rows are listed with their reasons. A push whose every row is rejected is a 422.",
  request: {
    params: z.object({ key: z.string().regex(/^gpk_[\w-]{20,64}$/, "Not a push key") }),
    body: {
      required: true,
      content: {
        "text/csv": { schema: z.string().meta({ example: "kpi,date,value\nRevenue,2026-11-01,512000\n" }) },
        "application/json": {
          schema: z.unknown().meta({ description: "Rows of KPI, date and value", example: [{ kpi: "Revenue", date: "2026-11-01", value: 512000 }] }),
        },
      },
    },
  },
  responses: {
    200: json(PushAnswer, "Written: the run"),
    400: json(ErrorBody, "Malformed key or body"),
    404: json(ErrorBody, "No connector has this key"),
    413: json(ErrorBody, "Body over 1 MiB"),
    415: json(ErrorBody, "Body is neither CSV nor JSON"),
    422: json(ErrorBody, "Every row was rejected: nothing was written (details give each row's reason)"),
    429: json(ErrorBody, "The account's call limit is reached (see Retry-After)"),
  },
});
