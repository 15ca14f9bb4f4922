import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { DocId, Guid, IsoDate } from "@/lib/contract/common";
import {
  BatchGetValueBody,
  BatchSetValueBody,
  BatchSetValueResponse,
  BatchSetValuesBody,
  BatchSetValuesResponse,
  DateRangeQuery,
  GuidValuesAtDateList,
  MAX_BATCH_ITEMS,
  ValueRecord,
  ValueRecordList,
  ValuesAtDate,
  ValueWrite,
} from "@/lib/contract/values";
import type { AppEnv } from "../context";
import { ApiError } from "../errors";
import { idempotent } from "../idempotency";
import { batchValuesAt, deleteValue, listValues, valueAt, writeBatch, writeOne } from "../domain/values";
import { errors, json, jsonBody, newRouter, secured } from "../router";

const tags = ["KPI value controller"];
const kpiParams = z.object({ docId: DocId, guid: Guid });
const kpiDateParams = kpiParams.extend({ date: IsoDate });
const docDateParams = z.object({ docId: DocId, date: IsoDate });
const idempotencyHeader = z.object({
  "Idempotency-Key": z.string().optional().meta({ description: "Makes a retried write safe: a repeat within 24 h returns the first response" }),
});

/** 413 before validation for a batch over the limit (the body itself is at most 1 MiB). */
const batchLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const body: unknown = await c.req.json().catch(() => undefined);
  const items = Array.isArray(body) ? body : (body as { items?: unknown } | undefined)?.items;
  if (Array.isArray(items) && items.length > MAX_BATCH_ITEMS) {
    throw new ApiError(413, "payload_too_large", `A batch holds at most ${MAX_BATCH_ITEMS} items; this one has ${items.length}`);
  }
  await next();
};

const readRoute = createRoute({
  method: "get",
  path: "/api/document/{docId}/kpi/indicator/{guid}/value/{date}",
  tags,
  summary: "The values in effect at a date",
  description:
    "For each field, the latest value entered at or before `date`; the `*Date` fields tell when (earlier than `date` when inherited). " +
    "Without inheritance, `value` counts only inside the KPI's own update period holding `date`. Calculated KPIs give the calculated value of that period.",
  security: secured,
  request: { params: kpiDateParams },
  responses: { 200: json(ValuesAtDate, "The values in effect"), ...errors(400, 404) },
});

const writeRoute = createRoute({
  method: "post",
  path: "/api/document/{docId}/kpi/indicator/{guid}/value/{date}",
  tags,
  summary: "Write a value record (only the fields named change)",
  security: secured,
  middleware: [idempotent] as const,
  request: { params: kpiDateParams, headers: idempotencyHeader, body: jsonBody(ValueWrite) },
  responses: { 200: json(ValueRecord, "The record as stored"), ...errors(400, 404, 409, 413, 415) },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/api/document/{docId}/kpi/indicator/{guid}/values/{date}",
  tags,
  summary: "Delete the record at a date",
  security: secured,
  middleware: [idempotent] as const,
  request: { params: kpiDateParams, headers: idempotencyHeader },
  responses: { 204: { description: "Deleted (also when there was no record)" }, ...errors(400, 404, 409) },
});

const historyRoute = createRoute({
  method: "get",
  path: "/api/document/{docId}/kpi/indicator/{guid}/values",
  tags,
  summary: "Entered records between two dates, oldest first",
  security: secured,
  request: { params: kpiParams, query: DateRangeQuery },
  responses: { 200: json(ValueRecordList, "The records"), ...errors(400, 404) },
});

const setValueRoute = createRoute({
  method: "post",
  path: "/api/document/{docId}/kpi/batch/set-value/{date}",
  tags,
  summary: "Batch: write many KPIs at one date (counts as one call)",
  description: "All or nothing: if any item is invalid nothing is written and `details` names each bad item by index. At most 5000 items.",
  security: secured,
  middleware: [idempotent, batchLimit] as const,
  request: { params: docDateParams, headers: idempotencyHeader, body: jsonBody(BatchSetValueBody) },
  responses: { 200: json(BatchSetValueResponse, "The records as stored"), ...errors(400, 404, 409, 413, 415) },
});

const setValuesRoute = createRoute({
  method: "post",
  path: "/api/document/{docId}/kpi/batch/set-values",
  tags,
  summary: "Batch: write many KPIs and dates (counts as one call)",
  description:
    "All or nothing, in one transaction: if any item is invalid (bad date, unknown or calculated KPI, another scorecard's KPI) nothing is written " +
    "and `details` names each bad item by index. At most 5000 items; items for the same KPI and date are applied in order.",
  security: secured,
  middleware: [idempotent, batchLimit] as const,
  request: { params: z.object({ docId: DocId }), headers: idempotencyHeader, body: jsonBody(BatchSetValuesBody) },
  responses: { 200: json(BatchSetValuesResponse, "The records as stored"), ...errors(400, 404, 409, 413, 415) },
});

const getValueRoute = createRoute({
  method: "post",
  path: "/api/document/{docId}/kpi/batch/get-value/{date}",
  tags,
  summary: "Batch: the values in effect at a date for many KPIs",
  security: secured,
  request: { params: docDateParams, body: jsonBody(BatchGetValueBody) },
  responses: { 200: json(GuidValuesAtDateList, "One entry per GUID, in the order sent"), ...errors(400, 404, 415) },
});

const getAllRoute = createRoute({
  method: "get",
  path: "/api/document/{docId}/kpi/batch/all/get-value/{date}",
  tags,
  summary: "Batch: the values in effect at a date for every KPI of the scorecard",
  security: secured,
  request: { params: docDateParams },
  responses: { 200: json(GuidValuesAtDateList, "One entry per KPI, in tree order"), ...errors(400, 404) },
});

export const valueRoutes = newRouter()
  .openapi(readRoute, async (c) => {
    const { docId, guid, date } = c.req.valid("param");
    return c.json(await valueAt(c.var.deps, c.var.caller.accountId, docId, guid, date), 200);
  })
  .openapi(writeRoute, async (c) => {
    const { docId, guid, date } = c.req.valid("param");
    return c.json(await writeOne(c.var.deps, c.var.caller.accountId, docId, { guid, date, ...c.req.valid("json") }), 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { docId, guid, date } = c.req.valid("param");
    await deleteValue(c.var.deps, c.var.caller.accountId, docId, guid, date);
    return c.body(null, 204);
  })
  .openapi(historyRoute, async (c) => {
    const { docId, guid } = c.req.valid("param");
    const { from, to } = c.req.valid("query");
    return c.json({ items: await listValues(c.var.deps, c.var.caller.accountId, docId, guid, from, to) }, 200);
  })
  .openapi(setValueRoute, async (c) => {
    const { docId, date } = c.req.valid("param");
    const items = c.req.valid("json").map((item) => ({ ...item, date }));
    return c.json({ values: await writeBatch(c.var.deps, c.var.caller.accountId, docId, items, (i) => `${i}.guid`) }, 200);
  })
  .openapi(setValuesRoute, async (c) => {
    const { docId } = c.req.valid("param");
    const values = await writeBatch(c.var.deps, c.var.caller.accountId, docId, c.req.valid("json").items, (i) => `items.${i}.guid`);
    return c.json({ written: values.length, values }, 200);
  })
  .openapi(getValueRoute, async (c) => {
    const { docId, date } = c.req.valid("param");
    return c.json({ values: await batchValuesAt(c.var.deps, c.var.caller.accountId, docId, c.req.valid("json").guids, date) }, 200);
  })
  .openapi(getAllRoute, async (c) => {
    const { docId, date } = c.req.valid("param");
    return c.json({ values: await batchValuesAt(c.var.deps, c.var.caller.accountId, docId, "all", date) }, 200);
  });
