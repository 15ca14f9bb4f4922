import * as initiativeOps from "@/lib/contract/routes/initiatives";
import { INITIATIVE_STATUS_NAMES, InitiativeStatus } from "@/lib/contract/initiatives";
import { idempotent } from "../idempotency";
import { createInitiative, deleteInitiative, getInitiative, listInitiatives, updateInitiative } from "../domain/initiatives";
import { newRouter } from "../router";

const statuses = InitiativeStatus.options.map((value) => ({ value, name: INITIATIVE_STATUS_NAMES[value] }));

export const initiativeRoutes = newRouter()
  .openapi(initiativeOps.initiativeStatuses, (c) => c.json({ items: statuses }, 200))
  .openapi(initiativeOps.listInitiatives, async (c) => c.json({ items: await listInitiatives(c.var, c.req.valid("param")) }, 200))
  .openapi({ ...initiativeOps.createInitiative, middleware: [idempotent] as const }, async (c) =>
    c.json(await createInitiative(c.var, { ...c.req.valid("param"), body: c.req.valid("json") }), 201),
  )
  .openapi(initiativeOps.getInitiative, async (c) => c.json(await getInitiative(c.var, c.req.valid("param")), 200))
  .openapi(initiativeOps.updateInitiative, async (c) => c.json(await updateInitiative(c.var, { ...c.req.valid("param"), body: c.req.valid("json") }), 200))
  .openapi(initiativeOps.deleteInitiative, async (c) => (await deleteInitiative(c.var, c.req.valid("param")), c.body(null, 204)));
