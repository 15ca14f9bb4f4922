import { createRoute, z } from "@hono/zod-openapi";
import { DocId, Guid } from "@/lib/contract/common";
import { Kpi, KpiList, KpiTree } from "@/lib/contract/kpis";
import { Scorecard, ScorecardList } from "@/lib/contract/scorecards";
import { getKpi, getScorecard, kpiTree, listKpis, listScorecards } from "../domain/scorecards";
import { errors, json, newRouter, secured } from "../router";

const docParams = z.object({ docId: DocId });
const tags = ["Scorecards and KPIs"];

const listRoute = createRoute({
  method: "get",
  path: "/api/documents/list",
  tags,
  summary: "List the account's scorecards",
  security: secured,
  responses: { 200: json(ScorecardList, "The account's scorecards"), ...errors() },
});

const getRoute = createRoute({
  method: "get",
  path: "/api/documents/list/{docId}",
  tags,
  summary: "One scorecard",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(Scorecard, "The scorecard"), ...errors(400, 404) },
});

const kpiListRoute = createRoute({
  method: "get",
  path: "/api/document/{docId}/kpi/list",
  tags,
  summary: "Every KPI of a scorecard, flat, in tree order",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(KpiList, "The KPIs, the root first"), ...errors(400, 404) },
});

const kpiTreeRoute = createRoute({
  method: "get",
  path: "/api/document/{docId}/kpi/tree",
  tags,
  summary: "The scorecard's KPI tree",
  description: "The root is the scorecard's own container; its children are the perspectives.",
  security: secured,
  request: { params: docParams },
  responses: { 200: json(KpiTree, "The tree"), ...errors(400, 404) },
});

const kpiRoute = createRoute({
  method: "get",
  path: "/api/document/{docId}/kpi/{guid}",
  tags,
  summary: "One KPI",
  security: secured,
  request: { params: z.object({ docId: DocId, guid: Guid }) },
  responses: { 200: json(Kpi, "The KPI"), ...errors(400, 404) },
});

export const scorecardRoutes = newRouter()
  .openapi(listRoute, async (c) =>
    c.json({ documents: await listScorecards(c.var.deps, c.var.caller.accountId), sharedToUser: [] }, 200),
  )
  .openapi(getRoute, async (c) =>
    c.json(await getScorecard(c.var.deps, c.var.caller.accountId, c.req.valid("param").docId), 200),
  )
  .openapi(kpiListRoute, async (c) =>
    c.json({ items: await listKpis(c.var.deps, c.var.caller.accountId, c.req.valid("param").docId) }, 200),
  )
  .openapi(kpiTreeRoute, async (c) =>
    c.json({ root: await kpiTree(c.var.deps, c.var.caller.accountId, c.req.valid("param").docId) }, 200),
  )
  .openapi(kpiRoute, async (c) => {
    const { docId, guid } = c.req.valid("param");
    return c.json(await getKpi(c.var.deps, c.var.caller.accountId, docId, guid), 200);
  });
