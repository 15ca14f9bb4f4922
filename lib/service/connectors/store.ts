import "server-only";
import { MAX_ROW_ID } from "@/lib/contract/constants";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Connector, CreateConnector, UpdateConnector } from "@/lib/contract/connectors";
import { connectorRuns, connectors, scorecards, users } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { dashboardBase } from "../context";
import { forbidden, invalidRequest, notFound } from "../errors";
import { accessOf } from "../domain/access";
import { scorecardKpis } from "../domain/scorecards";
import { connectorSettings, type StoredConnector } from "./engine";
import { toRun } from "./runs";
import { describeSchedule, nextRunAfter } from "./cron";
import { hashPushKey, maskedSource, mergeMasked, newPushKey, openSource, sealSource, type SourceSecret } from "./secrets";
import { connectorProblems } from "./validation";

/** The connectors of scorecards the caller may write: no one else sees one (it names a source). */
const writableBy = (ctx: Ctx) => and(eq(connectors.accountId, ctx.caller.accountId), sql`${accessOf(ctx.caller)} = 'write'`);

async function answers(ctx: Ctx, rows: StoredConnector[]): Promise<Connector[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const owners = new Map(
    (
      await ctx.deps.db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          inArray(
            users.id,
            rows.flatMap((r) => (r.ownerId === null ? [] : [r.ownerId])),
          ),
        )
    ).map((u) => [u.id, u.email]),
  );
  const lastRuns = await ctx.deps.db
    .selectDistinctOn([connectorRuns.connectorId])
    .from(connectorRuns)
    .where(inArray(connectorRuns.connectorId, ids))
    .orderBy(connectorRuns.connectorId, desc(connectorRuns.id));
  const lastRun = new Map(lastRuns.map((r) => [r.connectorId, toRun(r)]));
  const secret = connectorSettings(ctx.deps).secret;
  return rows.map((row) => {
    let source: Connector["source"] = null;
    if (row.source !== null) {
      try {
        source = maskedSource(openSource(secret, row.source), row.sourceById === ctx.caller.userId);
      } catch {
        source = { url: "*** (sealed with another CONNECTOR_SECRET: enter it again)", headers: {} };
      }
    }
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      shape: row.shape,
      docId: row.scorecardId,
      source,
      query: row.query,
      mapping: row.mapping as Connector["mapping"],
      schedule: row.scheduleCron
        ? {
            cron: row.scheduleCron,
            timeZone: row.scheduleTimeZone,
            description: describeSchedule(row.scheduleCron, row.scheduleTimeZone),
            nextRunAt: row.nextRunAt?.toISOString() ?? null,
          }
        : null,
      enabled: row.enabled,
      owner: row.ownerId !== null && owners.has(row.ownerId) ? { userId: row.ownerId, email: owners.get(row.ownerId)! } : null,
      failuresInRow: row.failuresInRow,
      lastRun: lastRun.get(row.id) ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function listConnectors(ctx: Ctx, { docId }: { docId?: number } = {}): Promise<Connector[]> {
  const rows = await ctx.deps.db
    .select({ connector: connectors })
    .from(connectors)
    .innerJoin(scorecards, eq(scorecards.id, connectors.scorecardId))
    .where(and(writableBy(ctx), docId === undefined ? undefined : eq(connectors.scorecardId, docId)))
    .orderBy(connectors.name, connectors.id);
  return answers(
    ctx,
    rows.map((r) => r.connector),
  );
}

/** The connector, when the caller may write its scorecard; 404 otherwise. */
export async function ownConnector(ctx: Ctx, id: number): Promise<StoredConnector> {
  const [row] =
    id > MAX_ROW_ID
      ? []
      : await ctx.deps.db
          .select({ connector: connectors })
          .from(connectors)
          .innerJoin(scorecards, eq(scorecards.id, connectors.scorecardId))
          .where(and(eq(connectors.id, id), writableBy(ctx)));
  if (!row) throw notFound("Connector");
  return row.connector;
}

export async function getConnector(ctx: Ctx, { id }: { id: number }): Promise<Connector> {
  return (await answers(ctx, [await ownConnector(ctx, id)]))[0]!;
}

type Draft = CreateConnector;

/**
 * The source to seal: the one sent, each *** given back its stored secret where the address is
 * unchanged. A source that changes may be changed only by the person who typed the stored one
 * or an admin; that person then becomes its typist.
 */
function sourceToSeal(ctx: Ctx, sent: { url: string; headers: Record<string, string> } | undefined, stored: StoredConnector | null) {
  if (!sent) return { source: null, sourceById: null };
  const { secret } = connectorSettings(ctx.deps);
  const kept = stored?.source ? openSource(secret, stored.source) : null;
  const merged = mergeMasked(sent, kept);
  if (merged.problem)
    throw invalidRequest(`The connector cannot be saved: ${merged.problem.summary}`, [{ path: merged.problem.path, message: merged.problem.message }]);
  const spelled = (source: SourceSecret) =>
    JSON.stringify([URL.canParse(source.url) ? new URL(source.url).toString() : source.url, Object.entries(source.headers).sort()]);
  const same = kept !== null && spelled(kept) === spelled(merged.source);
  if (same) return { source: stored!.source, sourceById: stored!.sourceById };
  if (stored?.source && stored.sourceById !== null && stored.sourceById !== ctx.caller.userId && ctx.caller.role !== "admin") {
    throw forbidden("Only the person who typed this connector's source or an admin may change it: its password and keys are theirs");
  }
  return { source: sealSource(secret, merged.source), sourceById: ctx.caller.userId };
}

/** Checks a connector as it would be saved (400 with every problem) and returns its stored columns. */
async function columnsOf(ctx: Ctx, draft: Draft, stored: StoredConnector | null) {
  const kpis = await scorecardKpis(ctx, draft.docId, "write");
  const source = draft.source ? { url: draft.source.url, headers: draft.source.headers ?? {} } : undefined;
  const problems = connectorProblems({ ...draft, source }, kpis);
  if (problems.length) throw invalidRequest(`The connector cannot be saved: ${problems[0]!.message}${problems.length > 1 ? "; ..." : ""}`, problems);
  const schedule = draft.schedule ?? null;
  const now = ctx.deps.now();
  return {
    name: draft.name,
    kind: draft.kind,
    shape: draft.shape,
    scorecardId: draft.docId,
    ...sourceToSeal(ctx, source, stored),
    query: draft.query ?? null,
    mapping: draft.mapping,
    scheduleCron: schedule?.cron ?? null,
    scheduleTimeZone: schedule?.timeZone ?? "UTC",
    enabled: draft.enabled ?? true,
    nextRunAt: schedule ? nextRunAfter(schedule.cron, schedule.timeZone, now) : null,
    leaseUntil: null,
    leaseToken: null,
  };
}

export async function createConnector(ctx: Ctx, input: CreateConnector): Promise<Connector & { pushUrl?: string }> {
  const columns = await columnsOf(ctx, input, null);
  const pushKey = input.kind === "push" ? newPushKey() : null;
  const [row] = await ctx.deps.db
    .insert(connectors)
    .values({
      ...columns,
      accountId: ctx.caller.accountId,
      ownerId: ctx.caller.userId,
      pushKeyHash: pushKey ? hashPushKey(pushKey) : null,
      createdAt: ctx.deps.now(),
    })
    .returning();
  const [answer] = await answers(ctx, [row!]);
  return pushKey ? { ...answer!, pushUrl: `${dashboardBase(ctx.deps)}/rest/push/${pushKey}` } : answer!;
}

/** The stored connector as the body that would create it (its source masked, to be merged back). */
function draftOf(row: StoredConnector, source: Connector["source"]): Draft {
  return {
    name: row.name,
    kind: row.kind,
    shape: row.shape,
    docId: row.scorecardId,
    ...(source ? { source: { url: source.url, headers: source.headers } } : {}),
    ...(row.query ? { query: row.query } : {}),
    mapping: row.mapping as Draft["mapping"],
    schedule: row.scheduleCron ? { cron: row.scheduleCron, timeZone: row.scheduleTimeZone } : null,
    enabled: row.enabled,
  };
}

/**
 * Changes the fields sent. Saving makes the caller the connector's owner (its runs write as the
 * last person who checked it), and moving it to another scorecard needs write access there too.
 */
export async function updateConnector(ctx: Ctx, { id, input }: { id: number; input: UpdateConnector }): Promise<Connector> {
  const row = await ownConnector(ctx, id);
  const [shown] = await answers(ctx, [row]);
  const draft = { ...draftOf(row, shown!.source), ...input } as Draft;
  if (input.kind && input.kind !== row.kind && (input.kind === "push") !== (row.kind === "push"))
    throw invalidRequest("A push connector cannot become another kind, nor another kind a push connector: make a new one", [
      { path: "kind", message: "Make a new connector" },
    ]);
  const columns = await columnsOf(ctx, draft, row);
  const [saved] = await ctx.deps.db
    .update(connectors)
    .set({ ...columns, ownerId: ctx.caller.userId, failuresInRow: 0 })
    .where(eq(connectors.id, id))
    .returning();
  return (await answers(ctx, [saved!]))[0]!;
}

export async function deleteConnector(ctx: Ctx, { id }: { id: number }): Promise<void> {
  await ownConnector(ctx, id);
  await ctx.deps.db.delete(connectors).where(eq(connectors.id, id));
}

/** A draft as a connector row that is never saved: for a preview before saving. */
export async function unsavedConnector(ctx: Ctx, input: CreateConnector): Promise<StoredConnector> {
  const columns = await columnsOf(ctx, input, null);
  return { ...columns, id: 0, accountId: ctx.caller.accountId, ownerId: ctx.caller.userId, pushKeyHash: null, failuresInRow: 0, createdAt: ctx.deps.now() };
}

export async function listRuns(ctx: Ctx, { id }: { id: number }) {
  await ownConnector(ctx, id);
  const rows = await ctx.deps.db.select().from(connectorRuns).where(eq(connectorRuns.connectorId, id)).orderBy(desc(connectorRuns.id)).limit(100);
  return rows.map(toRun);
}

/** The connector a push key opens, or null. */
export async function connectorByPushKey(ctx: Pick<Ctx, "deps">, key: string): Promise<StoredConnector | null> {
  const [row] = await ctx.deps.db
    .select()
    .from(connectors)
    .where(eq(connectors.pushKeyHash, hashPushKey(key)));
  return row ?? null;
}
