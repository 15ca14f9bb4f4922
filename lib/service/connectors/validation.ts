import "server-only";
import type { CreateConnector } from "@/lib/contract/connectors";
import type { ErrorDetail } from "@/lib/contract/common";
import type { StoredKpi } from "../domain/scorecards";
import { isCalculated } from "../domain/series";
import { scheduleProblem } from "./cron";
import { bindQuery, QueryRefusal } from "./sources/sql-text";
import { sqlAddress } from "./sources/sql-address";

type Draft = CreateConnector & { source?: { url: string; headers?: Record<string, string> } };

const PROTOCOLS: Record<string, string[]> = {
  postgres: ["postgres:", "postgresql:"],
  mysql: ["mysql:", "mariadb:"],
  json: ["http:", "https:"],
  csv: ["http:", "https:"],
};

function sourceProblems(draft: Draft): ErrorDetail[] {
  const { kind, source } = draft;
  if (kind === "push") return source ? [{ path: "source", message: "A push connector has no source: tools POST to its push URL" }] : [];
  if (!source) return [{ path: "source.url", message: `A ${kind} connector needs source.url` }];
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    return [{ path: "source.url", message: "Not a URL" }];
  }
  const problems: ErrorDetail[] = [];
  if (!PROTOCOLS[kind]!.includes(url.protocol))
    problems.push({ path: "source.url", message: `A ${kind} connector reads a ${PROTOCOLS[kind]!.map((p) => `${p}//`).join(" or ")} URL` });
  if (kind === "postgres" || kind === "mysql") {
    if (source.headers && Object.keys(source.headers).length) problems.push({ path: "source.headers", message: "Headers are for json and csv sources" });
    try {
      sqlAddress(source.url, kind);
    } catch (error) {
      if (!(error instanceof QueryRefusal)) throw error;
      problems.push({ path: "source.url", message: error.message });
    }
  }
  return problems;
}

function queryProblems(draft: Draft): ErrorDetail[] {
  const sqlKind = draft.kind === "postgres" || draft.kind === "mysql";
  if (!sqlKind) return draft.query ? [{ path: "query", message: "Only postgres and mysql connectors run a query" }] : [];
  if (!draft.query) return [{ path: "query", message: "A SQL connector needs a query" }];
  try {
    const { params } = bindQuery(draft.query, draft.kind as "postgres" | "mysql", 1);
    const uses = new Set(params);
    if (draft.shape === "period" && (!uses.has("from") || !uses.has("to")))
      return [{ path: "query", message: "A per-period query uses both :from and :to (the period's first and last day)" }];
    if (draft.shape !== "period" && uses.size) return [{ path: "query", message: ":from and :to are for per-period connectors (shape period)" }];
  } catch (error) {
    if (error instanceof QueryRefusal) return [{ path: "query", message: error.message }];
    throw error;
  }
  return [];
}

function shapeProblems(draft: Draft, kpis: StoredKpi[]): ErrorDetail[] {
  const { shape, mapping } = draft;
  const problems: ErrorDetail[] = [];
  if (shape === "period" && draft.kind !== "postgres" && draft.kind !== "mysql")
    problems.push({ path: "shape", message: "Per-period connectors run a SQL query (postgres or mysql)" });
  if ((shape === "period" || shape === "snapshot") && mapping.date)
    problems.push({ path: "mapping.date", message: `A ${shape} connector dates its value itself: leave out mapping.date` });
  if (shape === "rows" && !mapping.date)
    problems.push({ path: "mapping.date", message: "A rows connector names its date column (a source without dates is a snapshot)" });
  if (shape === "period" && !mapping.kpiGuid)
    problems.push({ path: "mapping.kpiGuid", message: "A per-period connector feeds one KPI: name it in mapping.kpiGuid" });
  if (mapping.kpiGuid && mapping.kpi) problems.push({ path: "mapping.kpi", message: "Name the KPI by a column (kpi) or fix it (kpiGuid), not both" });
  if (mapping.kpiGuid) {
    const kpi = kpis.find((k) => k.guid === mapping.kpiGuid);
    if (!kpi) problems.push({ path: "mapping.kpiGuid", message: "No such KPI in this scorecard" });
    else if (isCalculated(kpi)) problems.push({ path: "mapping.kpiGuid", message: "This KPI is calculated or a container: its values cannot be written" });
  }
  if (mapping.rows && draft.kind !== "json" && draft.kind !== "csv")
    problems.push({ path: "mapping.rows", message: "mapping.rows is for json (a JSONPath) and csv (a workbook's sheet)" });
  return problems;
}

/** Everything wrong with a connector as it would be saved, each with its field. */
export function connectorProblems(draft: Draft, kpis: StoredKpi[]): ErrorDetail[] {
  const problems = [...sourceProblems(draft), ...queryProblems(draft), ...shapeProblems(draft, kpis)];
  if (draft.schedule) {
    if (draft.kind === "push") problems.push({ path: "schedule", message: "A push connector runs when it is pushed to" });
    else {
      const problem = scheduleProblem(draft.schedule.cron, draft.schedule.timeZone);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}
