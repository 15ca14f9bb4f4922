import * as mapRoutes from "@/lib/contract/routes/maps";
import * as reportRoutes from "@/lib/contract/routes/reports";
import { XLSX_TYPE } from "@/lib/contract/common";
import { notFound } from "../errors";
import { setMapLinks, strategyMaps } from "../domain/maps";
import { boardPackPdf } from "../domain/board-pack";
import { preferencesOf } from "../domain/preferences";
import { excelReport, organizationInfo } from "../domain/reports";
import { newRouter } from "../router";

const iso = (d: Date) => d.toISOString().slice(0, 10);

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
