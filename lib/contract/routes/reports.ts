import { createRoute, z } from "@hono/zod-openapi";
import { DocId, IsoDate, XLSX_TYPE } from "../common";
import { Period } from "../kpis";
import { Language } from "../preferences";
import { OrganizationInfo } from "../organization";
import { errors, json, secured } from "./helpers";

export const excelReport = createRoute({
  operationId: "excelReport",
  method: "get",
  path: "/api/report/{docId}/excel",
  tags: ["Reports"],
  summary: "The scorecard as an Excel workbook at a date",
  description:
    "One row per KPI in tree order (names indented by depth): type, measure, the value, target, baseline, min and max in effect at `start` (default today), " +
    "with score and status as on the dashboard. `id` is the scorecard's ID or alias.",
  security: secured,
  request: { params: z.object({ docId: DocId }), query: z.object({ start: IsoDate.optional().meta({ description: "The report's date (default: today)" }) }) },
  responses: {
    200: { description: "The workbook (.xlsx)", content: { [XLSX_TYPE]: { schema: z.string().meta({ format: "binary" }) } } },
    ...errors(400, 404),
  },
});

export const boardPack = createRoute({
  operationId: "boardPack",
  method: "get",
  path: "/api/report/{docId}/board-pack",
  tags: ["Reports"],
  summary: "The board pack as a PDF: status summary, each KPI's chart, notes and initiatives",
  description:
    "A4 pages: the status of every KPI in its last complete period up to `date` (default today), then each KPI with a chart of the twelve periods " +
    "(`period`, default MONTH) up to that date, target dashed and noted periods marked, its notes and its initiatives.",
  security: secured,
  request: {
    params: z.object({ docId: DocId }),
    query: z.object({
      date: IsoDate.optional().meta({ description: "The pack's date (default: today)" }),
      period: Period.optional().meta({ description: "How values are grouped (default: MONTH)" }),
      lang: Language.optional().meta({ description: "The pack's language (default: the caller's chosen language, else English)" }),
    }),
  },
  responses: {
    200: { description: "The board pack (.pdf)", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } },
    ...errors(400, 404),
  },
});

export const organizationInfo = createRoute({
  operationId: "organizationInfo",
  method: "get",
  path: "/api/organization-info",
  tags: ["Organization"],
  summary: "The account's settings and what its scorecards hold",
  security: secured,
  responses: { 200: json(OrganizationInfo, "The organization"), ...errors() },
});
