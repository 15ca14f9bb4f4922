import type { Connector, ConnectorKind, ConnectorRun } from "@/lib/contract/connectors";
import type { Formats } from "@/lib/format";

export const KIND_LABEL: Record<ConnectorKind, string> = {
  postgres: "PostgreSQL query",
  mysql: "MySQL / MariaDB query",
  json: "JSON from a URL",
  csv: "CSV or Excel from a URL",
  push: "Push URL (Zapier, Power Automate, curl)",
};

export const SHAPE_LABEL: Record<Connector["shape"], string> = {
  rows: "Rows of KPI, date and value",
  period: "One number per period (:from, :to)",
  snapshot: "One number now (no dates)",
};

/** "12 values, 1 unchanged, 2 rows rejected" */
export function runFigures(run: ConnectorRun): string {
  if (run.status === "failed") return `Failed: ${run.error}`;
  const parts = [`${run.valuesWritten} ${run.valuesWritten === 1 ? "value" : "values"} written`];
  if (run.valuesUnchanged) parts.push(`${run.valuesUnchanged} unchanged`);
  if (run.rowsRejected) parts.push(`${run.rowsRejected} ${run.rowsRejected === 1 ? "row" : "rows"} rejected`);
  return parts.join(", ");
}

export const runWhen = (run: ConnectorRun, fmt: Formats) => fmt.dateTime(run.startedAt);

export const TRIGGER_LABEL: Record<ConnectorRun["trigger"], string> = { schedule: "Scheduled", manual: "Run now", backfill: "Backfill", push: "Push" };
