import type { MiddlewareHandler } from "hono";
import * as routes from "@/lib/contract/routes/connectors";
import type { Ctx } from "../context";
import { ApiError, conflict, invalidRequest, notFound } from "../errors";
import { spendOrRefuse } from "../domain/call-limit";
import { plan, previewOf } from "../connectors/engine";
import { runConnector } from "../connectors/runs";
import {
  connectorByPushKey,
  createConnector,
  deleteConnector,
  getConnector,
  listConnectors,
  listRuns,
  ownConnector,
  unsavedConnector,
  updateConnector,
} from "../connectors/store";
import { csvRows, jsonRows } from "../connectors/sources/documents";
import { QueryRefusal } from "../connectors/sources/sql-text";
import { newRouter } from "../router";
import { previewInWorker, runInWorker } from "../connectors/hand-off";

/** A source that cannot be read is the caller's to fix: 400 with the reason. */
async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QueryRefusal) throw invalidRequest(error.message, [{ path: "source", message: error.message }]);
    throw error;
  }
}

/** A run's body is optional: one sent empty with a JSON content type (as many HTTP tools do) is no body, a run now. */
const emptyBodyIsNone: MiddlewareHandler = async (c, next) => {
  if (c.req.header("Content-Type") && !(await c.req.text()).trim()) {
    const headers = new Headers(c.req.raw.headers);
    headers.delete("Content-Type");
    headers.delete("Content-Length");
    c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers });
  }
  await next();
};

/** What a run would write now; a web process hands the reading to a worker (GAUGE_ROLE=web). */
const preview = (ctx: Ctx, connector: Awaited<ReturnType<typeof ownConnector>>) => {
  const handOff = ctx.deps.config.connectors?.handOff;
  return readable(async () => (handOff ? previewInWorker(ctx, connector, handOff.pickupSeconds) : previewOf(ctx, connector, await plan(ctx, connector, {}))));
};

export const connectorRoutes = newRouter()
  .openapi(routes.listConnectors, async (c) => c.json({ items: await listConnectors(c.var, c.req.valid("query")) }, 200))
  .openapi(routes.createConnector, async (c) => c.json(await createConnector(c.var, c.req.valid("json")), 201))
  .openapi(routes.previewDraftConnector, async (c) => c.json(await preview(c.var, await unsavedConnector(c.var, c.req.valid("json"))), 200))
  .openapi(routes.getConnector, async (c) => c.json(await getConnector(c.var, c.req.valid("param")), 200))
  .openapi(routes.updateConnector, async (c) => c.json(await updateConnector(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200))
  .openapi(routes.deleteConnector, async (c) => {
    await deleteConnector(c.var, c.req.valid("param"));
    return c.body(null, 204);
  })
  .openapi(routes.previewConnector, async (c) => c.json(await preview(c.var, await ownConnector(c.var, c.req.valid("param").id)), 200))
  .openapi({ ...routes.runConnector, middleware: [emptyBodyIsNone] }, async (c) => {
    const connector = await ownConnector(c.var, c.req.valid("param").id);
    const body = (await c.req.text()).trim() ? c.req.valid("json") : {};
    const range = body.from && body.to ? { from: body.from, to: body.to } : undefined;
    if (range && connector.shape !== "period")
      throw invalidRequest("Only a per-period connector backfills a range: run it without a body or with {}", [
        { path: "from", message: "Not a per-period connector" },
      ]);
    const asked = { trigger: range ? ("backfill" as const) : ("manual" as const), range };
    // A web process hands the run to a worker and answers it once done (GAUGE_ROLE=web).
    const handOff = c.var.deps.config.connectors?.handOff;
    return c.json(handOff ? await runInWorker(c.var.deps, connector, asked, handOff.pickupSeconds) : await runConnector(c.var.deps, connector, asked), 200);
  })
  .openapi(routes.listConnectorRuns, async (c) => c.json({ items: await listRuns(c.var, c.req.valid("param")) }, 200));

export const pushRoutes = newRouter().openapi(routes.pushValues, async (c) => {
  const { deps } = c.var;
  const connector = await connectorByPushKey({ deps }, c.req.valid("param").key);
  if (connector?.kind !== "push") throw notFound("Push connector");
  if (!connector.enabled) throw conflict("This connector is disabled: enable it in Gauge to take pushes");
  for (const [name, value] of Object.entries(await spendOrRefuse(deps, connector.accountId, `push:${connector.id}`))) c.header(name, value);
  const type = c.req.header("Content-Type") ?? "";
  const text = await c.req.text();
  const rows = await readable(async () => {
    if (/^(text\/csv|text\/plain|application\/csv)/i.test(type)) return csvRows(text);
    if (/^application\/json/i.test(type)) return jsonRows(text, (connector.mapping as { rows?: string }).rows);
    throw new ApiError(415, "unsupported_media_type", "Send CSV (Content-Type: text/csv) or JSON (application/json)");
  });
  const run = await runConnector(deps, connector, { trigger: "push", pushed: rows });
  if (run.status === "failed") throw invalidRequest(`Nothing was written: ${run.error}`, [{ path: "body", message: run.error ?? "" }]);
  // A sender told "success" would never look at its rows again: a push of nothing but rejects fails.
  if (run.rowsRead > 0 && run.rowsRejected === run.rowsRead) {
    const details = run.rejections.map((r) => ({ path: `rows.${r.row}`, message: r.reason }));
    throw new ApiError(422, "unprocessable", `Nothing was written: every row was rejected (${run.rowsRejected}; run ${run.id})`, details);
  }
  return c.json({ success: true as const, run }, 200);
});
