import * as routes from "@/lib/contract/routes/scorecards";
import { idempotent } from "../idempotency";
import { getScorecard, scorecardTree, listKpis, listScorecards } from "../domain/scorecards";
import { balanceWeights, createKpi, deleteKpi, INDICATOR_TYPES, kpiInfo, setKpi, updateKpi } from "../domain/kpi-editing";
import { createDocument, deleteDocument, documentTree, importDocument, listDeletedDocuments, restoreDocument, updateDocument } from "../domain/scorecard-lifecycle";
import { downloadDocument } from "../domain/scorecard-file";
import { checkDocument } from "../scorecard-check";
import { getSharing, updateSharing } from "../domain/sharing";
import { withHealth } from "../domain/scorecard-health";
import { newRouter } from "../router";

export const scorecardRoutes = newRouter()
  .openapi(routes.listScorecards, async (c) => {
    const { documents, sharedToUser } = await listScorecards(c.var);
    return c.json({ documents: await withHealth(c.var, documents), sharedToUser: await withHealth(c.var, sharedToUser) }, 200);
  })
  .openapi(routes.documentTree, async (c) => c.json(await documentTree(c.var), 200))
  .openapi(routes.listDeletedDocuments, async (c) => c.json({ items: await listDeletedDocuments(c.var) }, 200))
  .openapi({ ...routes.createDocument, middleware: [idempotent] as const }, async (c) => c.json(await createDocument(c.var, c.req.valid("json")), 201))
  .openapi({ ...routes.importDocument, middleware: [idempotent] as const }, async (c) => c.json(await importDocument(c.var, c.req.valid("json")), 201))
  .openapi(routes.getScorecard, async (c) => c.json(await getScorecard(c.var, c.req.valid("param")), 200))
  .openapi(routes.updateDocument, async (c) => c.json(await updateDocument(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200))
  .openapi(routes.deleteDocument, async (c) => c.json(await deleteDocument(c.var, c.req.valid("param")), 200))
  .openapi(routes.restoreDocument, async (c) => c.json(await restoreDocument(c.var, c.req.valid("param")), 200))
  .openapi(routes.downloadDocument, async (c) => {
    const file = await downloadDocument(c.var, c.req.valid("param"));
    c.header("Content-Disposition", `attachment; filename="scorecard-${c.req.valid("param").docId}.json"`);
    return c.json(file, 200);
  })
  .openapi(routes.checkDocument, async (c) => c.json(await checkDocument(c.var, c.req.valid("param")), 200))
  .openapi(routes.listKpis, async (c) => c.json({ items: await listKpis(c.var, c.req.valid("param")) }, 200))
  .openapi(routes.kpiTree, async (c) => c.json(await scorecardTree(c.var, c.req.valid("param")), 200))
  .openapi(routes.indicatorTypes, async (c) => c.json({ items: INDICATOR_TYPES }, 200))
  // Before PUT .../kpi/{guid}, which would read "weight-balance" as a GUID.
  .openapi(routes.balanceWeights, async (c) => c.json(await balanceWeights(c.var, c.req.valid("param")), 200))
  .openapi({ ...routes.createKpi, middleware: [idempotent] as const }, async (c) => c.json(await createKpi(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 201))
  .openapi(routes.getKpi, async (c) => c.json(await kpiInfo(c.var, c.req.valid("param")), 200))
  .openapi(routes.updateKpi, async (c) => c.json(await updateKpi(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200))
  .openapi(routes.setKpi, async (c) => c.json(await setKpi(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200))
  .openapi(routes.deleteKpi, async (c) => (await deleteKpi(c.var, c.req.valid("param")), c.body(null, 204)))
  .openapi(routes.getSharing, async (c) => c.json(await getSharing(c.var, c.req.valid("param")), 200))
  .openapi(routes.updateSharing, async (c) => c.json(await updateSharing(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200));
