import "server-only";
import { eq, sql } from "drizzle-orm";
import type { ConnectorPreview } from "@/lib/contract/connectors";
import type { Db, Tx } from "@/lib/db/client";
import { arrayValue } from "@/lib/db/array-params";
import { queryRows } from "@/lib/db/query";
import { type connectors, scorecards, users } from "@/lib/db/schema";
import type { Caller, Ctx, Deps } from "../context";
import { ApiError } from "../errors";
import { periodsBefore, periodsBetween, periodStart } from "../domain/periods";
import { scorecardKpis, type StoredKpi } from "../domain/scorecards";
import type { WriteItem } from "../domain/value-writes";
import { columnsRead, mapRows, MAX_REJECTIONS_KEPT, type Mapped } from "./mapping";
import { openSource, scrub, secretsOf, type SourceSecret } from "./secrets";
import { DEFAULT_LIMITS, type Limits, type SourceRow } from "./sources/limits";
import { fetchSource } from "./sources/http";
import { allowList } from "../outbound/addresses";
import { systemResolve, type Reach } from "../outbound/reach";
import { documentRows } from "./sources/documents";
import { readSql } from "./sources/sql";
import { QueryRefusal } from "./sources/sql-text";

export type StoredConnector = typeof connectors.$inferSelect;

/** A backfill reads at most this many periods. */
const MAX_BACKFILL_PERIODS = 500;

const limitsOf = (deps: Deps): Limits => ({ ...DEFAULT_LIMITS, ...deps.config.connectors?.limits });

export function connectorSettings(deps: Deps) {
  const settings = deps.config.connectors;
  if (!settings) throw new ApiError(500, "internal", "Connectors are not set up on this server");
  return settings;
}

/** Where a connector may read: public addresses, and the private ones CONNECTOR_ALLOWED_HOSTS lists. */
const connectorReach = (deps: Deps): Reach => ({
  allowed: allowList(connectorSettings(deps).allowedHosts),
  resolve: deps.config.resolveHost ?? systemResolve,
  refusal: (host) => `${host} is a private or internal address: an operator may allow it by listing it in CONNECTOR_ALLOWED_HOSTS`,
});

const sourceOf = (deps: Deps, connector: StoredConnector): SourceSecret | null =>
  connector.source === null ? null : openSource(connectorSettings(deps).secret, connector.source);

/** A context acting as the person, refused with `inactive` when they are no longer active. */
export async function personCtx(deps: Deps, userId: number | null, inactive: string): Promise<Ctx> {
  const [person] = userId === null ? [] : await deps.db.select().from(users).where(eq(users.id, userId));
  if (!person || person.deactivatedAt) throw new QueryRefusal(inactive);
  const caller: Caller = {
    accountId: person.accountId,
    userId: person.id,
    email: person.email,
    role: person.role,
    tokenId: 0,
    tokenKind: "session",
    via: "connector",
    countedUsers: 1,
  };
  return { deps, caller };
}

/**
 * The connector's runs act as its owner, through "connector": they write only while the owner is
 * active and may write the scorecard, and the history names the owner and the connector.
 */
export const ownerCtx = (deps: Deps, connector: StoredConnector) =>
  personCtx(deps, connector.ownerId, "The connector's owner is no longer active: an admin or expert who may write the scorecard should save it again");

/** Today in the schedule's time zone. */
function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

interface Planned extends Mapped {
  rowsRead: number;
}

/** The periods a per-period run asks for: a backfill's, else the KPI's last complete period and the current one. */
function periodsToRead(kpi: StoredKpi, today: string, range?: { from: string; to: string }) {
  if (range) {
    const spans = periodsBetween(range.from, range.to, kpi.updateInterval, MAX_BACKFILL_PERIODS);
    if (!spans) throw new QueryRefusal(`A backfill reads at most ${MAX_BACKFILL_PERIODS} periods: shorten the range`);
    return spans.map((s) => ({ from: s.start, to: s.end }));
  }
  return periodsBetween(periodsBefore(today, kpi.updateInterval, 1), today, kpi.updateInterval)!.map((s) => ({ from: s.start, to: s.end }));
}

/** Reads the source and maps its rows (or takes the pushed rows) into the values a run would write. */
export async function plan(ctx: Ctx, connector: StoredConnector, options: { range?: { from: string; to: string }; pushed?: SourceRow[] }): Promise<Planned> {
  const { deps } = ctx;
  const kpis = await scorecardKpis(ctx, connector.scorecardId, "write");
  const [card] = await deps.db.select({ lockedUntil: scorecards.lockedUntil }).from(scorecards).where(eq(scorecards.id, connector.scorecardId));
  const today = todayIn(connector.scheduleTimeZone, deps.now());
  const mapping = connector.mapping as Parameters<typeof mapRows>[1]["mapping"];
  const base = { kpis, mapping, lockedUntil: card?.lockedUntil ?? null, dateFor: (kpi: StoredKpi) => periodStart(today, kpi.updateInterval) };
  const limits = limitsOf(deps);
  const reach = connectorReach(deps);
  const source = sourceOf(deps, connector);
  try {
    if (connector.kind === "push") {
      const rows = options.pushed ?? [];
      return { rowsRead: rows.length, ...mapRows(rows, base) };
    }
    if (options.range && connector.shape !== "period") throw new QueryRefusal("Only a per-period connector backfills a range");
    if (connector.kind === "postgres" || connector.kind === "mysql") {
      if (connector.shape === "period") {
        const kpi = kpis.find((k) => k.guid === mapping.kpiGuid);
        if (!kpi) throw new QueryRefusal(`The scorecard has no KPI ${mapping.kpiGuid}`);
        const periods = periodsToRead(kpi, today, options.range);
        const answers = await readSql({ kind: connector.kind, url: source!.url, reach, query: connector.query!, periods, limits });
        // One number per period: each period's first row, dated at the period's start.
        const rows = answers.map((rows) => rows[0] ?? {});
        const mapped = periods.map((p, i) => mapRows([rows[i]!], { ...base, dateFor: () => p.from }, i + 1));
        return {
          rowsRead: answers.reduce((n, rows) => n + rows.length, 0),
          items: mapped.flatMap((m) => m.items),
          locked: mapped.flatMap((m) => m.locked),
          rejections: mapped.flatMap((m, i) =>
            m.rejections.map((r) => (Object.keys(r.data).length ? r : { ...r, reason: `No row for ${periods[i]!.from} to ${periods[i]!.to}` })),
          ),
          rowsRejected: mapped.reduce((n, m) => n + m.rowsRejected, 0),
          notices: [],
        };
      }
      const [rows] = await readSql({ kind: connector.kind, url: source!.url, reach, query: connector.query!, limits });
      return { rowsRead: rows!.length, ...mapRows(connector.shape === "snapshot" ? rows!.slice(0, 1) : rows!, base) };
    }
    const { bytes, type } = await fetchSource(source!.url, source!.headers, limits, reach);
    const rows = await documentRows(bytes, type, connector.kind, mapping.rows, { maxRows: limits.maxRows, columns: columnsRead(mapping) });
    if (rows.length > limits.maxRows) throw new QueryRefusal(`The source holds more than ${limits.maxRows.toLocaleString("en")} rows`);
    return { rowsRead: rows.length, ...mapRows(connector.shape === "snapshot" ? rows.slice(0, 1) : rows, base) };
  } catch (error) {
    // Whatever a driver or a server says never carries the source's password or keys out.
    if (error instanceof Error && source) error.message = scrub(error.message, secretsOf(source));
    throw error;
  }
}

type StoredFigures = {
  guid: string;
  date: string;
  value: number | null;
  target: number | null;
  baseline: number | null;
  min: number | null;
  max: number | null;
};

/** The records stored now at the items' KPIs and dates (one query). */
async function storedAt(db: Db | Tx, items: WriteItem[]): Promise<Map<string, StoredFigures>> {
  if (items.length === 0) return new Map();
  const rows = await queryRows<StoredFigures>(
    db,
    sql`SELECT v.kpi_guid::text AS guid, to_char(v.date, 'YYYY-MM-DD') AS date, v.value, v.target, v.baseline, v.min, v.max
        FROM kpi_values v JOIN unnest(${sql.param(
          arrayValue(
            db,
            "uuid",
            items.map((i) => i.guid),
          ),
        )}::uuid[], ${sql.param(
          arrayValue(
            db,
            "date",
            items.map((i) => i.date),
          ),
        )}::date[]) AS r(g, d)
          ON v.kpi_guid = r.g AND v.date = r.d`,
  );
  return new Map(rows.map((r) => [`${r.guid}|${r.date}`, r]));
}

const keyOf = (item: WriteItem) => `${item.guid}|${item.date}`;
const sameAsStored = (item: WriteItem, before: StoredFigures | undefined) =>
  before !== undefined && (["value", "target", "baseline", "min", "max"] as const).every((f) => item[f] === undefined || item[f] === before[f]);

/**
 * What writing the planned rows would do: the items merged by KPI and date (a later row wins),
 * split into those that change something and those that do not. A row in a locked period that
 * equals what is stored is unchanged; one that differs is rejected with its reason.
 */
export async function outcomeOf(db: Db | Tx, planned: Mapped) {
  const merged = new Map<string, WriteItem>();
  for (const item of planned.items) merged.set(keyOf(item), { ...merged.get(keyOf(item)), ...item });
  const stored = await storedAt(db, [...merged.values(), ...planned.locked.map((l) => l.item)]);
  const changes: { item: WriteItem; before: StoredFigures | undefined }[] = [];
  let unchanged = 0;
  for (const [key, item] of merged) {
    const before = stored.get(key);
    if (sameAsStored(item, before)) unchanged++;
    else changes.push({ item, before });
  }
  const refused = planned.locked.filter((l) => !sameAsStored(l.item, stored.get(keyOf(l.item))));
  unchanged += planned.locked.length - refused.length;
  const rejections = [...planned.rejections, ...refused.map((l) => l.rejection)].sort((a, b) => a.row - b.row).slice(0, MAX_REJECTIONS_KEPT);
  return { changes, unchanged, rejections, rowsRejected: planned.rowsRejected + refused.length };
}

const PREVIEW_VALUES = 1000;

/** What a run would write now: read, mapped and compared, nothing written. */
export async function previewOf(ctx: Ctx, connector: StoredConnector, planned: Planned): Promise<ConnectorPreview> {
  const { changes, unchanged, rejections, rowsRejected } = await outcomeOf(ctx.deps.db, planned);
  const names = new Map((await scorecardKpis(ctx, connector.scorecardId, "write")).map((k) => [k.guid, k.name]));
  const fresh = changes.filter((c) => !c.before).length;
  return {
    rowsRead: planned.rowsRead,
    values: changes.slice(0, PREVIEW_VALUES).map(({ item, before }) => ({
      guid: item.guid,
      kpi: names.get(item.guid) ?? item.guid,
      date: item.date,
      value: item.value ?? null,
      before: before?.value ?? null,
      change: before ? "changed" : "new",
    })),
    new: fresh,
    changed: changes.length - fresh,
    unchanged,
    rejections,
    rowsRejected,
    notices: planned.notices,
  };
}
