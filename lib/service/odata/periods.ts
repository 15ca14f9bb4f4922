import "server-only";
import { sql } from "drizzle-orm";
import { isPeriod, type Period } from "@/lib/contract/constants";
import { queryRows } from "@/lib/db/query";
import type { Ctx } from "../context";
import { accessOf } from "../domain/access";
import { groupedValues } from "../domain/grouped";
import { matches, sortRows } from "./expressions";
import { setNamed } from "./model";
import { ODataError, type Expr, type QueryPlan } from "./options";

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

/** Every period row the filter keeps, for the scorecards the caller may read, in the order asked. */
export async function readPeriods(ctx: Ctx, plan: QueryPlan): Promise<Record<string, unknown>[]> {
  const { period, from, to, scorecard } = scope(plan, ctx.deps.now().toISOString().slice(0, 10));
  const cards = await queryRows<{ id: number }>(
    ctx.deps.db,
    sql`SELECT scorecards.id FROM scorecards WHERE scorecards.account_id = ${ctx.caller.accountId} AND ${accessOf(ctx.caller)} IS NOT NULL
        ${scorecard === null ? sql`` : sql`AND scorecards.id = ${scorecard}`} ORDER BY scorecards.id`,
  );
  const rows: Record<string, unknown>[] = [];
  for (const { id } of cards) {
    let grouped: Awaited<ReturnType<typeof groupedValues>>;
    try {
      grouped = await groupedValues(ctx, { docId: id, period, startDate: from, endDate: to });
    } catch (error) {
      throw new ODataError(400, "BadRequest", `Periods from ${from} to ${to}: ${(error as Error).message}`);
    }
    for (const series of grouped.items) {
      for (const p of series.points) {
        const row = {
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
        };
        if (!plan.filter || matches(plan.filter, row)) rows.push(row);
      }
    }
  }
  return sortRows(rows, plan.orderBy, setNamed("Periods")!.key);
}
