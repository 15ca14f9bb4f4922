import "server-only";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { ConnectorPreview, ConnectorRun } from "@/lib/contract/connectors";
import { connectorRunRequests, connectorRuns, connectors } from "@/lib/db/schema";
import { queryRows } from "@/lib/db/query";
import type { Ctx, Deps } from "../context";
import { ApiError, notFound } from "../errors";
import { startPolling } from "../polling";
import { runConnector, toRun } from "./runs";
import { personCtx, plan, previewOf, type StoredConnector } from "./engine";
import { QueryRefusal } from "./sources/sql-text";

// A web process (GAUGE_ROLE=web) serves only: a run, backfill or preview asked for there is
// written down for a worker, which claims it as the scheduler claims due connectors (FOR UPDATE
// SKIP LOCKED and a lease), carries it out and records what came of it; the web process waits for
// the record and answers it, so the API answers as it always has while sources are read and
// parsed where a slow database or a large workbook cannot hold up pages.

type Asked = { trigger: "manual" | "backfill"; range?: { from: string; to: string } };
type Request = typeof connectorRunRequests.$inferSelect;

const WAIT_STEP_MS = 100;
const LEASE_SECONDS = 300;

/** Writes the request down and waits until a worker has done it: its row; refused when no worker takes it within `pickupSeconds`. */
async function handedOff(deps: Deps, asked: typeof connectorRunRequests.$inferInsert, pickupSeconds: number, what: string): Promise<Request> {
  const [request] = await deps.db.insert(connectorRunRequests).values(asked).returning({ id: connectorRunRequests.id });
  const id = request!.id;
  const pickupBy = performance.now() + pickupSeconds * 1000;
  for (;;) {
    const [row] = await deps.db.select().from(connectorRunRequests).where(eq(connectorRunRequests.id, id));
    if (!row) throw notFound("Connector");
    if (row.runId !== null || row.preview !== null || row.error !== null) {
      await deps.db.delete(connectorRunRequests).where(eq(connectorRunRequests.id, id));
      return row;
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
          `No worker process took the ${what} within ${pickupSeconds} s: start one (GAUGE_ROLE=worker or all) and ${what === "run" ? "run it" : "try"} again`,
        );
    }
    await sleep(WAIT_STEP_MS);
  }
}

const workerFailed = (what: string, error: string) => new ApiError(503, "unavailable", `The worker could not ${what} the connector: ${error}`);

/** Hands the run to a worker and answers its run once recorded. */
export async function runInWorker(deps: Deps, connector: StoredConnector, asked: Asked, pickupSeconds: number): Promise<ConnectorRun> {
  const row = await handedOff(
    deps,
    { connectorId: connector.id, trigger: asked.trigger, rangeFrom: asked.range?.from, rangeTo: asked.range?.to, createdAt: deps.now() },
    pickupSeconds,
    "run",
  );
  if (row.error !== null) throw workerFailed("run", row.error);
  const [run] = await deps.db.select().from(connectorRuns).where(eq(connectorRuns.id, row.runId!));
  return toRun(run!);
}

/** Hands the preview ("Test connection") to a worker, with the caller's access, and answers it; a source's refusal stays a refusal. */
export async function previewInWorker(ctx: Ctx, connector: StoredConnector, pickupSeconds: number): Promise<ConnectorPreview> {
  const saved = connector.id !== 0;
  const row = await handedOff(
    ctx.deps,
    { connectorId: saved ? connector.id : null, draft: saved ? null : connector, askedBy: ctx.caller.userId, trigger: "preview", createdAt: ctx.deps.now() },
    pickupSeconds,
    "test",
  );
  if (row.refused) throw new QueryRefusal(row.error!);
  if (row.error !== null) throw workerFailed("test", row.error);
  return row.preview as ConnectorPreview;
}

/** A connector not yet saved, as the web process stored it (JSON keeps its dates as text). */
const revived = (draft: StoredConnector): StoredConnector => ({
  ...draft,
  createdAt: new Date(draft.createdAt),
  nextRunAt: draft.nextRunAt && new Date(draft.nextRunAt),
  leaseUntil: draft.leaseUntil && new Date(draft.leaseUntil),
});

/** Carries out one claimed request: what to record of it. */
async function carryOut(deps: Deps, request: Request): Promise<Partial<Request>> {
  const [stored] = request.connectorId === null ? [] : await deps.db.select().from(connectors).where(eq(connectors.id, request.connectorId));
  const connector = stored ?? (request.draft ? revived(request.draft as StoredConnector) : undefined);
  if (!connector) throw notFound("Connector");
  if (request.trigger === "preview") {
    const ctx = await personCtx(deps, request.askedBy!, "The person who asked for the test is no longer active");
    return { preview: await previewOf(ctx, connector, await plan(ctx, connector, {})) };
  }
  const range = request.rangeFrom && request.rangeTo ? { from: request.rangeFrom, to: request.rangeTo } : undefined;
  return { runId: (await runConnector(deps, connector, { trigger: request.trigger, range })).id };
}

/** Claims waiting requests and carries each out, recording what came of it under the lease it claimed with. */
async function takeRequests(deps: Deps): Promise<number> {
  const token = randomUUID();
  const at = deps.now().toISOString();
  const claimed = await queryRows<{ id: number }>(
    deps.db,
    sql`UPDATE connector_run_requests SET lease_until = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS}), lease_token = ${token}
        WHERE id IN (SELECT id FROM connector_run_requests
          WHERE run_id IS NULL AND preview IS NULL AND error IS NULL AND (lease_until IS NULL OR lease_until < ${at}::timestamptz)
          ORDER BY id LIMIT 5 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  for (const { id } of claimed) {
    const mine = and(eq(connectorRunRequests.id, id), eq(connectorRunRequests.leaseToken, token));
    const [request] = await deps.db.select().from(connectorRunRequests).where(mine);
    if (!request) continue;
    let outcome: Partial<Request>;
    try {
      outcome = await carryOut(deps, request);
    } catch (error) {
      const message = (error as Error).message || String(error);
      outcome = { error: message, refused: error instanceof QueryRefusal };
    }
    await deps.db.update(connectorRunRequests).set(outcome).where(mine);
  }
  return claimed.length;
}

/** Carries out the runs and previews web processes ask for; started in every process that is not GAUGE_ROLE=web. */
export const startRunRequests = (deps: Deps, pollMs = 500) => startPolling("connector-requests", () => takeRequests(deps), pollMs);
