import type { MiddlewareHandler } from "hono";
import * as routes from "@/lib/contract/routes/values";
import { MAX_BATCH_ITEMS } from "@/lib/contract/values";
import type { AppEnv } from "../context";
import { ApiError } from "../errors";
import { idempotent } from "../idempotency";
import { batchRecords, batchValuesAt, deleteField, deleteValue, listValues, recordAt, valueAt, writeBatch, writeOne } from "../domain/values";
import { newRouter } from "../router";

/** 413 before validation for a batch over the limit (the body itself is at most 1 MiB). */
const batchLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const body: unknown = await c.req.json().catch(() => undefined);
  const wrapped = body as { items?: unknown; values?: unknown } | undefined;
  const items = Array.isArray(body) ? body : (wrapped?.items ?? wrapped?.values);
  if (Array.isArray(items) && items.length > MAX_BATCH_ITEMS) {
    throw new ApiError(413, "payload_too_large", `A batch holds at most ${MAX_BATCH_ITEMS} items; this one has ${items.length}`);
  }
  await next();
};

export const valueRoutes = newRouter()
  .openapi(routes.getValue, async (c) => c.json(await valueAt(c.var, c.req.valid("param")), 200))
  .openapi({ ...routes.setValue, middleware: [idempotent] as const }, async (c) => {
    const { docId, guid, date } = c.req.valid("param");
    return c.json(await writeOne(c.var, { docId, item: { guid, date, ...c.req.valid("json") } }), 200);
  })
  .openapi({ ...routes.deleteValue, middleware: [idempotent] as const }, async (c) => {
    await deleteValue(c.var, c.req.valid("param"));
    return c.body(null, 204);
  })
  .openapi(routes.listValues, async (c) => c.json({ items: await listValues(c.var, { ...c.req.valid("param"), ...c.req.valid("query") }) }, 200))
  .openapi({ ...routes.batchSetValue, middleware: [idempotent, batchLimit] as const }, async (c) => {
    const { docId, date } = c.req.valid("param");
    const body = c.req.valid("json");
    const items = body.map((item) => ({ ...item, date }));
    const prefix = Array.isArray(await c.req.json()) ? "" : "values.";
    return c.json({ values: await writeBatch(c.var, { docId, items, path: (i) => `${prefix}${i}` }) }, 200);
  })
  .openapi({ ...routes.batchSetValues, middleware: [idempotent, batchLimit] as const }, async (c) => {
    const { docId } = c.req.valid("param");
    const values = await writeBatch(c.var, { docId, items: c.req.valid("json").items, path: (i) => `items.${i}` });
    return c.json({ written: values.length, values }, 200);
  })
  .openapi(routes.batchGetValue, async (c) => {
    const { docId, date } = c.req.valid("param");
    return c.json({ values: await batchValuesAt(c.var, { docId, date, guids: c.req.valid("json") }) }, 200);
  })
  .openapi(routes.batchGetAllValues, async (c) => c.json({ values: await batchValuesAt(c.var, { ...c.req.valid("param"), guids: "all" }) }, 200))
  .openapi(routes.getRecord, async (c) => c.json(await recordAt(c.var, c.req.valid("param")), 200))
  .openapi(
    { ...routes.deleteTarget, middleware: [idempotent] as const },
    async (c) => (await deleteField(c.var, { ...c.req.valid("param"), field: "target" }), c.body(null, 204)),
  )
  .openapi(
    { ...routes.deleteBaseline, middleware: [idempotent] as const },
    async (c) => (await deleteField(c.var, { ...c.req.valid("param"), field: "baseline" }), c.body(null, 204)),
  )
  .openapi(
    { ...routes.deleteMin, middleware: [idempotent] as const },
    async (c) => (await deleteField(c.var, { ...c.req.valid("param"), field: "min" }), c.body(null, 204)),
  )
  .openapi(
    { ...routes.deleteMax, middleware: [idempotent] as const },
    async (c) => (await deleteField(c.var, { ...c.req.valid("param"), field: "max" }), c.body(null, 204)),
  )
  .openapi(
    { ...routes.deleteScore, middleware: [idempotent] as const },
    async (c) => (await deleteField(c.var, { ...c.req.valid("param"), field: "score" }), c.body(null, 204)),
  )
  .openapi(routes.batchRecords, async (c) => c.json({ items: await batchRecords(c.var, { ...c.req.valid("param"), ...c.req.valid("query") }) }, 200));
