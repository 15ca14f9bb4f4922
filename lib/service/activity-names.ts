import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { MAX_ROW_ID } from "@/lib/contract/constants";
import type { OperationName } from "@/lib/contract/routes";
import type { Db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/query";
import { connectors, users } from "@/lib/db/schema";

const PERSON_ROUTES: ReadonlySet<OperationName> = new Set(["updateUser", "createResetLink"]);
const CONNECTOR_ROUTES: ReadonlySet<OperationName> = new Set(["updateConnector", "deleteConnector", "runConnector"]);

const idOf = (text: string | undefined) => (text !== undefined && /^\d{1,10}$/.test(text) && Number(text) <= MAX_ROW_ID ? Number(text) : null);

/**
 * What an event's path IDs name, read before the call (a deleted connector's name is gone after
 * it): the person whose role, status or password changes, the connector changed, deleted or run.
 */
export async function namesInPath(db: Db, accountId: number, operation: OperationName, params: Record<string, string>): Promise<Record<string, string>> {
  const id = idOf(params.id);
  if (id === null) return {};
  if (PERSON_ROUTES.has(operation)) {
    const [person] = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, id), eq(users.accountId, accountId)));
    return person ? { person: person.email } : {};
  }
  if (CONNECTOR_ROUTES.has(operation)) {
    const [connector] = await db
      .select({ name: connectors.name })
      .from(connectors)
      .where(and(eq(connectors.id, id), eq(connectors.accountId, accountId)));
    return connector ? { connector: connector.name } : {};
  }
  return {};
}

type RunAnswer = { id?: unknown; status?: unknown; valuesWritten?: unknown; rowsRejected?: unknown; changeSetId?: unknown; changeId?: unknown };

/** A connector run's outcome: its number, what it wrote and rejected, and the KPIs and dates of the values it wrote. */
export async function runOutcome(db: Db, answer: RunAnswer): Promise<Record<string, unknown>> {
  const outcome = { run: answer.id, status: answer.status, written: answer.valuesWritten, rejected: answer.rowsRejected };
  const changeId = typeof answer.changeId === "number" ? answer.changeId : null;
  if (changeId === null) return outcome;
  const touched = await queryRows<{ kpi: string; first: string; last: string }>(
    db,
    sql`SELECT k.name AS kpi, to_char(min(r.date), 'YYYY-MM-DD') AS first, to_char(max(r.date), 'YYYY-MM-DD') AS last
        FROM value_revisions r JOIN kpis k ON k.guid = r.kpi_guid
        WHERE r.change_set_id = ${changeId} GROUP BY k.name ORDER BY k.name LIMIT 20`,
  );
  const dates = touched.flatMap((t) => [t.first, t.last]).sort();
  return { ...outcome, kpis: touched.map((t) => t.kpi), dates: dates.length ? `${dates[0]} to ${dates.at(-1)}` : null };
}
