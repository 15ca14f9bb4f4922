import * as initiativeOps from "@/lib/contract/routes/initiatives";
import * as mapRoutes from "@/lib/contract/routes/maps";
import * as reportRoutes from "@/lib/contract/routes/reports";
import { INITIATIVE_STATUS_NAMES, InitiativeStatus } from "@/lib/contract/initiatives";
import { XLSX_TYPE } from "@/lib/contract/common";
import { idempotent } from "../idempotency";
import { notFound } from "../errors";
import { createInitiative, deleteInitiative, getInitiative, listInitiatives, updateInitiative } from "../domain/initiatives";
import { setMapLinks, strategyMaps } from "../domain/maps";
import { boardPackPdf } from "../domain/board-pack";
import { preferencesOf } from "../domain/preferences";
import { excelReport, organizationInfo } from "../domain/reports";
import { newRouter } from "../router";

const statuses = InitiativeStatus.options.map((value) => ({ value, name: INITIATIVE_STATUS_NAMES[value] }));
const iso = (d: Date) => d.toISOString().slice(0, 10);

export const initiativeRoutes = newRouter()
  .openapi(initiativeOps.initiativeStatuses, (c) => c.json({ items: statuses }, 200))
  .openapi(initiativeOps.listInitiatives, async (c) => c.json({ items: await listInitiatives(c.var, c.req.valid("param")) }, 200))
  .openapi({ ...initiativeOps.createInitiative, middleware: [idempotent] as const }, async (c) =>
    c.json(await createInitiative(c.var, { ...c.req.valid("param"), body: c.req.valid("json") }), 201),
  )
  .openapi(initiativeOps.getInitiative, async (c) => c.json(await getInitiative(c.var, c.req.valid("param")), 200))
  .openapi(initiativeOps.updateInitiative, async (c) => c.json(await updateInitiative(c.var, { ...c.req.valid("param"), body: c.req.valid("json") }), 200))
  .openapi(initiativeOps.deleteInitiative, async (c) => (await deleteInitiative(c.var, c.req.valid("param")), c.body(null, 204)));

export const mapAndReportRoutes = newRouter()
  .openapi(mapRoutes.strategyMaps, async (c) => c.json({ items: await strategyMaps(c.var, c.req.valid("param")) }, 200))
  .openapi(mapRoutes.setMapLinks, async (c) => {
    const { docId, mapId } = c.req.valid("param");
    if (mapId !== docId) throw notFound("Map");
    return c.json(await setMapLinks(c.var, { docId, input: c.req.valid("json") }), 200);
  })
  .openapi(reportRoutes.excelReport, async (c) => {
    const { docId } = c.req.valid("param");
    const { bytes } = await excelReport(c.var, { docId, date: c.req.valid("query").start ?? iso(c.var.deps.now()) });
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": XLSX_TYPE,
      "Content-Disposition": `attachment; filename="scorecard-${docId}.xlsx"`,
    });
  })
  .openapi(reportRoutes.boardPack, async (c) => {
    const { docId } = c.req.valid("param");
    const query = c.req.valid("query");
    const locale = query.lang ?? (await preferencesOf(c.var)).language ?? "en";
    const { name, bytes } = await boardPackPdf(c.var, { docId, date: query.date ?? iso(c.var.deps.now()), period: query.period ?? "MONTH", locale });
    return c.body(new Uint8Array(bytes) as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
    });
  })
  .openapi(reportRoutes.organizationInfo, async (c) => c.json(await organizationInfo(c.var), 200));
