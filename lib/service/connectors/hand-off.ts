import "server-only";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { ConnectorRun } from "@/lib/contract/connectors";
import { connectorRunRequests, connectorRuns, connectors } from "@/lib/db/schema";
import { queryRows } from "@/lib/db/query";
import type { Deps } from "../context";
import { ApiError, notFound } from "../errors";
import { startPolling } from "../polling";
import { runConnector, toRun } from "./runs";
import type { StoredConnector } from "./engine";

// A web process (GAUGE_ROLE=web) serves only: a run or backfill asked for there is written down
// for a worker, which claims it as the scheduler claims due connectors (FOR UPDATE SKIP LOCKED and
// a lease), runs it and records the run; the web process waits for the record and answers it, so
// the API answers a run as it always has while the work happens where slow sources cannot hold
// up pages.

type Asked = { trigger: "manual" | "backfill"; range?: { from: string; to: string } };

const WAIT_STEP_MS = 100;
const LEASE_SECONDS = 300;

/** Hands the run to a worker and answers its run once recorded; refused when no worker takes it within `pickupSeconds`. */
export async function runInWorker(deps: Deps, connector: StoredConnector, asked: Asked, pickupSeconds: number): Promise<ConnectorRun> {
  const [request] = await deps.db
    .insert(connectorRunRequests)
    .values({ connectorId: connector.id, trigger: asked.trigger, rangeFrom: asked.range?.from, rangeTo: asked.range?.to, createdAt: deps.now() })
    .returning({ id: connectorRunRequests.id });
  const id = request!.id;
  const pickupBy = performance.now() + pickupSeconds * 1000;
  for (;;) {
    const [row] = await deps.db.select().from(connectorRunRequests).where(eq(connectorRunRequests.id, id));
    if (!row) throw notFound("Connector");
    if (row.runId !== null || row.error !== null) {
      await deps.db.delete(connectorRunRequests).where(eq(connectorRunRequests.id, id));
      if (row.error !== null) throw new ApiError(503, "unavailable", `The worker could not run the connector: ${row.error}`);
      const [run] = await deps.db.select().from(connectorRuns).where(eq(connectorRuns.id, row.runId!));
      return toRun(run!);
    }
    if (row.leaseUntil === null && performance.now() > pickupBy) {
      const withdrawn = await deps.db
        .delete(connectorRunRequests)
        .where(and(eq(connectorRunRequests.id, id), isNull(connectorRunRequests.leaseUntil)))
        .returning({ id: connectorRunRequests.id });
      if (withdrawn.length > 0)
        throw new ApiError(
          503,
          "unavailable",
          `No worker process took the run within ${pickupSeconds} s: start one (GAUGE_ROLE=worker or all) and run it again`,
        );
    }
    await sleep(WAIT_STEP_MS);
  }
}

/** Claims waiting requests and carries each out, recording its run (or why it could not run) under the lease it claimed with. */
async function takeRequests(deps: Deps): Promise<number> {
  const token = randomUUID();
  const at = deps.now().toISOString();
  const claimed = await queryRows<{ id: number; connector_id: number; trigger: Asked["trigger"]; range_from: string | null; range_to: string | null }>(
    deps.db,
    sql`UPDATE connector_run_requests SET lease_until = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS}), lease_token = ${token}
        WHERE id IN (SELECT id FROM connector_run_requests
          WHERE run_id IS NULL AND error IS NULL AND (lease_until IS NULL OR lease_until < ${at}::timestamptz)
          ORDER BY id LIMIT 5 FOR UPDATE SKIP LOCKED)
        RETURNING id, connector_id, trigger, to_char(range_from, 'YYYY-MM-DD') AS range_from, to_char(range_to, 'YYYY-MM-DD') AS range_to`,
  );
  for (const request of claimed) {
    const mine = and(eq(connectorRunRequests.id, request.id), eq(connectorRunRequests.leaseToken, token));
    try {
      const [connector] = await deps.db.select().from(connectors).where(eq(connectors.id, request.connector_id));
      if (!connector) continue;
      const range = request.range_from && request.range_to ? { from: request.range_from, to: request.range_to } : undefined;
      const run = await runConnector(deps, connector, { trigger: request.trigger, range });
      await deps.db.update(connectorRunRequests).set({ runId: run.id }).where(mine);
    } catch (error) {
      await deps.db
        .update(connectorRunRequests)
        .set({ error: (error as Error).message || String(error) })
        .where(mine);
    }
  }
  return claimed.length;
}

/** Carries out the runs web processes ask for; started in every process that is not GAUGE_ROLE=web. */
export const startRunRequests = (deps: Deps, pollMs = 500) => startPolling("connector-requests", () => takeRequests(deps), pollMs);
