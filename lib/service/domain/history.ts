import "server-only";
import { sql } from "drizzle-orm";
import type { ChangeSet, ChangeSetPage, RecordFigures, RevisionPage, ValueRevision } from "@/lib/contract/history";
import { VALUE_FIELDS } from "@/lib/contract/values";
import type { Db } from "@/lib/db/client";
import { preparedRows } from "@/lib/db/query";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { requireAccess } from "./access";

// Reading the revision history that the triggers on kpi_values write (migration 0018).

type AuthorRow = { userId: number | null; email: string | null; apiKey: string | null; via: ChangeSet["by"]["via"] };
type FigureRow = Record<`before_${(typeof VALUE_FIELDS)[number]}` | `after_${(typeof VALUE_FIELDS)[number]}`, number | null>;
type RevisionRow = AuthorRow & FigureRow & { id: number; changeId: number; at: string; date: string; action: number };

const ACTIONS = { 1: "created", 2: "changed", 3: "deleted" } as const;
const AUTHOR = sql.raw(`cs.user_id AS "userId", cs.user_email AS email, cs.api_key_name AS "apiKey", cs.via`);
const AT = sql.raw(`to_char(cs.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`);

export const figuresOf = (row: Record<string, unknown>, prefix: "before" | "after"): RecordFigures =>
  Object.fromEntries(VALUE_FIELDS.map((f) => [f, (row[`${prefix}_${f}`] as number | null) ?? null])) as RecordFigures;
const authorFromRow = (row: AuthorRow) => ({ userId: row.userId, email: row.email, apiKey: row.apiKey, via: row.via });

/** Whether the KPI is (or, deleted since, was) one of the scorecard's: its history is the scorecard's. */
async function kpiOfScorecard(db: Db, docId: number, guid: string): Promise<boolean> {
  const [row] = await preparedRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM kpis WHERE guid = ${guid}::uuid AND scorecard_id = ${docId})
      OR EXISTS (SELECT 1 FROM value_revisions r JOIN change_sets cs ON cs.id = r.change_set_id WHERE r.kpi_guid = ${guid}::uuid AND cs.scorecard_id = ${docId}) AS found`,
  );
  return row!.found;
}

/** A KPI's revisions, newest first, one page of `limit` after `before`. */
export async function kpiRevisions(
  ctx: Ctx,
  q: { docId: number; guid: string; from?: string; to?: string; limit: number; before?: number },
): Promise<RevisionPage> {
  await requireAccess(ctx, q.docId, "read");
  const { db } = ctx.deps;
  if (!(await kpiOfScorecard(db, q.docId, q.guid))) throw notFound("KPI");
  const rows = await preparedRows<RevisionRow>(
    db,
    sql`SELECT r.*, r.change_set_id AS "changeId", to_char(r.date, 'YYYY-MM-DD') AS date, ${AT}, ${AUTHOR}
      FROM value_revisions r JOIN change_sets cs ON cs.id = r.change_set_id
      WHERE r.kpi_guid = ${q.guid}::uuid
        AND (${q.from ?? null}::date IS NULL OR r.date >= ${q.from ?? null}::date)
        AND (${q.to ?? null}::date IS NULL OR r.date <= ${q.to ?? null}::date)
        AND (${q.before ?? null}::bigint IS NULL OR r.id < ${q.before ?? null}::bigint)
      ORDER BY r.id DESC LIMIT ${q.limit + 1}`,
  );
  const page = rows.slice(0, q.limit);
  const items: ValueRevision[] = page.map((row) => ({
    changeId: Number(row.changeId),
    at: row.at,
    by: authorFromRow(row),
    date: row.date,
    action: ACTIONS[row.action as 1 | 2 | 3],
    before: figuresOf(row, "before"),
    after: figuresOf(row, "after"),
  }));
  return { items, next: rows.length > q.limit ? Number(page.at(-1)!.id) : null };
}

/** The scorecard's change sets, newest first, one page of `limit` after `before`. */
export async function listChanges(ctx: Ctx, q: { docId: number; limit: number; before?: number }): Promise<ChangeSetPage> {
  await requireAccess(ctx, q.docId, "read");
  const rows = await preparedRows<AuthorRow & { id: number; at: string; records: number; reverts: number | null; revertedBy: number | null }>(
    ctx.deps.db,
    sql`SELECT cs.id, ${AT}, ${AUTHOR}, cs.reverts,
        (SELECT count(*)::int FROM value_revisions r WHERE r.change_set_id = cs.id) AS records,
        (SELECT min(x.id) FROM change_sets x WHERE x.reverts = cs.id) AS "revertedBy"
      FROM change_sets cs
      WHERE cs.scorecard_id = ${q.docId} AND (${q.before ?? null}::bigint IS NULL OR cs.id < ${q.before ?? null}::bigint)
      ORDER BY cs.id DESC LIMIT ${q.limit + 1}`,
  );
  const page = rows.slice(0, q.limit);
  const items: ChangeSet[] = page.map((row) => ({
    id: Number(row.id),
    at: row.at,
    by: authorFromRow(row),
    records: row.records,
    reverts: row.reverts === null ? null : Number(row.reverts),
    revertedBy: row.revertedBy === null ? null : Number(row.revertedBy),
  }));
  return { items, next: rows.length > q.limit ? items.at(-1)!.id : null };
}
