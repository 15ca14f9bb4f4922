import "server-only";
import { sql } from "drizzle-orm";
import type { RecordFigures, RevertResult } from "@/lib/contract/history";
import { VALUE_FIELDS } from "@/lib/contract/values";
import type { Db, Tx } from "@/lib/db/client";
import { arrayValue } from "@/lib/db/array-params";
import { queryRows } from "@/lib/db/query";
import { withRetry } from "@/lib/db/retry";
import type { Ctx } from "../context";
import { conflict, notFound } from "../errors";
import { requireAccess } from "./access";
import { beginChange } from "./change-context";
import { figuresOf } from "./history";

type Touched = { guid: string; date: string; kpiName: string | null; laterChange: number | null; laterBy: string | null } & Record<string, number | null>;

const same = (a: RecordFigures, b: RecordFigures) => VALUE_FIELDS.every((f) => a[f] === b[f]);
const empty = (r: RecordFigures) => VALUE_FIELDS.every((f) => r[f] === null);

/**
 * Each record a change set touched: its figures before the change set (the first revision's
 * `before_*`), as they are now (`after_*`), its KPI's name (null when the KPI is gone), and the latest later
 * change set that touched it, if any.
 */
async function touchedBy(db: Db | Tx, changeId: number): Promise<Touched[]> {
  const now = VALUE_FIELDS.map((f) => `v.${f} AS after_${f}`).join(", ");
  const before = VALUE_FIELDS.map((f) => `r.before_${f}`).join(", ");
  return queryRows<Touched>(
    db,
    sql`WITH first AS (
        SELECT DISTINCT ON (r.kpi_guid, r.date) r.kpi_guid, r.date, ${sql.raw(before)}
        FROM value_revisions r WHERE r.change_set_id = ${changeId} ORDER BY r.kpi_guid, r.date, r.id
      )
      SELECT f.kpi_guid::text AS guid, to_char(f.date, 'YYYY-MM-DD') AS date, f.*, ${sql.raw(now)}, k.name AS "kpiName",
        later.change_set_id AS "laterChange", later.by AS "laterBy"
      FROM first f
      LEFT JOIN kpi_values v ON v.kpi_guid = f.kpi_guid AND v.date = f.date
      LEFT JOIN kpis k ON k.guid = f.kpi_guid
      LEFT JOIN LATERAL (
        SELECT r.change_set_id, coalesce(cs.user_email, cs.via) AS by FROM value_revisions r JOIN change_sets cs ON cs.id = r.change_set_id
        WHERE r.kpi_guid = f.kpi_guid AND r.date = f.date AND r.change_set_id > ${changeId} ORDER BY r.id DESC LIMIT 1
      ) later ON true
      ORDER BY f.kpi_guid, f.date`,
  );
}

/** Puts records back: deletes those that did not exist, upserts the others with all six figures. */
async function putBack(tx: Tx, records: { guid: string; date: string; to: RecordFigures }[], now: Date) {
  const gone = records.filter((r) => empty(r.to));
  const kept = records.filter((r) => !empty(r.to));
  if (gone.length) {
    await tx.execute(sql`DELETE FROM kpi_values v USING unnest(${sql.param(
      arrayValue(
        tx,
        "uuid",
        gone.map((r) => r.guid),
      ),
    )}::uuid[], ${sql.param(
      arrayValue(
        tx,
        "date",
        gone.map((r) => r.date),
      ),
    )}::date[]) AS g(kpi_guid, date)
      WHERE v.kpi_guid = g.kpi_guid AND v.date = g.date`);
  }
  if (kept.length) {
    const column = (f: (typeof VALUE_FIELDS)[number]) =>
      sql`${sql.param(
        arrayValue(
          tx,
          "float8",
          kept.map((r) => r.to[f]),
        ),
      )}::float8[]`;
    await tx.execute(sql`INSERT INTO kpi_values AS v (kpi_guid, date, value, target, baseline, min, max, score, named_fields, updated_at)
      SELECT g.*, 63, ${now.toISOString()}::timestamptz
      FROM unnest(${sql.param(
        arrayValue(
          tx,
          "uuid",
          kept.map((r) => r.guid),
        ),
      )}::uuid[], ${sql.param(
        arrayValue(
          tx,
          "date",
          kept.map((r) => r.date),
        ),
      )}::date[], ${column("value")}, ${column("target")}, ${column("baseline")},
        ${column("min")}, ${column("max")}, ${column("score")}) AS g ORDER BY 1, 2
      ON CONFLICT (kpi_guid, date) DO UPDATE SET value = excluded.value, target = excluded.target, baseline = excluded.baseline,
        min = excluded.min, max = excluded.max, score = excluded.score, named_fields = excluded.named_fields, updated_at = excluded.updated_at`);
  }
}

/**
 * Undoes a change set as a new one (atomically, the scorecard locked first as every writer of its
 * values does): every record it touched gets its earlier figures back. Refused (409, naming them)
 * when a later change touched some of them, unless `overwrite`; a record of a deleted KPI cannot
 * be put back. A dry run answers the same and writes nothing.
 */
export async function revertChange(
  ctx: Ctx,
  { docId, changeId, dryRun, overwrite }: { docId: number; changeId: number; dryRun: boolean; overwrite: boolean },
): Promise<RevertResult> {
  await requireAccess(ctx, docId, dryRun ? "read" : "write");
  const { deps } = ctx;
  const plan = async (tx: Db | Tx) => {
    const [found] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM change_sets WHERE id = ${changeId} AND scorecard_id = ${docId}`);
    if (!found) throw notFound("Change set");
    const touched = await touchedBy(tx, changeId);
    const deleted = touched.filter((t) => t.kpiName === null);
    if (deleted.length) {
      throw conflict(
        `${deleted.length} record(s) belong to KPIs deleted since; nothing was put back`,
        deleted.map((t) => ({ path: `${t.guid}.${t.date}`, message: "Its KPI was deleted" })),
      );
    }
    const later = touched.filter((t) => t.laterChange !== null);
    if (later.length && !overwrite) {
      throw conflict(
        `${later.length} record(s) were changed again after this change set; nothing was put back (revert with overwrite=true to replace the later figures)`,
        later.map((t) => ({ path: `${t.guid}.${t.date}`, message: `${t.kpiName} on ${t.date} was changed later (change ${t.laterChange} by ${t.laterBy})` })),
      );
    }
    return touched
      .map((t) => ({ guid: t.guid, kpiName: t.kpiName!, date: t.date, from: figuresOf(t, "after"), to: figuresOf(t, "before") }))
      .filter((r) => !same(r.from, r.to));
  };
  if (dryRun) return { dryRun: true, changeId: null, records: await plan(deps.db) };
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      await beginChange(tx, ctx, docId, { reverts: changeId });
      const records = await plan(tx);
      await putBack(tx, records, deps.now());
      const [made] = await queryRows<{ id: string | null }>(tx, sql`SELECT nullif(current_setting(${`gauge.change_set_${docId}`}, true), '') AS id`);
      return { dryRun: false, changeId: made?.id ? Number(made.id) : null, records };
    }),
  );
}
