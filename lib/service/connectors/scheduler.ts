import "server-only";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { connectors } from "@/lib/db/schema";
import { queryRows } from "@/lib/db/query";
import type { Deps } from "../context";
import { startPolling } from "../polling";
import { LeaseLost, runConnector } from "./runs";

interface SchedulerOptions {
  deps: Deps;
  pollMs?: number;
  /** How long a claimed run is reserved; a run cut short (its process killed) is taken again after it. */
  leaseSeconds?: number;
}

const LEASE_SECONDS = 300;
const BATCH = 5;

/**
 * Claims due connectors with FOR UPDATE SKIP LOCKED and a lease token, as the webhook outbox
 * does: each scheduled time is taken by one process. Its values, its run record and the move to
 * the next time commit together, and only under the token it claimed with, so a run whose
 * process died is redone once its lease runs out, and a slow one overtaken writes nothing.
 */
async function claim(deps: Deps, leaseSeconds: number): Promise<{ id: number; at: Date; token: string }[]> {
  const token = randomUUID();
  const at = deps.now().toISOString();
  const rows = await queryRows<{ id: number; next_run_at: Date | string }>(
    deps.db,
    sql`UPDATE connectors SET lease_until = ${at}::timestamptz + make_interval(secs => ${leaseSeconds}), lease_token = ${token}
        WHERE id IN (
          SELECT c.id FROM connectors c JOIN scorecards s ON s.id = c.scorecard_id
          WHERE c.enabled AND c.next_run_at <= ${at}::timestamptz AND (c.lease_until IS NULL OR c.lease_until < ${at}::timestamptz) AND s.deleted_at IS NULL
          ORDER BY c.next_run_at, c.id LIMIT ${BATCH} FOR UPDATE OF c SKIP LOCKED)
        RETURNING id, next_run_at`,
  );
  return rows.map((r) => ({ id: r.id, at: new Date(r.next_run_at), token }));
}

/** One pass: claims the due connectors and runs each. Returns how many runs were recorded. */
async function runDueConnectors(options: SchedulerOptions): Promise<number> {
  const { deps } = options;
  let recorded = 0;
  for (const { id, at, token } of await claim(deps, options.leaseSeconds ?? LEASE_SECONDS)) {
    const [connector] = await deps.db.select().from(connectors).where(eq(connectors.id, id));
    if (!connector) continue;
    try {
      await runConnector(deps, connector, { trigger: "schedule", scheduled: { at, leaseToken: token } });
      recorded++;
    } catch (error) {
      if (!(error instanceof LeaseLost)) console.error(`[connectors] run of connector ${id} failed:`, error);
    }
  }
  return recorded;
}

/** Runs due connectors every few seconds until stopped; started once per server process. */
export const startConnectorScheduler = (options: SchedulerOptions) => startPolling("connectors", () => runDueConnectors(options), options.pollMs ?? 15_000);
