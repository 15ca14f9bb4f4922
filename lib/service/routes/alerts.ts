import { createRoute, z } from "@hono/zod-openapi";
import { Alert, AlertList, CreateAlert, UpdateAlert } from "@/lib/contract/alerts";
import { DocId } from "@/lib/contract/common";
import { createAlert, deleteAlert, listAlerts, updateAlert } from "../domain/alerts";
import { errors, json, jsonBody, newRouter, secured } from "../router";

const tags = ["Alerts and webhooks"];
const docParams = z.object({ docId: DocId });
const alertParams = docParams.extend({ id: z.string().regex(/^\d{1,12}$/, "Invalid alert id").transform(Number) });
const firing =
  "An alert looks at its KPI's newest value after each write. It fires when its condition becomes true (not again while it stays true); " +
  "VALUE_CHANGED fires whenever that value changes. The event is stored in the write's transaction and delivered at least once.";

const listRoute = createRoute({
  method: "get", path: "/api/document/{docId}/alerts", tags, summary: "The scorecard's alerts", security: secured,
  request: { params: docParams },
  responses: { 200: json(AlertList, "The alerts"), ...errors(400, 404) },
});
const createRouteDef = createRoute({
  method: "post", path: "/api/document/{docId}/alerts", tags, summary: "Create an alert", description: firing, security: secured,
  request: { params: docParams, body: jsonBody(CreateAlert) },
  responses: { 201: json(Alert, "Created"), ...errors(400, 404, 415) },
});
const updateRoute = createRoute({
  method: "patch", path: "/api/document/{docId}/alerts/{id}", tags, summary: "Change an alert (only the fields sent)", security: secured,
  request: { params: alertParams, body: jsonBody(UpdateAlert) },
  responses: { 200: json(Alert, "The alert"), ...errors(400, 404, 415) },
});
const deleteRouteDef = createRoute({
  method: "delete", path: "/api/document/{docId}/alerts/{id}", tags, summary: "Delete an alert", security: secured,
  request: { params: alertParams },
  responses: { 204: { description: "Deleted" }, ...errors(400, 404) },
});

export const alertRoutes = newRouter()
  .openapi(listRoute, async (c) => c.json({ items: await listAlerts(c.var.deps, c.var.caller.accountId, c.req.valid("param").docId) }, 200))
  .openapi(createRouteDef, async (c) =>
    c.json(await createAlert(c.var.deps, c.var.caller.accountId, c.req.valid("param").docId, c.req.valid("json")), 201),
  )
  .openapi(updateRoute, async (c) => {
    const { docId, id } = c.req.valid("param");
    return c.json(await updateAlert(c.var.deps, c.var.caller.accountId, docId, id, c.req.valid("json")), 200);
  })
  .openapi(deleteRouteDef, async (c) => {
    const { docId, id } = c.req.valid("param");
    await deleteAlert(c.var.deps, c.var.caller.accountId, docId, id);
    return c.body(null, 204);
  });
