import { createRoute, z } from "@hono/zod-openapi";
import { DocId, Guid, IsoDate } from "../common";
import {
  BatchGetValueRequest,
  BatchSetValueBody,
  BatchSetValueResponse,
  BatchSetValuesBody,
  BatchSetValuesResponse,
  DateRangeQuery,
  GuidValueRecordList,
  GuidValuesAtDateList,
  RecordsQuery,
  ValueRecord,
  ValueRecordList,
  ValuesAtDateWithItem,
  ValueWrite,
  WrittenValue,
} from "../values";
import { errors, idempotencyHeader, json, jsonBody, needs, readsOnly, secured } from "./helpers";

const tags = ["KPI value controller"];
const kpiParams = z.object({ docId: DocId, guid: Guid });
const kpiDateParams = kpiParams.extend({ date: IsoDate });
const docDateParams = z.object({ docId: DocId, date: IsoDate });

export const getValue = createRoute({
  operationId: "getValue",
  method: "get",
  path: "/api/document/{docId}/kpi/indicator/{guid}/value/{date}",
  tags,
  summary: "The values in effect at a date",
  description:
    "For each field, the latest value entered at or before `date`; the `*Date` fields tell when (earlier than `date` when inherited). " +
    "Without inheritance, `value` counts only inside the KPI's own update period holding `date`. Calculated KPIs give the calculated value of that period.",
  security: secured,
  request: { params: kpiDateParams },
  responses: { 200: json(ValuesAtDateWithItem, "The values in effect, and the KPI"), ...errors(400, 404) },
});

export const setValue = createRoute({
  operationId: "setValue",
  ...needs("expert"),
  method: "post",
  path: "/api/document/{docId}/kpi/indicator/{guid}/value/{date}",
  tags,
  summary: "Write a value record (only the fields named change)",
  description:
    "The vendor marks all five figures required; Gauge writes only those sent, and a null clears one. `score` is an entered score stored beside the computed one. " +
    "Each `*Date` is the record's date for a field it holds (null otherwise); `item` is the KPI.",
  security: secured,
  request: { params: kpiDateParams, headers: idempotencyHeader, body: jsonBody(ValueWrite) },
  responses: { 200: json(WrittenValue, "The record as stored"), ...errors(400, 404, 409, 413, 415, 403) },
});

export const deleteValue = createRoute({
  operationId: "deleteValue",
  ...needs("expert"),
  method: "delete",
  path: "/api/document/{docId}/kpi/indicator/{guid}/values/{date}",
  tags,
  summary: "Delete the record at a date",
  security: secured,
  request: { params: kpiDateParams, headers: idempotencyHeader },
  responses: { 204: { description: "Deleted (also when there was no record)" }, ...errors(400, 404, 409, 403) },
});

export const listValues = createRoute({
  operationId: "listValues",
  method: "get",
  path: "/api/document/{docId}/kpi/indicator/{guid}/values",
  tags,
  summary: "Entered records between two dates, oldest first",
  security: secured,
  request: { params: kpiParams, query: DateRangeQuery },
  responses: { 200: json(ValueRecordList, "The records"), ...errors(400, 404) },
});

export const batchSetValue = createRoute({
  operationId: "batchSetValue",
  ...needs("expert"),
  method: "post",
  path: "/api/document/{docId}/kpi/batch/set-value/{date}",
  tags,
  summary: "Batch: write many KPIs at one date (counts as one call)",
  description:
    'The body is a JSON array of items, or `{ "values": [...] }` (the vendor\'s parameter name). ' +
    "All or nothing: if any item is invalid nothing is written and `details` names each bad item by index. At most 5000 items.",
  security: secured,
  request: { params: docDateParams, headers: idempotencyHeader, body: jsonBody(BatchSetValueBody) },
  responses: { 200: json(BatchSetValueResponse, "The records as stored"), ...errors(400, 404, 409, 413, 415, 403) },
});

export const batchSetValues = createRoute({
  operationId: "batchSetValues",
  ...needs("expert"),
  method: "post",
  path: "/api/document/{docId}/kpi/batch/set-values",
  tags,
  summary: "Batch: write many KPIs and dates (counts as one call)",
  description:
    "All or nothing, in one transaction: if any item is invalid (bad date, unknown or calculated KPI, another scorecard's KPI) nothing is written " +
    "and `details` names each bad item by index. At most 5000 items; items for the same KPI and date are applied in order.",
  security: secured,
  request: { params: z.object({ docId: DocId }), headers: idempotencyHeader, body: jsonBody(BatchSetValuesBody) },
  responses: { 200: json(BatchSetValuesResponse, "The records as stored"), ...errors(400, 404, 409, 413, 415, 403) },
});

export const batchGetValue = createRoute({
  operationId: "batchGetValue",
  ...readsOnly,
  method: "post",
  path: "/api/document/{docId}/kpi/batch/get-value/{date}",
  tags,
  summary: "Batch: the values in effect at a date for many KPIs",
  security: secured,
  description: 'The body is a JSON array of GUIDs (the vendor\'s form) or `{ "guids": [...] }`; at most 5000.',
  request: { params: docDateParams, body: jsonBody(BatchGetValueRequest) },
  responses: { 200: json(GuidValuesAtDateList, "One entry per GUID, in the order sent"), ...errors(400, 404, 415) },
});

export const batchGetAllValues = createRoute({
  operationId: "batchGetAllValues",
  method: "get",
  path: "/api/document/{docId}/kpi/batch/all/get-value/{date}",
  tags,
  summary: "Batch: the values in effect at a date for every KPI of the scorecard",
  security: secured,
  request: { params: docDateParams },
  responses: { 200: json(GuidValuesAtDateList, "One entry per KPI, in tree order"), ...errors(400, 404) },
});

export const getRecord = createRoute({
  operationId: "getRecord",
  method: "get",
  path: "/api/document/{docId}/kpi/indicator/{guid}/values/{date}",
  tags,
  summary: "The figures entered at exactly a date, the entered score included",
  description: "Nothing inherited or computed: every field is null when nothing was entered at `date` (not a 404).",
  security: secured,
  request: { params: kpiDateParams },
  responses: { 200: json(ValueRecord, "The record at the date"), ...errors(400, 404) },
});

const deleteFieldRoute = (field: "target" | "baseline" | "min" | "max" | "score", operationId: string) =>
  createRoute({
    operationId,
    ...needs("expert"),
    method: "delete",
    path: `/api/document/{docId}/kpi/indicator/{guid}/${field}/{date}`,
    tags,
    summary: `Delete the ${field === "score" ? "entered score" : field} entered at a date`,
    description: "Clears that one figure; the record goes when nothing else is left in it. 204 also when there was none.",
    security: secured,
    request: { params: kpiDateParams, headers: idempotencyHeader },
    responses: { 204: { description: "Deleted" }, ...errors(400, 404, 409, 403) },
  });

export const deleteTarget = deleteFieldRoute("target", "deleteTarget");
export const deleteBaseline = deleteFieldRoute("baseline", "deleteBaseline");
export const deleteMin = deleteFieldRoute("min", "deleteMin");
export const deleteMax = deleteFieldRoute("max", "deleteMax");
export const deleteScore = deleteFieldRoute("score", "deleteScore");

export const batchRecords = createRoute({
  operationId: "batchRecords",
  method: "get",
  path: "/api/document/{docId}/kpi/batch/records",
  tags,
  summary: "Batch: the records of every KPI of the scorecard holding one figure (a plan of targets, say), oldest first",
  description:
    "Entered records only, by KPI then date, between `from` and `to` (both optional). At most 50,000 records: a wider read is a 400 asking for a narrower range.",
  security: secured,
  request: { params: z.object({ docId: DocId }), query: RecordsQuery },
  responses: { 200: json(GuidValueRecordList, "The records"), ...errors(400, 404) },
});
