import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { ConnectorRun, Notice, Rejection } from "@/lib/contract/connectors";
import type { Tx } from "@/lib/db/client";
import { connectorRuns, connectors, notificationSettings, scorecards } from "@/lib/db/schema";
import { queryRows } from "@/lib/db/query";
import type { Ctx, Deps } from "../context";
import { dashboardBase } from "../context";
import { lockedPeriodRefusal } from "../errors";
import { scorecardKpis } from "../domain/scorecards";
import { writeValues } from "../domain/value-writes";
import { queueEmail, queueEvent } from "../webhooks/outbox";
import { outcomeOf, ownerCtx, plan, type StoredConnector } from "./engine";
import { nextRunAfter } from "./cron";
import type { SourceRow } from "./sources/limits";
import { operations } from "@/lib/cli/operations.mjs";

/** Failed runs in a row after which the connector's owner is told. */
const FAILURES_TOLD = 3;

interface RunOptions {
  trigger: ConnectorRun["trigger"];
  /** A scheduled run: its time, and the lease its process holds. */
  scheduled?: { at: Date; leaseToken: string };
  range?: { from: string; to: string };
  pushed?: SourceRow[];
}

/** Another process holds the connector's scheduled run (its lease ran out and was taken): this one writes nothing. */
export class LeaseLost extends Error {}

type RunRow = typeof connectorRuns.$inferSelect;
export const toRun = (row: RunRow): ConnectorRun => ({
  id: row.id,
  trigger: row.trigger,
  scheduledFor: row.scheduledFor?.toISOString() ?? null,
  startedAt: row.startedAt.toISOString(),
  durationMs: row.durationMs,
  status: row.status,
  rowsRead: row.rowsRead,
  valuesWritten: row.valuesWritten,
  valuesUnchanged: row.valuesUnchanged,
  rowsRejected: row.rowsRejected,
  rejections: row.rejections as Rejection[],
  notices: row.notices as Notice[],
  error: row.error,
  changeId: row.changeSetId,
});

/**
 * Moves the connector on after a run, in the run's own transaction: a scheduled run releases its
 * lease and sets the next time (LeaseLost when its lease was taken meanwhile); every run updates
 * the failures in a row. Returns that count.
 */
async function settle(tx: Tx, deps: Deps, connector: StoredConnector, options: RunOptions, failed: boolean): Promise<number> {
  const failures = failed ? sql`${connectors.failuresInRow} + 1` : sql`0`;
  const scheduled = options.scheduled;
  const next = scheduled && connector.scheduleCron ? nextRunAfter(connector.scheduleCron, connector.scheduleTimeZone, deps.now()) : null;
  const [row] = await tx
    .update(connectors)
    .set(scheduled ? { failuresInRow: failures, nextRunAt: next, leaseUntil: null, leaseToken: null } : { failuresInRow: failures })
    .where(and(eq(connectors.id, connector.id), scheduled ? eq(connectors.leaseToken, scheduled.leaseToken) : undefined))
    .returning({ failures: connectors.failuresInRow });
  if (!row) throw new LeaseLost();
  return row.failures;
}

/** Records the run; a scheduled time already recorded (by another process) is LeaseLost. */
async function record(tx: Tx, row: typeof connectorRuns.$inferInsert): Promise<RunRow> {
  const [saved] = await tx.insert(connectorRuns).values(row).onConflictDoNothing().returning();
  if (!saved) throw new LeaseLost();
  operations.connectorRuns.inc({ trigger: saved.trigger, outcome: saved.status });
  return saved;
}

/** The third failure in a row tells the owner: by e-mail when the server sends mail, else through the account's reminder webhook. */
async function tellOwner(tx: Tx, deps: Deps, connector: StoredConnector, error: string): Promise<void> {
  if (connector.ownerId === null) return;
  const [card] = await tx.select({ name: scorecards.name }).from(scorecards).where(eq(scorecards.id, connector.scorecardId));
  const url = `${dashboardBase(deps)}/connectors?id=${connector.id}`;
  const message = {
    title: `Connector ${connector.name} failed ${FAILURES_TOLD} times in a row`,
    facts: [
      ["Connector", connector.name],
      ["Scorecard", card?.name ?? ""],
      ["Last error", error],
    ] as [string, string][],
    link: { label: "Open the connector in Gauge", url },
  };
  const now = deps.now();
  if (deps.config.mail) return void (await queueEmail(tx, connector.ownerId, { type: "connector.failing", message }, now));
  const [settings] = await tx
    .select({ webhookId: notificationSettings.reminderWebhookId })
    .from(notificationSettings)
    .where(eq(notificationSettings.accountId, connector.accountId));
  if (settings?.webhookId) {
    await queueEvent(tx, settings.webhookId, "connector.failing", { connector: { id: connector.id, name: connector.name }, error }, now, { message });
  }
}

const changeSetOf = async (tx: Tx, docId: number) =>
  (await queryRows<{ id: number | null }>(tx, sql`SELECT nullif(current_setting(${`gauge.change_set_${docId}`}, true), '')::bigint::float8 AS id`))[0]?.id ??
  null;

/**
 * Runs a connector: reads its source, then, in one transaction, writes its new and changed values
 * (one change set, all or nothing), records the run and moves the connector on. A run that fails
 * writes no value and records why.
 */
export async function runConnector(deps: Deps, connector: StoredConnector, options: RunOptions): Promise<ConnectorRun> {
  const startedAt = deps.now();
  const began = performance.now();
  const base = { connectorId: connector.id, trigger: options.trigger, scheduledFor: options.scheduled?.at ?? null, startedAt };
  const elapsed = () => Math.round(performance.now() - began);
  let ctx: Ctx | null = null;
  let rowsRead = 0;
  try {
    ctx = await ownerCtx(deps, connector);
    const planned = await plan(ctx, connector, options);
    rowsRead = planned.rowsRead;
    const caller = ctx.caller;
    const saved = await deps.db.transaction(async (tx) => {
      await settle(tx, deps, connector, options, false);
      const { changes, unchanged, rejections, rowsRejected } = await outcomeOf(tx, planned);
      let changeSetId: number | null = null;
      if (changes.length) {
        const txCtx: Ctx = { deps: { ...deps, db: tx }, caller };
        const defs = await scorecardKpis(txCtx, connector.scorecardId, "write");
        await writeValues(
          txCtx,
          connector.scorecardId,
          defs,
          changes.map((c) => c.item),
        );
        changeSetId = await changeSetOf(tx, connector.scorecardId);
      }
      return record(tx, {
        ...base,
        durationMs: elapsed(),
        status: "succeeded",
        rowsRead,
        valuesWritten: changes.length,
        valuesUnchanged: unchanged,
        rowsRejected,
        rejections,
        notices: planned.notices,
        changeSetId,
      });
    });
    return toRun(saved);
  } catch (error) {
    if (error instanceof LeaseLost) throw error;
    const reason = lockedPeriodRefusal(error) ?? ((error as Error).message || String(error));
    const saved = await deps.db.transaction(async (tx) => {
      const failures = await settle(tx, deps, connector, options, true);
      if (failures === FAILURES_TOLD) await tellOwner(tx, deps, connector, reason);
      return record(tx, { ...base, durationMs: elapsed(), status: "failed", rowsRead, error: reason });
    });
    return toRun(saved);
  }
}
