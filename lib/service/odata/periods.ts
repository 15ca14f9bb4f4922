import "server-only";
import { sql } from "drizzle-orm";
import { isPeriod, type Period } from "@/lib/contract/constants";
import { queryRows } from "@/lib/db/query";
import type { Ctx } from "../context";
import { accessOf } from "../domain/access";
import { groupedValues } from "../domain/grouped";
import { compare, matches, sortRows } from "./expressions";
import { setNamed } from "./model";
import { type Cursor, ODataError, type Expr, type QueryPlan } from "./options";
import { checkedOrder, orderOf } from "./paging";

/** The comparisons every row must pass: the top-level `and` chain of the filter. */
function conjuncts(expr: Expr | null): Expr[] {
  if (!expr) return [];
  return expr.op === "and" ? [...conjuncts(expr.left), ...conjuncts(expr.right)] : [expr];
}

const equalTo = (parts: Expr[], property: string) =>
  parts.flatMap((e) => (e.op === "cmp" && e.cmp === "eq" && e.property === property && e.value !== null ? [e.value] : []))[0];

/**
 * The grouping, scorecards and range the filter asks for: `Period eq 'QUARTER'` (MONTH when
 * absent), `ScorecardId eq N`, and bounds on Start (by default the two years before this one and
 * this one); the rest of the filter is applied to the computed rows.
 */
function scope(plan: QueryPlan, today: string) {
  const parts = conjuncts(plan.filter);
  const period = equalTo(parts, "Period") ?? "MONTH";
  if (typeof period !== "string" || !isPeriod(period))
    throw new ODataError(400, "BadRequest", `Period is one of DAY, WEEK, MONTH, QUARTER, HALF_YEAR, YEAR: not ${String(period)}`);
  const year = Number(today.slice(0, 4));
  let from = `${year - 2}-01-01`;
  let to = `${year}-12-31`;
  for (const e of parts) {
    if (e.op !== "cmp" || e.property !== "Start" || typeof e.value !== "string") continue;
    if (e.cmp === "ge" || e.cmp === "gt" || e.cmp === "eq") from = e.value;
    if (e.cmp === "le" || e.cmp === "lt" || e.cmp === "eq") to = e.value;
  }
  const scorecard = equalTo(parts, "ScorecardId");
  return { period: period as Period, from, to, scorecard: typeof scorecard === "number" ? scorecard : null };
}

/** Whether a computed row comes after the cursor in the order (the cursor's values, as text, read as each property's type). */
function afterTest(order: { property: string; descending: boolean }[], cursor: Cursor): (row: Record<string, unknown>) => boolean {
  const set = setNamed("Periods")!;
  const values = order.map(({ property }, i) => {
    const type = set.properties.find((p) => p.name === property)!.type;
    const text = cursor[i] ?? null;
    return text === null ? null : type === "Edm.Int32" || type === "Edm.Double" ? Number(text) : type === "Edm.Boolean" ? text === "true" : text;
  });
  return (row) => {
    for (const [i, { property, descending }] of order.entries()) {
      const c = compare(row[property], values[i]);
      if (c !== 0) return descending ? c < 0 : c > 0;
    }
    return false;
  };
}

/**
 * The period rows the filter keeps after the plan's cursor, for the scorecards the caller may
 * read, in the order asked; with `count`, how many the filter keeps in all. Without $orderby or
 * $count the rows follow the scorecards, so only the scorecards until `enough` rows are computed.
 */
export async function readPeriods(ctx: Ctx, plan: QueryPlan, enough: number): Promise<{ rows: Record<string, unknown>[]; count: number | null }> {
  const { period, from, to, scorecard } = scope(plan, ctx.deps.now().toISOString().slice(0, 10));
  const set = setNamed("Periods")!;
  const order = orderOf(set, plan);
  if (plan.cursor) checkedOrder(set, plan, plan.cursor);
  const isAfter = plan.cursor ? afterTest(order, plan.cursor) : () => true;
  const streaming = plan.orderBy.length === 0 && !plan.count;
  const firstCard = streaming && plan.cursor?.[0] ? Number(plan.cursor[0]) : null;
  const cards = await queryRows<{ id: number }>(
    ctx.deps.db,
    sql`SELECT scorecards.id FROM scorecards WHERE scorecards.account_id = ${ctx.caller.accountId} AND ${accessOf(ctx.caller)} IS NOT NULL
        ${scorecard === null ? sql`` : sql`AND scorecards.id = ${scorecard}`} ${firstCard === null ? sql`` : sql`AND scorecards.id >= ${firstCard}`}
        ORDER BY scorecards.id`,
  );
  let rows: Record<string, unknown>[] = [];
  for (const { id } of cards) {
    const kept = (await scorecardRows(ctx, id, period, from, to)).filter((row) => !plan.filter || matches(plan.filter, row));
    rows.push(...(streaming ? sortRows(kept, order).filter(isAfter) : kept));
    if (streaming && rows.length >= enough) break;
  }
  if (streaming) return { rows, count: null };
  const count = plan.count ? rows.length : null;
  rows = sortRows(rows, order);
  return { rows: rows.filter(isAfter), count };
}

/** One scorecard's period rows. */
async function scorecardRows(ctx: Ctx, id: number, period: Period, from: string, to: string): Promise<Record<string, unknown>[]> {
  let grouped: Awaited<ReturnType<typeof groupedValues>>;
  try {
    grouped = await groupedValues(ctx, { docId: id, period, startDate: from, endDate: to });
  } catch (error) {
    throw new ODataError(400, "BadRequest", `Periods from ${from} to ${to}: ${(error as Error).message}`);
  }
  return grouped.items.flatMap((series) =>
    series.points.map((p) => ({
      ScorecardId: id,
      KpiGuid: series.guid,
      KpiName: series.name,
      Period: period,
      Start: p.start,
      End: p.end,
      Value: p.value,
      Target: p.target,
      Baseline: p.baseline,
      Score: p.score,
      Status: p.status,
      Complete: p.complete,
    })),
  );
}
