import * as routes from "@/lib/contract/routes/scorecards";
import { idempotent } from "../idempotency";
import { getScorecard, listScorecards } from "../domain/scorecards";
import {
  createDocument,
  deleteDocument,
  documentTree,
  importDocument,
  listDeletedDocuments,
  restoreDocument,
  updateDocument,
} from "../domain/scorecard-lifecycle";
import { downloadDocument } from "../domain/scorecard-file";
import { checkDocument } from "../scorecard-check";
import { getSharing, updateSharing } from "../domain/sharing";
import { withHealth } from "../domain/scorecard-health";
import { newRouter } from "../router";

export const scorecardRoutes = newRouter()
  .openapi(routes.listScorecards, async (c) => {
    const { documents, sharedToUser } = await listScorecards(c.var);
    const all = await withHealth(c.var, [...documents, ...sharedToUser]);
    return c.json({ documents: all.slice(0, documents.length), sharedToUser: all.slice(documents.length) }, 200);
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
  .openapi(routes.getSharing, async (c) => c.json(await getSharing(c.var, c.req.valid("param")), 200))
  .openapi(routes.updateSharing, async (c) => c.json(await updateSharing(c.var, { ...c.req.valid("param"), input: c.req.valid("json") }), 200));
