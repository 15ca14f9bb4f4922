import { createRoute, z } from "@hono/zod-openapi";
import { DocId, Guid, IsoDate } from "../common";
import { GroupedValue, GroupedValues, GuidList } from "../grouped";
import { Period } from "../kpis";
import { errors, json, secured } from "./helpers";

const tags = ["Grouped values controller"];
const range = { period: Period, startDate: IsoDate, endDate: IsoDate };
const description =
  "One point per period overlapping startDate..endDate (each point covers its whole period). `source`: ENTERED (entered values combined by the KPI's grouping), " +
  "INHERITED (no value in the period, inheritance on: the last earlier value), CALCULATED (a formula, or a container's score as a percentage), NONE. " +
  "A point's target, baseline, min and max combine those in force over the KPI's update periods starting in it, by its grouping (a SUM KPI's monthly target of 2M is 6M a quarter). " +
  "`score` (0 at the baseline, 1 at the target, capped) and `status` (ON_TRACK, AT_RISK, OFF_TRACK, NONE against the KPI's thresholds) are computed here; " +
  '`complete` is false for the period holding today, whose SUM targets are pro-rated. At most 1000 periods. The rules in full: the contract\'s "Scores and statuses".';

export const groupedValue = createRoute({
  operationId: "groupedValue",
  method: "get",
  path: "/api/document/{docId}/kpi/indicator/{guid}/grouped-value/{period}/{startDate}/{endDate}",
  tags,
  summary: "One KPI's values grouped by period",
  description,
  security: secured,
  request: { params: z.object({ docId: DocId, guid: Guid, ...range }) },
  responses: { 200: json(GroupedValue, "The KPI's series"), ...errors(400, 404) },
});

export const groupedValues = createRoute({
  operationId: "groupedValues",
  method: "get",
  path: "/api/document/{docId}/kpi/indicators/grouped-value/{period}/{startDate}/{endDate}",
  tags,
  summary: "Every KPI's (or the listed KPIs') values grouped by period, in one call",
  description,
  security: secured,
  request: { params: z.object({ docId: DocId, ...range }), query: z.object({ guids: GuidList }) },
  responses: { 200: json(GroupedValues, "One series per KPI, in tree order (or the order listed)"), ...errors(400, 404) },
});

const allTime =
  "Without dates: from the first period holding a value of the KPIs asked for (today's when none) to the period holding today, " +
  "moved later when that is more than 1000 periods. ";

export const groupedValueAllTime = createRoute({
  operationId: "groupedValueAllTime",
  method: "get",
  path: "/api/document/{docId}/kpi/indicator/{guid}/grouped-value/{period}",
  tags,
  summary: "One KPI's values grouped by period, all its history",
  description: allTime + description,
  security: secured,
  request: { params: z.object({ docId: DocId, guid: Guid, period: Period }) },
  responses: { 200: json(GroupedValue, "The KPI's series"), ...errors(400, 404) },
});

export const groupedValuesAllTime = createRoute({
  operationId: "groupedValuesAllTime",
  method: "get",
  path: "/api/document/{docId}/kpi/indicatos/grouped-value/{period}",
  tags,
  summary: "Every KPI's values grouped by period, all their history (`indicatos`: the vendor's spelling, kept)",
  description: allTime + description,
  security: secured,
  request: { params: z.object({ docId: DocId, period: Period }), query: z.object({ guids: GuidList }) },
  responses: { 200: json(GroupedValues, "One series per KPI, in tree order (or the order listed)"), ...errors(400, 404) },
});
