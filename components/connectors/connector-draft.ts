// What the connector form holds (a draft: every field as typed) and how it becomes the API's body.
import type { Connector, ConnectorKind, CreateConnector } from "@/lib/contract/connectors";
import type { KpiNode } from "@/lib/contract/kpis";

export const SCHEDULES = [
  ["none", ""],
  ["hourly", "0 * * * *"],
  ["daily", "0 6 * * *"],
  ["weekdays", "0 6 * * 1-5"],
  ["monday", "0 6 * * 1"],
  ["monthly", "0 6 1 * *"],
] as const;
export const KINDS: ConnectorKind[] = ["postgres", "mysql", "json", "csv", "push"];
export const SHAPES: CreateConnector["shape"][] = ["rows", "period", "snapshot"];

export type Draft = {
  name: string;
  docId: string;
  kind: ConnectorKind;
  shape: CreateConnector["shape"];
  url: string;
  header: string;
  headerValue: string;
  query: string;
  rows: string;
  kpi: string;
  kpiGuid: string;
  date: string;
  value: string;
  target: string;
  offPeriod: "add" | "periodStart" | "reject";
  cron: string;
  timeZone: string;
};
export const EMPTY: Draft = {
  name: "",
  docId: "",
  kind: "postgres",
  shape: "rows",
  url: "",
  header: "",
  headerValue: "",
  query: "",
  rows: "",
  kpi: "kpi",
  kpiGuid: "",
  date: "date",
  value: "value",
  target: "",
  offPeriod: "add",
  cron: "",
  timeZone: "",
};

/** The connector the form describes, as the API takes it (empty fields left out). */
export function bodyOf(d: Draft): CreateConnector {
  const some = (s: string) => (s.trim() ? s.trim() : undefined);
  const single = d.shape !== "rows";
  return {
    name: d.name.trim(),
    kind: d.kind,
    shape: d.shape,
    docId: Number(d.docId),
    ...(d.kind === "push" ? {} : { source: { url: d.url.trim(), ...(some(d.header) ? { headers: { [d.header.trim()]: d.headerValue } } : {}) } }),
    ...(d.kind === "postgres" || d.kind === "mysql" ? { query: d.query } : {}),
    mapping: {
      rows: d.kind === "json" || d.kind === "csv" ? some(d.rows) : undefined,
      kpi: single || some(d.kpiGuid) ? undefined : some(d.kpi),
      kpiGuid: some(d.kpiGuid),
      date: single ? undefined : some(d.date),
      value: some(d.value),
      target: single ? undefined : some(d.target),
      offPeriod: single || d.offPeriod === "add" ? undefined : d.offPeriod,
    },
    schedule: d.cron && d.kind !== "push" ? { cron: d.cron, timeZone: d.timeZone || "UTC" } : null,
  };
}

/** A saved connector as the form holds it: its credentials stay *** (sent back as ***, the stored ones are kept). */
export function draftOf(c: Connector): Draft {
  const [header, headerValue] = Object.entries(c.source?.headers ?? {})[0] ?? ["", ""];
  const m = c.mapping;
  return {
    name: c.name,
    docId: String(c.docId),
    kind: c.kind,
    shape: c.shape,
    url: c.source?.url ?? "",
    header,
    headerValue,
    query: c.query ?? "",
    rows: m.rows ?? "",
    kpi: m.kpi ?? "",
    kpiGuid: m.kpiGuid ?? "",
    date: m.date ?? "",
    value: m.value ?? "",
    target: m.target ?? "",
    offPeriod: m.offPeriod ?? "add",
    cron: c.schedule?.cron ?? "",
    timeZone: c.schedule?.timeZone ?? "UTC",
  };
}

export const enteredKpis = (node: KpiNode | undefined): KpiNode[] =>
  !node ? [] : [...(node.indicatorType === "INDICATOR" && !node.formula ? [node] : []), ...node.children.flatMap(enteredKpis)];
