import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "@/lib/db/query";
import type { Ctx } from "../context";
import { selected, whereOf } from "./expressions";
import { setNamed, type EntitySet } from "./model";
import type { QueryPlan } from "./options";
import { afterCursor, orderOf, placeColumns, skipToken, takePlace } from "./paging";
import { readPeriods } from "./periods";

/** Rows a page holds at most: a refresh of a typical scorecard is a few calls. */
const PAGE_SIZE = 5000;

export type Row = Record<string, unknown>;
export interface Page {
  rows: Row[];
  count: number | null;
  /** The $skiptoken of the next page, when more follow. */
  nextToken: string | null;
}

/**
 * The rows to read for this page: after the cursor (or, on the first page, after $skip; a token
 * of the earlier form counts the rows sent instead), as many as the page and $top leave.
 */
function window(plan: QueryPlan, pageSize: number) {
  const remaining = plan.top === null ? Infinity : Math.max(0, plan.top - plan.token);
  return { offset: plan.cursor ? 0 : plan.skip + plan.token, limit: Math.min(pageSize, remaining), last: remaining <= pageSize };
}

/** Only the properties asked for ($select), in the model's order. */
const chosen = (set: EntitySet, plan: QueryPlan) => set.properties.filter((p) => !plan.select || plan.select.includes(p.name));

async function readTable(ctx: Ctx, set: EntitySet, plan: QueryPlan, pageSize: number, extra?: SQL): Promise<Page> {
  const where = sql.join([plan.filter ? whereOf(plan.filter, set) : sql`TRUE`, extra ?? sql`TRUE`], sql` AND `);
  const properties = chosen(set, plan);
  // The navigation's own property is read even when not selected: the expansion needs it.
  const nav = plan.expand ? set.navigation.find((n) => n.name === plan.expand) : undefined;
  const needed = nav && !properties.some((p) => p.name === nav.from) ? [...properties, set.properties.find((p) => p.name === nav.from)!] : properties;
  const order = orderOf(set, plan).map(({ property, descending }) => {
    const column = set.properties.find((p) => p.name === property)!.column!;
    return sql`${column} ${sql.raw(descending ? "DESC NULLS LAST" : "ASC NULLS FIRST")}`;
  });
  const { offset, limit, last } = window(plan, pageSize);
  const source = set.source!(ctx.caller);
  const after = plan.cursor ? afterCursor(set, plan, plan.cursor) : sql`TRUE`;
  const columns = [...needed.map(selected), ...placeColumns(set, plan)];
  const rows =
    limit === 0
      ? []
      : await queryRows<Row>(
          ctx.deps.db,
          sql`SELECT ${sql.join(columns, sql`, `)} ${source} AND ${where} AND ${after} ORDER BY ${sql.join(order, sql`, `)} LIMIT ${limit + 1} OFFSET ${offset}`,
        );
  const places = rows.map((row) => takePlace(row, order.length));
  const more = rows.length > limit && !last;
  const page = rows.slice(0, limit);
  const count = plan.count ? Number((await queryRows<{ n: number }>(ctx.deps.db, sql`SELECT count(*)::int AS n ${source} AND ${where}`))[0]!.n) : null;
  if (nav)
    await expand(
      ctx,
      page,
      nav,
      properties.some((p) => p.name === nav.from),
    );
  return { rows: page, count, nextToken: more ? skipToken(plan.token + page.length, places[page.length - 1]!) : null };
}

/** Adds each row's related rows (one level), read in one query under the same access rules. */
async function expand(ctx: Ctx, rows: Row[], nav: EntitySet["navigation"][number], keepFrom: boolean): Promise<void> {
  const target = setNamed(nav.target)!;
  const keys = [...new Set(rows.map((r) => r[nav.from]).filter((k) => k !== null && k !== undefined))];
  const toColumn = target.properties.find((p) => p.name === nav.to)!.column!;
  const related =
    keys.length === 0
      ? []
      : (
          await readTable(
            ctx,
            target,
            { filter: null, select: null, orderBy: [], top: null, skip: 0, token: 0, cursor: null, count: false, expand: null },
            Number.MAX_SAFE_INTEGER,
            sql`${toColumn} IN (${sql.join(
              keys.map((k) => sql`${k}`),
              sql`, `,
            )})`,
          )
        ).rows;
  for (const row of rows) {
    const mine = related.filter((r) => String(r[nav.to]) === String(row[nav.from]));
    row[nav.name] = nav.many ? mine : (mine[0] ?? null);
    if (!keepFrom) delete row[nav.from];
  }
}

/** The page size a client asks for with `Prefer: odata.maxpagesize=N`, never over the service's own; null when it asks none. */
export function preferredPageSize(prefer: string | undefined): number | null {
  const asked = /(?:^|[,;\s])odata\.maxpagesize=(\d{1,9})(?:$|[,;\s])/i.exec(prefer ?? "");
  return asked && Number(asked[1]) > 0 ? Math.min(Number(asked[1]), PAGE_SIZE) : null;
}

/** One page of a set's rows for the caller, as the plan asks, of at most `pageSize` rows. */
export async function readPage(ctx: Ctx, set: EntitySet, plan: QueryPlan, pageSize = PAGE_SIZE): Promise<Page> {
  if (set.source) return readTable(ctx, set, plan, pageSize);
  const { offset, limit, last } = window(plan, pageSize);
  const { rows, count } = await readPeriods(ctx, plan, offset + limit + 1);
  const page = rows.slice(offset, offset + limit);
  const more = rows.length > offset + limit && !last;
  const place = (row: Row) => orderOf(set, plan).map(({ property }) => (row[property] === null ? null : String(row[property])));
  const nextToken = more ? skipToken(plan.token + page.length, place(page[page.length - 1]!)) : null;
  const shown = page.map((row) => (plan.select ? Object.fromEntries(plan.select.map((name) => [name, row[name]])) : row));
  return { rows: shown, count, nextToken };
}
